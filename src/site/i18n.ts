/**
 * Languages of the storefront and their texts. Persian is the default and has no URL prefix; English
 * lives under /en and Russian under /ru, a stub whose missing texts fall back to English. Texts come
 * from locales/{fa,en,ru}.json through i18next, one instance per language, created once.
 */
import i18next, { type TFunction } from 'i18next';
import en from '../../locales/en.json';
import fa from '../../locales/fa.json';
import ru from '../../locales/ru.json';

import { DEFAULT_LOCALE, LOCALES, type Locale } from '../lib/locales';

export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../lib/locales';

export const direction = (locale: Locale): 'rtl' | 'ltr' => (locale === 'fa' ? 'rtl' : 'ltr');

/** The language the backend's content calls accept: it knows Persian and English only. */
export const contentLocale = (locale: Locale): 'fa' | 'en' => (locale === 'fa' ? 'fa' : 'en');

/** BCP 47 tags for hreflang and Intl. */
export const LANGUAGE_TAGS: Record<Locale, string> = { fa: 'fa-IR', en: 'en', ru: 'ru' };

const translators = new Map<Locale, TFunction>();

const WITH_VALUES_KEPT = 5000;

/** Options made only of interpolation values (no functions or nested objects, which a key could not tell apart). */
function hasOnlyValues(options: unknown): options is Record<string, string | number | boolean> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false;
  for (const v of Object.values(options)) if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return false;
  return true;
}

export function translator(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      // The Russian stub shows English wherever it has no text of its own.
      fallbackLng: { ru: ['en'], default: [] },
      resources: { fa: { translation: fa }, en: { translation: en }, ru: { translation: ru } },
      initAsync: false,
      // Our texts are inserted into HTML by Astro, which escapes them already.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => string;
    // A product page asks for the same few hundred plain texts every time, and i18next resolves each
    // call afresh (a tenth of a 100k-product build): texts without options are looked up once.
    const plain = new Map<string, string>();
    // Texts with values (a rating, a review count) come in few combinations, and resolving the
    // plural form and interpolating cost ~100 µs a call: remembered by key and values, up to a bound
    // (values unique to a page, like a part number, only pass through).
    const withValues = new Map<string, string>();
    t = ((...args: unknown[]) => {
      const [key, options] = args;
      if (typeof key !== 'string') return translate(...args);
      if (args.length === 1) {
        let text = plain.get(key);
        if (text === undefined) {
          text = translate(key);
          plain.set(key, text);
        }
        return text;
      }
      if (args.length !== 2 || !hasOnlyValues(options)) return translate(...args);
      const memoKey = `${key}\u0000${JSON.stringify(options)}`;
      let text = withValues.get(memoKey);
      if (text === undefined) {
        text = translate(key, options);
        if (withValues.size >= WITH_VALUES_KEPT) withValues.clear();
        withValues.set(memoKey, text);
      }
      return text;
    }) as unknown as TFunction;
    translators.set(locale, t);
  }
  return t;
}

/** Page path → the same page in `locale`: "/shop/catalog" → "/en/shop/catalog" (Persian gets no prefix). */
export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** Splits a URL path into its language and the language-free rest: "/en/shop" → ["en", "/shop"]. */
export function splitLocale(pathname: string): [Locale, string] {
  const match = /^\/(en|ru)(\/.*)?$/.exec(pathname);
  if (match) return [match[1] as Locale, match[2] || '/'];
  return [DEFAULT_LOCALE, pathname || '/'];
}

/** getStaticPaths params of the optional language segment ([...lang]): undefined is Persian. */
export const localeParams = (): { lang: string | undefined; locale: Locale }[] =>
  LOCALES.map((locale) => ({ lang: locale === DEFAULT_LOCALE ? undefined : locale, locale }));
