import { foldedTokens, foldForSearch, latinLayoutToPersian, partNumberKey, persianLayoutToLatin } from '../../../lib/search-text';

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

// Unit words that may stand apart from their number in a query ("کیلو ۱۰ مقاومت", "10 k").
const UNIT_WORDS: Record<string, string> = {
  کیلو: 'k',
  k: 'k',
  مگا: 'meg',
  meg: 'meg',
  میکرو: 'u',
  u: 'u',
  نانو: 'n',
  n: 'n',
  پیکو: 'p',
  p: 'p',
  ولت: 'v',
  v: 'v',
  آمپر: 'a',
  وات: 'w',
  w: 'w',
  میکروفاراد: 'uf',
  uf: 'uf',
  نانوفاراد: 'nf',
  nf: 'nf',
  پیکوفاراد: 'pf',
  pf: 'pf',
  مگاهرتز: 'mhz',
  mhz: 'mhz',
};

/** Joins one bare number and one lone unit word of a query into a value token: ["کیلو","10"] → ["10k"]. */
function joinValueAndUnit(tokens: string[]): string[] {
  const numbers = tokens.filter((t) => /^\d+(\.\d+)?$/.test(t));
  const units = tokens.filter((t) => t in UNIT_WORDS);
  if (numbers.length !== 1 || units.length !== 1) return tokens;
  const value = `${numbers[0]}${UNIT_WORDS[units[0]!]}`;
  return [value, ...tokens.filter((t) => t !== numbers[0] && t !== units[0])];
}

export function planSearch(raw: string, partOnly = false): SearchPlan | null {
  const text = raw.trim();
  // A listing without search text asks too: folding '' still runs every rule (a few % of a listing's CPU).
  if (!text) return null;
  // Folded once for both the tokens and the folded text: the folding is most of a plan's cost.
  const folded = foldForSearch(text);
  const tokens = joinValueAndUnit(foldedTokens(folded));
  if (!tokens.length) return null;
  // A query with Persian words is words, not a part number: "مقاومت ۱۰ کیلو" must not look up part "10".
  const hasPersianWords = /[\u0600-\u06ff]/.test(text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, ''));
  return { raw: text, folded, key: hasPersianWords ? '' : partNumberKey(text), tokens, partOnly };
}

/**
 * Other readings of a query that found nothing: text typed with the keyboard left in the wrong
 * layout ("مپ۳۵۸" is "lm358"; "lrh,lj" is "مقاومت").
 */
export function alternativePlans(plan: SearchPlan): SearchPlan[] {
  const out: SearchPlan[] = [];
  // Persian words typed apart that the catalogue writes as one ("مولتی متر" / "مولتیمتر").
  const joined = plan.raw.replace(/([\u0600-\u06ff])\s+(?=[\u0600-\u06ff])/g, '$1');
  for (const alt of [joined, persianLayoutToLatin(plan.raw), latinLayoutToPersian(plan.raw)]) {
    if (!alt || alt === plan.raw) continue;
    const p = planSearch(alt, plan.partOnly);
    if (p) out.push(p);
  }
  return out;
}
