import {
  foldForSearch, latinLayoutToPersian, partNumberKey, persianLayoutToLatin, searchTokens,
} from '../../../lib/search-text';

/** What the database is asked for one typed query. */
export interface SearchPlan {
  /** The text as the shopper typed it (trimmed). */
  raw: string;
  folded: string;
  /** Upper-case letters and digits only: compared with products.pn_key. */
  key: string;
  /** Folded words; every one must start a word of the product's search text. */
  tokens: string[];
  /** Only part numbers are searched (header "part" mode). */
  partOnly: boolean;
}

// Shorter keys match too much to be worth a family or fuzzy lookup ("R" would be every resistor).
export const MIN_FAMILY_KEY = 2;
export const MIN_FUZZY_KEY = 4;

export function planSearch(raw: string, partOnly = false): SearchPlan | null {
  const text = raw.trim();
  const tokens = searchTokens(text);
  if (!tokens.length) return null;
  return { raw: text, folded: foldForSearch(text), key: partNumberKey(text), tokens, partOnly };
}

/**
 * Other readings of a query that found nothing: text typed with the keyboard left in the wrong
 * layout ("مپ۳۵۸" is "lm358"; "lrh,lj" is "مقاومت").
 */
export function alternativePlans(plan: SearchPlan): SearchPlan[] {
  const out: SearchPlan[] = [];
  for (const alt of [persianLayoutToLatin(plan.raw), latinLayoutToPersian(plan.raw)]) {
    if (!alt || alt === plan.raw) continue;
    const p = planSearch(alt, plan.partOnly);
    if (p) out.push(p);
  }
  return out;
}
