/**
 * Small view helpers shared by the static pages: which name to show in which language, page URLs
 * of catalogue things, and how a part number sits inside Persian text.
 */
import type { CategoryRef, ProductCard } from '../api/schemas/catalogue';
import { localePath, type Locale } from './i18n';

export const categoryName = (c: Pick<CategoryRef, 'name' | 'nameFa'>, locale: Locale): string =>
  locale === 'fa' ? c.nameFa : c.name;

/** Persian pages show the display name (spec §3); others the English name. */
export const productName = (p: Pick<ProductCard, 'displayName' | 'name'>, locale: Locale): string =>
  locale === 'fa' ? p.displayName : p.name;

export const productUrl = (locale: Locale, slug: string): string => localePath(locale, `/shop/products/${slug}`);
export const categoryUrl = (locale: Locale, slug: string | null): string =>
  localePath(locale, slug ? `/shop/catalog/${slug}` : '/shop/catalog');

/** Listing URL of page `page`: page 1 is never written into the URL (spec §9). */
export const listingPageUrl = (base: string, page: number): string => (page <= 1 ? base : `${base}?page=${page}`);

export interface TextPart {
  text: string;
  /** A part number: shown left-to-right inside right-to-left text. */
  ltr: boolean;
}

/** Cuts `text` around every occurrence of the part number (case-insensitive) so it can be wrapped in dir="ltr". */
export function splitPartNumber(text: string, partNumber: string): TextPart[] {
  if (!partNumber) return [{ text, ltr: false }];
  const parts: TextPart[] = [];
  const lower = text.toLowerCase();
  const needle = partNumber.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, at)) {
    if (i > at) parts.push({ text: text.slice(at, i), ltr: false });
    parts.push({ text: text.slice(i, i + needle.length), ltr: true });
    at = i + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), ltr: false });
  return parts;
}
