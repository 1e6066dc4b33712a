/**
 * What the Pagefind fallback search needs of a product, taken from the product's data while its
 * page renders (src/site/data.ts → build-record.ts) instead of parsing 200k HTML files afterwards:
 * the page address, its title and build-time price in Persian and English, the picture, and the
 * folded search text the query is folded to match (src/site/pagefind-text.ts, which the page writes too). Kept beside the site
 * (.qateh-search.json) so an incremental rebuild can re-index without reading every product again.
 */
import type { Product } from '../api/schemas/catalogue';
import { formatPrice } from '../site/format';
import { productSearchText } from '../site/pagefind-text';
import { productName, productUrl } from '../site/view';

/** The languages a record carries titles and prices in (Russian pages show the English ones). */
export type SearchLocale = 'fa' | 'en';

export interface SearchRecord {
  /** Folded text of what a shopper types to find a part: part number, names, brand, package. */
  text: string;
  image?: string;
  title: Record<SearchLocale, string>;
  price: Record<SearchLocale, string>;
}

/** The record of a product; `text` is its folded search text when the page has already folded it. */
export function searchRecordOf(p: Product, text = productSearchText(p)): SearchRecord {
  const image = p.images[0]?.src;
  return {
    text,
    ...(image ? { image } : {}),
    title: { fa: productName(p, 'fa'), en: productName(p, 'en') },
    price: { fa: formatPrice(p.price, 'fa'), en: formatPrice(p.price, 'en') },
  };
}

/**
 * The language Pagefind files every record under. One record serves every language's page of a
 * product (the folded text already holds the Persian and English names), which halves the
 * indexer's work against a record per language; Pagefind answers a page whose language has no
 * index of its own from its largest one, so Persian and Russian pages search this one too. English
 * for its stemmer ("resistors" finds "resistor"); Persian words pass through it unchanged.
 */
export const SEARCH_INDEX_LANGUAGE = 'en';

/** The Pagefind record of a product; the search island reads its title, price and address in the page's language from the meta. */
export function pagefindRecord(slug: string, r: SearchRecord) {
  return {
    url: productUrl('fa', slug),
    language: SEARCH_INDEX_LANGUAGE,
    // The folded text already holds both names (as a folded query types them).
    content: r.text,
    meta: {
      slug,
      title: r.title.en,
      title_fa: r.title.fa,
      price: r.price.en,
      price_fa: r.price.fa,
      ...(r.image ? { image: r.image } : {}),
    },
  };
}
