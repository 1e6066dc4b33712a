/**
 * What the Pagefind fallback search needs of a product, taken from the product's data while its
 * page renders (src/site/data.ts → build-record.ts) instead of parsing 200k HTML files afterwards:
 * the page address, its title and build-time price in Persian and English, the picture, and the
 * folded search text (src/lib/pagefind-query.ts) the query is folded to match. Kept beside the site
 * (.qateh-search.json) so an incremental rebuild can re-index without reading every product again.
 */
import type { Product } from '../api/schemas/catalogue';
import { pagefindSearchField } from '../lib/pagefind-query';
import { formatPrice } from '../site/format';
import { productName, productUrl } from '../site/view';

export const SEARCH_LOCALES = ['fa', 'en'] as const;
export type SearchLocale = (typeof SEARCH_LOCALES)[number];

export interface SearchRecord {
  /** Folded text of everything a shopper may type: part number, names, brand, package, descriptions. */
  text: string;
  image?: string;
  title: Record<SearchLocale, string>;
  price: Record<SearchLocale, string>;
}

export function searchRecordOf(p: Product): SearchRecord {
  const image = p.images[0]?.src;
  return {
    text: pagefindSearchField([p.partNumber, p.name, p.nameFa, p.brand?.name, p.brand?.nameFa, p.package, p.description, p.descriptionFa]),
    ...(image ? { image } : {}),
    title: { fa: productName(p, 'fa'), en: productName(p, 'en') },
    price: { fa: formatPrice(p.price, 'fa'), en: formatPrice(p.price, 'en') },
  };
}

/** The record Pagefind indexes for one language's page of a product. */
export function pagefindRecord(slug: string, r: SearchRecord, locale: SearchLocale) {
  return {
    url: productUrl(locale, slug),
    language: locale,
    content: `${r.title[locale]} ${r.text}`,
    meta: { title: r.title[locale], price: r.price[locale], ...(r.image ? { image: r.image } : {}) },
  };
}
