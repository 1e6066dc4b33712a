/**
 * The islands' view of the page language. Kept apart from src/site/i18n.ts on purpose: that module
 * loads i18next and every locale file, which must not reach the browser.
 */
import type { Locale } from '~/lib/locales';

export type { Locale };

/** "/shop/catalog" in `locale`: Persian has no prefix. */
export function pathIn(locale: Locale, path: string): string {
  if (locale === 'fa') return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The page path without its language prefix. */
export const withoutLocale = (pathname: string): string => pathname.replace(/^\/(en|ru)(?=\/|$)/, '') || '/';

export const productPath = (locale: Locale, slug: string): string => pathIn(locale, `/shop/products/${slug}`);
export const catalogPath = (locale: Locale, slug: string | null): string =>
  pathIn(locale, slug ? `/shop/catalog/${slug}` : '/shop/catalog');
