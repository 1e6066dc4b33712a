/** A decoded text BOM → rows of cells, with the row cap applied while reading. */
import { parse } from 'csv-parse/sync';
import { BomFileError } from './bom-errors';
import { persianCell } from './persian-cell';
import { sniffDelimiter, type Delimiter } from './delimiter';
import { BOM_LIMITS } from '../../../lib/bom/upload-limits';

export type Rows = string[][];

const clip = (cells: string[]) =>
  cells
    .slice(0, BOM_LIMITS.maxColumns)
    .map((c) => persianCell(c.length > BOM_LIMITS.maxCellChars ? c.slice(0, BOM_LIMITS.maxCellChars) : c).trim());

/**
 * Lines of a text without a column separator (a list typed by hand: "LM358 x10", "2x AMS1117-3.3"):
 * each line one cell, read later as a whole.
 */
function lineRows(text: string, maxRows: number): { rows: Rows; lineNos: number[] } {
  const rows: Rows = [];
  const lineNos: number[] = [];
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    if (!line.trim()) return;
    if (rows.length >= maxRows) throw new BomFileError('tooManyRows');
    rows.push(clip([line.trim()]));
    lineNos.push(i + 1);
  });
  return { rows, lineNos };
}

export interface TextRows {
  rows: Rows;
  /** The file's line number of each row (empty lines are not rows), so the customer can find it. */
  lineNos: number[];
  delimiter: Delimiter | null;
}

export function textRows(text: string, maxRows: number = BOM_LIMITS.maxRows): TextRows {
  const delimiter = sniffDelimiter(text);
  if (!delimiter) return { ...lineRows(text, maxRows), delimiter };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      delimiter,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // One record past the cap is enough to know the file is too long; the rest is never parsed.
      to: maxRows + 1,
      max_record_size: 64 * 1024,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new BomFileError('binary');
  }
  if (records.length > maxRows) throw new BomFileError('tooManyRows');
  // The parser reports the line a record ends on; a quoted cell may hold line breaks.
  const startLine = (r: { record: string[]; info: { lines: number } }) =>
    r.info.lines - r.record.reduce((n, cell) => n + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
  return { rows: records.map((r) => clip(r.record)), lineNos: records.map(startLine), delimiter };
}
