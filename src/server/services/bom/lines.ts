/** Rows and the column map → BOM lines: what to look up, how many per board, and notes for the customer. */
import { toAsciiDigits, toPersianDigits, toPersianLetters } from '../../../lib/persian';
import type { ColumnMap } from './columns';
import { parseDesignators } from './designators';
import { parseQuantityCell } from './quantity-cell';
import type { Rows } from './text-rows';
import { parseHandLine } from '../../../lib/bom/hand-line';
import { specOfLine } from '../../../lib/bom/part-spec';
import { isHeaderWord } from './columns';

export interface BomLine {
  /** Row number in the customer's file (sheet row, text line), so they can find it. */
  lineNo: number;
  raw: string[];
  /** As written in the file: the part number, else the value, else the description. */
  partNumber: string;
  /** The manufacturer part number to look up; null for a value-only line ("10k", "100nF"). */
  mpn: string | null;
  /** Value, footprint and description cells, read for parametric matching. */
  value: string | null;
  footprint: string | null;
  description: string | null;
  /** The maker the line names. */
  maker: string | null;
  /** Per board. */
  quantity: number;
  designators: string | null;
  /** The customer's own reference for the line, carried to the cart and the order. */
  reference: string | null;
  notes: string[];
}

export interface SkippedRow {
  lineNo: number;
  reason: 'dnp' | 'formula' | 'no-part' | 'total' | 'note' | 'heading';
}

export const LINE_NOTES = {
  quantityFromDesignators: (n: number) => `تعداد از روی مرجع‌ها (${toPersianDigits(n)} عدد) شمرده شد.`,
  quantityAssumedOne: 'تعداد مشخص نبود؛ ۱ عدد در نظر گرفته شد.',
  quantityUnreadable: (cell: string) => `تعداد «${cell}» عدد صحیح نیست.`,
  quantityDiffers: (q: number, d: number) =>
    `تعداد ستون تعداد (${toPersianDigits(q)}) با شمار مرجع‌ها (${toPersianDigits(d)}) یکی نیست؛ ستون تعداد به کار رفت.`,
  fromValue: 'شماره قطعه نداشت؛ با مقدار و پکیج جست‌وجو شد.',
} as const;

const clean = (text: string | undefined) =>
  toAsciiDigits(toPersianLetters(text ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
// Spreadsheet formulas that reached a text file as text ("=HYPERLINK(...)", "=A1*2"): never a part number.
const isFormulaText = (text: string) => /^[=+@]\s*[A-Za-z(]/.test(text) || /^=/.test(text);
const NOT_DNP = new Set(['', '0', 'no', 'n', 'false', '-', 'خیر', 'fitted', 'fit']);

function quantityFor(qtyCell: string | null, designators: ReturnType<typeof parseDesignators>, notes: string[]): number {
  const fromColumn = qtyCell === null ? null : parseQuantityCell(qtyCell);
  if (fromColumn !== null) {
    if (designators && designators.count > 1 && designators.count !== fromColumn)
      notes.push(LINE_NOTES.quantityDiffers(fromColumn, designators.count));
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

// Rows that close a list or annotate it: "Total", "Subtotal", "Merchandise Total:", "جمع کل", "Approved:".
const TOTAL_WORDS = /^(sub\s*-?\s*total|total|grand total|merchandise total|sum|جمع|جمع کل|مجموع)(?=$|[\s:])|total\s*:?$/i;
const isTotalRow = (cells: string[]) => cells.some((c) => TOTAL_WORDS.test(c.trim()));
// "Approved:", "Notes: ...", "Revision: B": a label with a colon is a note, never a part.
const isNoteText = (text: string) => /^[^\d:]{2,30}:/.test(text) && !/^[A-Za-z]{1,4}\d/.test(text);

/** Lines of a file with columns (delimited text, spreadsheets). lineNos: each row's number in the file. */
export function linesFromColumns(rows: Rows, map: ColumnMap, lineNos?: number[]): { lines: BomLine[]; skipped: SkippedRow[] } {
  const lines: BomLine[] = [];
  const skipped: SkippedRow[] = [];
  const start = map.headerRow === null ? 0 : map.headerRow + 1;
  const at = (row: string[], col: number | null) => (col === null ? null : clean(row[col]) || null);
  for (let r = start; r < rows.length; r++) {
    const row = rows[r]!;
    const lineNo = lineNos?.[r] ?? r + 1;
    const part = at(row, map.part) ?? '';
    const value = at(row, map.value);
    if (isFormulaText(part) || (!part && value && isFormulaText(value))) {
      skipped.push({ lineNo, reason: 'formula' });
      continue;
    }
    if (map.dnp !== null && !NOT_DNP.has((at(row, map.dnp) ?? '').toLowerCase())) {
      skipped.push({ lineNo, reason: 'dnp' });
      continue;
    }
    const designatorText = at(row, map.designators);
    const qtyCell = at(row, map.quantity);
    const description = at(row, map.description);
    const footprint = at(row, map.footprint);
    const label = part || value || '';
    if ((!label || TOTAL_WORDS.test(label)) && isTotalRow(row.map((c) => clean(c)))) {
      skipped.push({ lineNo, reason: 'total' });
      continue;
    }
    if (label && isNoteText(label) && !(designatorText && parseDesignators(designatorText))) {
      skipped.push({ lineNo, reason: 'note' });
      continue;
    }
    // A row with places or a count but neither part number nor value is still a part of the board
    // ("PIN HEADER" with an empty value): shown unmatched rather than dropped.
    const partNumber = part || value || (designatorText || qtyCell ? description || footprint || '' : '');
    if (!partNumber) {
      if (row.some((c) => c.trim() !== '')) skipped.push({ lineNo, reason: 'no-part' });
      continue;
    }
    const notes: string[] = [];
    const designators = designatorText ? parseDesignators(designatorText.replace(/[,;\s]+$/, '')) : null;
    const quantity = quantityFor(qtyCell, designators, notes);
    lines.push({
      lineNo,
      raw: row,
      partNumber,
      mpn: part || null,
      value,
      footprint,
      description,
      maker: at(row, map.maker),
      quantity,
      designators: designatorText?.replace(/[,;\s]+$/, '') || null,
      reference: at(row, map.reference),
      notes,
    });
  }
  return { lines, skipped };
}

/**
 * Lines of a text typed by hand, one part per line ("LM358 x10", "2x AMS1117-3.3", "LM358P 2 U1 U2"):
 * places on the board are taken out first, then the count and the part are read from what remains.
 */
export function linesFromText(rows: Rows, lineNos?: number[]): { lines: BomLine[]; skipped: SkippedRow[] } {
  const lines: BomLine[] = [];
  const skipped: SkippedRow[] = [];
  rows.forEach((row, r) => {
    const lineNo = lineNos?.[r] ?? r + 1;
    const text = clean(row.join(' '));
    if (!text) return;
    if (isFormulaText(text)) {
      skipped.push({ lineNo, reason: 'formula' });
      return;
    }
    const words = text.split(' ');
    // Places after the first word ("U1 U2", "D1-D4"); "x10" is a count, not the crystal X10.
    const places = words.slice(1).filter((w) => !/^x\d+$/i.test(w) && parseDesignators(w.replace(/[,;]+$/, '')) !== null);
    const rest = [words[0]!, ...words.slice(1).filter((w) => !places.includes(w))].join(' ');
    if (words.every((w) => isHeaderWord(w))) {
      skipped.push({ lineNo, reason: 'heading' });
      return;
    }
    const read = parseHandLine(rest);
    if (read.kind !== 'part') {
      if (read.kind === 'heading') skipped.push({ lineNo, reason: 'heading' });
      return;
    }
    const designatorText = places.length ? places.map((p) => p.replace(/[,;]+$/, '')).join(' ') : null;
    const notes: string[] = [];
    const quantity = quantityFor(
      read.quantity === null ? null : String(read.quantity),
      designatorText ? parseDesignators(designatorText) : null,
      notes,
    );
    // A value typed by hand ("10k 0805", "100nF 0603") is read parametrically; anything else is a part number.
    const isValue = specOfLine({ value: read.part }) !== null;
    lines.push({
      lineNo,
      raw: row,
      partNumber: read.part,
      mpn: isValue ? null : read.part,
      value: isValue ? read.part : null,
      footprint: null,
      description: null,
      maker: null,
      quantity,
      designators: designatorText,
      reference: null,
      notes,
    });
  });
  return { lines, skipped };
}
