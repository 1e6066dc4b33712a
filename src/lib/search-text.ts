/**
 * How catalogue text and shoppers' queries are folded so they meet: one copy, used when products are
 * written (precomputed keys in the database) and when a query arrives. Pure functions.
 */
import { toAsciiDigits, toPersianLetters } from './persian';

/** Part number → key of upper-case ASCII letters and digits: "LM-358 n", "lm358N" → "LM358N". */
export function partNumberKey(text: string): string {
  return toAsciiDigits(toPersianLetters(text))
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

// Units written in Persian words or symbols are brought to one Latin spelling, so "۱۰ کیلو اهم",
// "10K" and "10kΩ" all read "10k ohm". Applied only right after a number, where they mean a unit.
const NUMBER_UNIT_RULES: [RegExp, string][] = [
  [/(\d)\s*(?:مگا\s*اهم|MΩ|Meg|Mohm)/g, '$1meg ohm '],
  [/(\d)\s*(?:کیلو\s*اهم|kΩ|KΩ|kohm)/gi, '$1k ohm '],
  [/(\d)\s*(?:مگاهرتز|مگا\s*هرتز)/g, '$1mhz '],
  [/(\d)\s*(?:کیلوهرتز|کیلو\s*هرتز)/g, '$1khz '],
  [/(\d)\s*(?:کیلوبایت)/g, '$1kb '],
  [/(\d)\s*(?:مگابایت)/g, '$1mb '],
  [/(\d)\s*کیلو/g, '$1k '],
  [/(\d)\s*مگا/g, '$1meg '],
  [/(\d)\s*(?:میکرو\s*فاراد|میکروفاراد|[µμ]F)/gi, '$1uf '],
  [/(\d)\s*(?:نانو\s*فاراد|نانوفاراد)/g, '$1nf '],
  [/(\d)\s*(?:پیکو\s*فاراد|پیکوفاراد)/g, '$1pf '],
  [/(\d)\s*(?:میکرو\s*هانری)/g, '$1uh '],
  [/(\d)\s*(?:میلی\s*آمپر)/g, '$1ma '],
  [/(\d)\s*(?:میلی\s*هانری)/g, '$1mh '],
  [/(\d)\s*میکرو/g, '$1u '],
  [/(\d)\s*نانو/g, '$1n '],
  [/(\d)\s*پیکو/g, '$1p '],
  [/(\d)\s*ولت/g, '$1v '],
  [/(\d)\s*آمپر/g, '$1a '],
  [/(\d)\s*وات/g, '$1w '],
  [/(\d)\s*اهم/g, '$1 ohm '],
  [/(\d)\s*Ω/g, '$1 ohm '],
];

/**
 * Folds text for matching: Persian letters, ASCII digits, lower case, no diacritics or tatweel,
 * ZWNJ joined ("آی‌سی" → "آیسی"), units canonical, punctuation to spaces, single spaces.
 * Decimal points and the separators inside part numbers survive as spaces, never as joins,
 * so "0.25" stays matchable as "0.25" (the dot is kept between digits).
 */
export function foldForSearch(text: string): string {
  let s = toAsciiDigits(toPersianLetters(text.normalize('NFKC')));
  s = s
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '') // harakat, superscript alef, tatweel
    .replace(/[أإٱ]/g, 'ا')
    .replace(/ؤ/g, 'و')
    .replace(/ۀ/g, 'ه')
    .replace(/ئ/g, 'ی')
    .replace(/\u200c|\u200d|\u200f|\u200e/g, '')
    .replace(/٫/g, '.')
    .replace(/٬/g, ',')
    .replace(/٪/g, '%');
  for (const [re, to] of NUMBER_UNIT_RULES) s = s.replace(re, to);
  s = s
    .toLowerCase()
    .replace(/µ|μ/g, 'u')
    // Keep "0.25", "1,5" (a decimal comma) and "1/4" as one number while other punctuation goes.
    .replace(/(\d)[.,](?=\d)/g, '$1\u0001')
    .replace(/(\d)\/(?=\d)/g, '$1\u0002')
    .replace(/[^\p{L}\p{N}\u0001\u0002%]+/gu, ' ')
    .replace(/\u0001/g, '.')
    .replace(/\u0002/g, '/')
    .replace(/\s+/g, ' ')
    .trim();
  return s;
}

/** The tokens of a query, each at least one character, without duplicates, in typed order. */
export function searchTokens(query: string): string[] {
  return foldedTokens(foldForSearch(query));
}

/** searchTokens of text already folded (foldForSearch), for a caller that needs the folded text as well. */
export function foldedTokens(folded: string): string[] {
  return [...new Set(folded.split(' ').filter(Boolean))];
}

// Standard Iranian (ISIRI 9147) keyboard: the Persian letter on each Latin key.
const LATIN_TO_PERSIAN_KEYS: Record<string, string> = {
  q: 'ض',
  w: 'ص',
  e: 'ث',
  r: 'ق',
  t: 'ف',
  y: 'غ',
  u: 'ع',
  i: 'ه',
  o: 'خ',
  p: 'ح',
  '[': 'ج',
  ']': 'چ',
  a: 'ش',
  s: 'س',
  d: 'ی',
  f: 'ب',
  g: 'ل',
  h: 'ا',
  j: 'ت',
  k: 'ن',
  l: 'م',
  ';': 'ک',
  "'": 'گ',
  z: 'ظ',
  x: 'ط',
  c: 'ز',
  v: 'ر',
  b: 'ذ',
  n: 'د',
  m: 'پ',
  ',': 'و',
  '\\': 'پ',
};
const PERSIAN_TO_LATIN_KEYS: Record<string, string> = Object.fromEntries(
  Object.entries(LATIN_TO_PERSIAN_KEYS)
    .filter(([k]) => k !== '\\')
    .map(([k, v]) => [v, k]),
);

/**
 * Re-reads text typed with the keyboard left in the Persian layout as the Latin keys pressed:
 * "مپ۳۵۸" → "lm358". Returns null when the text has no Persian letters to re-read.
 */
export function persianLayoutToLatin(text: string): string | null {
  const s = toAsciiDigits(toPersianLetters(text));
  if (!/[\u0600-\u06ff]/.test(s)) return null;
  let out = '';
  for (const ch of s) out += PERSIAN_TO_LATIN_KEYS[ch] ?? (/[\u0600-\u06ff]/.test(ch) ? '' : ch);
  return out;
}

/** The opposite slip: Persian words typed with the Latin layout ("lrhplj" → "مقاومت"). */
export function latinLayoutToPersian(text: string): string | null {
  const s = text.toLowerCase();
  if (!/^[a-z;',\[\]\\ ]+$/.test(s) || !/[a-z]/.test(s)) return null;
  let out = '';
  for (const ch of s) out += LATIN_TO_PERSIAN_KEYS[ch] ?? ch;
  return out;
}

/** Does the query look like a part number (letters and digits, no Persian words)? */
export function looksLikePartNumber(query: string): boolean {
  const key = partNumberKey(query);
  return key.length >= 3 && /\d/.test(key) && !/[\u0600-\u06ff]/.test(toPersianLetters(query).replace(/[\u06f0-\u06f9]/g, ''));
}

/** Inside search_text: after the head words, and between what names the product and what describes it. */
export const SEARCH_TEXT_HEAD_END = '^';
export const SEARCH_TEXT_DIVIDER = '|';
// The first words of a name are where a shop says what the thing is ("ماژول بلوتوث HC-05").
const HEAD_WORDS = 3;

/**
 * Everything about a product that a query may match, folded once and stored as `search_text`:
 * the head (first words of each name) and "^", what *names* it (part number, names), "|", then what
 * describes it (brand, package, categories, attribute values). Search ranks a word found in the head
 * above one found in the names, and that above one found only in the description.
 */
export function productSearchText(p: {
  partNumber: string;
  name: string;
  nameFa: string;
  brand?: string | null;
  package?: string | null;
  categoryNames?: string[];
  attributeValues?: string[];
  slug?: string;
}): string {
  const naming = [p.partNumber, partNumberKey(p.partNumber), p.name, p.nameFa].join(' ');
  const describing = [p.brand ?? '', p.package ?? '', ...(p.categoryNames ?? []), ...(p.attributeValues ?? [])].join(' ');
  // Words written with ZWNJ ("مولتی‌متر") are indexed joined and split, since shoppers type either
  // "مولتیمتر" or "مولتی متر".
  const withSplit = (text: string) =>
    foldForSearch([text, ...(text.match(/\S*\u200c\S*/g) ?? []).map((w) => w.replace(/\u200c/g, ' '))].join(' '));
  const head = [p.nameFa, p.name].map((n) => withSplit(n).split(' ').slice(0, HEAD_WORDS).join(' ')).join(' ');
  // Leading and trailing spaces let a query word be found at a word start as ' word'.
  return ` ${head} ${SEARCH_TEXT_HEAD_END} ${withSplit(naming)} ${SEARCH_TEXT_DIVIDER} ${withSplit(describing)} `;
}
