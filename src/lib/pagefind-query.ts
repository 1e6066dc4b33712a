/**
 * Pagefind does not fold Arabic ي/ك into Persian ی/ک, Persian digits into ASCII, nor joined and
 * split ZWNJ words into one. Product pages therefore carry a hidden field with their text folded by
 * foldForSearch (the same folding the API search uses), and a query must be folded the same way
 * before it is handed to Pagefind: `pagefind.search(pagefindQuery(text))`.
 */
import { foldForSearch } from './search-text';

/** The query as Pagefind must see it to match the folded field: "آي‌سي ۳۵۸" → "آیسی 358". */
export const pagefindQuery = (text: string): string => foldForSearch(text);

/** Text for the hidden indexed field of a product page: what a shopper types to find the part, folded. */
export function pagefindSearchField(parts: (string | null | undefined)[]): string {
  return foldForSearch(parts.filter(Boolean).join(' '));
}
