/**
 * URL-safe slugs for names that arrive without one (brands, attribute names and values).
 * Latin text becomes lowercase ASCII words joined by "-"; Persian letters are kept (folded to ی/ک)
 * so a Persian-only value still gets a readable, stable slug. A decimal point between digits
 * survives ("0.25W" → "0.25w") so 0.25 and 25 never share a slug.
 */
import { toAsciiDigits, toPersianLetters } from './persian';

export function slugify(text: string): string {
  const s = toAsciiDigits(toPersianLetters(text.normalize('NFKC')))
    .toLowerCase()
    .replace(/[µμ]/g, 'u')
    .replace(/Ω/g, 'ohm')
    .replace(/°/g, 'deg')
    .replace(/\+/g, '-plus-')
    .replace(/(\d)\.(?=\d)/g, '$1\u0001')
    .replace(/[^\p{L}\p{N}\u0001]+/gu, '-')
    .replace(/\u0001/g, '.')
    .replace(/^-+|-+$/g, '');
  return s || 'x';
}
