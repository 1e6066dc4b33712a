/** Rows and the column map → BOM lines: what to look up, how many per board, and notes for the customer. */
import { toAsciiDigits, toPersianDigits, toPersianLetters } from '../../../lib/persian';
import type { ColumnMap } from './columns';
import { parseDesignators } from './designators';
import { parseQuantityCell } from './quantity-cell';
import type { Rows } from './text-rows';

export interface BomLine {
  /** Row number in the file, counting from 1, so the customer can find it. */
  lineNo: number;
  raw: string[];
  /** As written in the file (part number, or the value when there is no part-number column). */
  partNumber: string;
  /** What the catalogue is searched for: the part number, or value plus package for value-only lines. */
  query: string;
  /** Per board. */
  quantity: number;
  designators: string | null;
  notes: string[];
}

export interface SkippedRow {
  lineNo: number;
  reason: 'dnp' | 'formula' | 'no-part';
}

export const LINE_NOTES = {
  quantityFromDesignators: (n: number) => `تعداد از روی مرجع‌ها (${toPersianDigits(n)} عدد) شمرده شد.`,
  quantityAssumedOne: 'تعداد مشخص نبود؛ ۱ عدد در نظر گرفته شد.',
  quantityUnreadable: (cell: string) => `تعداد «${cell}» عدد صحیح نیست.`,
  quantityDiffers: (q: number, d: number) => `تعداد ستون تعداد (${toPersianDigits(q)}) با شمار مرجع‌ها (${toPersianDigits(d)}) یکی نیست؛ ستون تعداد به کار رفت.`,
  fromValue: 'شماره قطعه نداشت؛ با مقدار و پکیج جست‌وجو شد.',
} as const;

// Package sizes and outlines inside KiCad footprint names ("R_0805_2012Metric", "Package_SO:SOIC-8_3.9x4.9mm").
// Underscores separate the parts of a footprint name, so boundaries are "not a letter or digit", not \b.
const PACKAGE = /(?:^|[^A-Za-z0-9])(01005|0201|0402|0603|0805|1206|1210|1812|2010|2512|SOT-?23(?:-\d)?|SOT-?223|SOIC-?\d+|SOP-?\d+|TSSOP-?\d+|DIP-?\d+|TO-?220|TO-?92|TO-?252|SOD-?\d+|SMA|SMB|SMC|QFN-?\d+|TQFP-?\d+|LQFP-?\d+)(?=[^A-Za-z0-9]|$)/i;

export const packageOf = (footprint: string): string | null => {
  const m = PACKAGE.exec(footprint);
  return m ? m[1]!.toUpperCase() : null;
};

const clean = (text: string | undefined) => toAsciiDigits(toPersianLetters(text ?? '')).replace(/\s+/g, ' ').trim();
// Spreadsheet formulas that reached a text file as text ("=HYPERLINK(...)", "=A1*2"): never a part number.
const isFormulaText = (text: string) => /^[=+@]\s*[A-Za-z(]/.test(text) || /^=/.test(text);
const NOT_DNP = new Set(['', '0', 'no', 'n', 'false', '-', 'خیر', 'fitted', 'fit']);

function quantityFor(qtyCell: string | null, designators: ReturnType<typeof parseDesignators>, notes: string[]): number {
  const fromColumn = qtyCell === null ? null : parseQuantityCell(qtyCell);
  if (fromColumn !== null) {
    if (designators && designators.count > 1 && designators.count !== fromColumn) notes.push(LINE_NOTES.quantityDiffers(fromColumn, designators.count));
    return fromColumn;
  }
  if (qtyCell) notes.push(LINE_NOTES.quantityUnreadable(qtyCell));
  if (designators) {
    notes.push(LINE_NOTES.quantityFromDesignators(designators.count));
    return designators.count;
  }
  notes.push(LINE_NOTES.quantityAssumedOne);
  return 1;
}

/** Lines of a file with columns (delimited text, spreadsheets). */
export function linesFromColumns(rows: Rows, map: ColumnMap): { lines: BomLine[]; skipped: SkippedRow[] } {
  const lines: BomLine[] = [];
  const skipped: SkippedRow[] = [];
  const start = map.headerRow === null ? 0 : map.headerRow + 1;
  const at = (row: string[], col: number | null) => (col === null ? null : clean(row[col]));
  for (let r = start; r < rows.length; r++) {
    const row = rows[r]!;
    const lineNo = r + 1;
    const part = at(row, map.part) ?? '';
    const value = at(row, map.value) ?? '';
    if (isFormulaText(part) || (!part && isFormulaText(value))) { skipped.push({ lineNo, reason: 'formula' }); continue; }
    if (map.dnp !== null && !NOT_DNP.has((at(row, map.dnp) ?? '').toLowerCase())) { skipped.push({ lineNo, reason: 'dnp' }); continue; }
    const notes: string[] = [];
    let partNumber = part;
    let query = part;
    if (!partNumber && value) {
      partNumber = value;
      const pkg = map.footprint === null ? null : packageOf(at(row, map.footprint) ?? '');
      query = pkg ? `${value} ${pkg}` : value;
      if (map.part !== null || pkg) notes.push(LINE_NOTES.fromValue);
    }
    if (!partNumber) {
      if (row.some((c) => c.trim() !== '')) skipped.push({ lineNo, reason: 'no-part' });
      continue;
    }
    const designatorText = at(row, map.designators) || null;
    const designators = designatorText ? parseDesignators(designatorText) : null;
    const quantity = quantityFor(at(row, map.quantity) || null, designators, notes);
    lines.push({ lineNo, raw: row, partNumber, query, quantity, designators: designatorText, notes });
  }
  return { lines, skipped };
}

/**
 * Lines of a headerless text whose columns are separated by spaces ("LM358N 10 U1 U2"): each row is read
 * on its own — the first token that is neither a count nor a designator is the part, a whole number the
 * quantity, designator tokens the places.
 */
export function linesFromWords(rows: Rows): { lines: BomLine[]; skipped: SkippedRow[] } {
  const lines: BomLine[] = [];
  const skipped: SkippedRow[] = [];
  rows.forEach((row, r) => {
    const lineNo = r + 1;
    const words = row.map((w) => clean(w)).filter(Boolean);
    let part = '';
    let qtyCell: string | null = null;
    const places: string[] = [];
    for (const w of words) {
      const bare = w.replace(/[,;]+$/, '');
      // Prose (a note, a title) has no Latin letters or digits; a part number always does.
      if (!part && /[A-Za-z0-9]/.test(bare) && !parseDesignators(bare) && !/^\d+$/.test(bare) && !isFormulaText(bare)) part = bare;
      else if (qtyCell === null && /^\d+$/.test(bare)) qtyCell = bare;
      else if (parseDesignators(bare)) places.push(bare);
    }
    if (!part) {
      if (words.length) skipped.push({ lineNo, reason: words.some(isFormulaText) ? 'formula' : 'no-part' });
      return;
    }
    const designatorText = places.length ? places.join(' ') : null;
    const notes: string[] = [];
    const quantity = quantityFor(qtyCell, designatorText ? parseDesignators(designatorText) : null, notes);
    lines.push({ lineNo, raw: row, partNumber: part, query: part, quantity, designators: designatorText, notes });
  });
  return { lines, skipped };
}
