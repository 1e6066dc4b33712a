/** A decoded text BOM → rows of cells, with the row cap applied while reading. */
import { parse } from 'csv-parse/sync';
import { BomFileError } from './bom-errors';
import { persianCell } from './persian-cell';
import { sniffDelimiter, type Delimiter } from './delimiter';
import { BOM_LIMITS } from './limits';

export type Rows = string[][];

const clip = (cells: string[]) =>
  cells.slice(0, BOM_LIMITS.maxColumns).map((c) => persianCell(c.length > BOM_LIMITS.maxCellChars ? c.slice(0, BOM_LIMITS.maxCellChars) : c).trim());

/** Lines whose columns are separated by spaces (a hand-written .txt): "LM358N 10 U1 U2". */
function whitespaceRows(text: string, maxRows: number): Rows {
  const rows: Rows = [];
  for (const line of text.split(/\r\n|\n|\r/)) {
    if (!line.trim()) continue;
    if (rows.length >= maxRows) throw new BomFileError('tooManyRows');
    rows.push(clip(line.trim().split(/\s+/)));
  }
  return rows;
}

export function textRows(text: string, maxRows: number = BOM_LIMITS.maxRows): { rows: Rows; delimiter: Delimiter | null } {
  const delimiter = sniffDelimiter(text);
  if (!delimiter) return { rows: whitespaceRows(text, maxRows), delimiter };
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // One record past the cap is enough to know the file is too long; the rest is never parsed.
      to: maxRows + 1,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch {
    throw new BomFileError('binary');
  }
  if (records.length > maxRows) throw new BomFileError('tooManyRows');
  return { rows: records.map(clip), delimiter };
}
