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

/** A run of Latin letters and digits (with the joiners part numbers and packages use) holding a letter. */
const LATIN_RUN = /[A-Za-z0-9µΩ](?:[A-Za-z0-9µΩ\-_./+#]*[A-Za-z0-9µΩ)])?/g;

function splitLatinRuns(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(LATIN_RUN)) {
    if (!/[A-Za-z]/.test(m[0])) continue;
    if (m.index > at) parts.push({ text: text.slice(at, m.index), ltr: false });
    parts.push({ text: m[0], ltr: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), ltr: false });
  return parts;
}

/**
 * Cuts right-to-left text so its part number (matched case-insensitively, spaces and all) and every
 * other Latin run ("DIP-8", "STMicroelectronics") can be wrapped in dir="ltr" and keep their order.
 */
export function splitPartNumber(text: string, partNumber: string): TextPart[] {
  const pieces: TextPart[] = [];
  const lower = text.toLowerCase();
  const needle = partNumber.toLowerCase();
  let at = 0;
  if (needle) {
    for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, at)) {
      if (i > at) pieces.push({ text: text.slice(at, i), ltr: false });
      pieces.push({ text: text.slice(i, i + needle.length), ltr: true });
      at = i + needle.length;
    }
  }
  if (at < text.length) pieces.push({ text: text.slice(at), ltr: false });
  return pieces.flatMap((p) => (p.ltr ? [p] : splitLatinRuns(p.text)));
}
