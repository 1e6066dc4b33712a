/**
 * Text that goes back to a customer as a spreadsheet (parts-list exports, mails): a cell that starts
 * with = + - @ (or a tab or carriage return, which some programs skip before looking) would be run as a
 * formula when the file is opened — "=HYPERLINK(...)" from a hostile part name. Such a cell is written
 * with a leading apostrophe, which spreadsheet programs read as "this is text" and do not show. Pure.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** One CSV cell: neutralised, then quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseCell(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows → CSV text with a UTF-8 byte-order mark, so Excel opens Persian text correctly. */
export const toCsv = (rows: (string | number | null)[][]): string => `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
