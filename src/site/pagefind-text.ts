/**
 * The folded search text of a product (src/lib/pagefind-query.ts folds queries the same way): the
 * product page's hidden search field, and the content of the product's Pagefind record the build
 * indexes (src/build/search-records.ts).
 */
import type { Product } from '../api/schemas/catalogue';
import { pagefindSearchField } from '../lib/pagefind-query';

// Folding is per product, not per page: the Persian and English pages and the record share it.
const folded = new WeakMap<Product, string>();

export function productSearchText(p: Product): string {
  let text = folded.get(p);
  if (text === undefined) {
    // The essentials a shopper types (the issue asks the index to stay small): descriptions would
    // double what the indexer reads and add words no one searches a part by.
    text = pagefindSearchField([p.partNumber, p.name, p.nameFa, p.brand?.name, p.brand?.nameFa, p.package]);
    folded.set(p, text);
  }
  return text;
}
