/** A quantity cell as people write it: "10", "۱۰", "1,000", "10 pcs", "۱۰ عدد", "10.0". */
import { toAsciiDigits } from '../../../lib/persian';

const UNIT_WORDS = /\s*(pcs?|pieces?|ea|each|x|عدد|تا|قطعه|دانه|pc\.)\s*$/i;

/** A whole positive number, or null when the cell is not one (empty, text, 2.5, negative, zero). */
export function parseQuantityCell(text: string): number | null {
  let s = toAsciiDigits(text).replace(/[٬،]/g, ',').replace(/٫/g, '.').trim();
  if (!s) return null;
  s = s.replace(UNIT_WORDS, '').replace(/^x\s*/i, '').trim();
  // Thousands separators ("1,000", "1 000"); a comma followed by other than three digits is not one.
  if (/^\d{1,3}([, ]\d{3})+$/.test(s)) s = s.replace(/[, ]/g, '');
  if (!/^\d+(\.0+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
