/**
 * The shop's languages, in one place: Persian is the default (no URL prefix), English lives under /en,
 * Russian under /ru and reads the English content and texts where it has none of its own.
 */
export const LOCALES = ['fa', 'en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fa';

/** Languages with their own stored content (store pages, posts, mails, notification settings). */
export const CONTENT_LOCALES = ['fa', 'en'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);
