/** Sheets of a file → BOM lines, choosing the sheet and how to read it. */
import { BomFileError } from './bom-errors';
import { detectColumns, type ColumnMap } from './columns';
import { linesFromColumns, linesFromText, type BomLine, type SkippedRow } from './lines';
import type { FileRows } from './read-rows';
import type { SheetRows } from './workbook-rows';

export interface InterpretedBom {
  sheetName: string | null;
  /** Every sheet's name, for the customer to pick another. */
  sheetNames: (string | null)[];
  columns: ColumnMap | null;
  /** The header row's cells, when there is one: what the customer sees in the column-mapping step. */
  headers: string[] | null;
  lines: BomLine[];
  skipped: SkippedRow[];
}

function interpretSheet(sheet: SheetRows, textMode: boolean, columns?: ColumnMap): Omit<InterpretedBom, 'sheetName' | 'sheetNames'> {
  const map = columns ?? detectColumns(sheet.rows);
  // Text without a separator or a header: a list typed by hand, read line by line.
  if (textMode && map.headerRow === null && !columns) return { columns: null, headers: null, ...linesFromText(sheet.rows, sheet.lineNos) };
  const headers = map.headerRow === null ? null : (sheet.rows[map.headerRow] ?? null);
  return { columns: map, headers, ...linesFromColumns(sheet.rows, map, sheet.lineNos) };
}

export interface ReadChoice {
  /** The sheet to read (by name); the best one when not given. */
  sheetName?: string | null;
  /** Columns chosen by the customer instead of the recognised ones. */
  columns?: ColumnMap;
}

/**
 * The sheet that reads best as a parts list (a workbook may open with a cover or notes sheet): one with
 * a recognised header first, then the one with most lines.
 */
export function interpretRows(file: Pick<FileRows, 'sheets' | 'kind' | 'delimiter'>, choice: ReadChoice = {}): InterpretedBom {
  if (!file.sheets.length) throw new BomFileError('empty');
  const textMode = file.kind === 'text' && file.delimiter === null;
  const sheetNames = file.sheets.map((s) => s.name);
  const candidates = choice.sheetName !== undefined ? file.sheets.filter((s) => s.name === choice.sheetName) : file.sheets;
  let best: InterpretedBom | null = null;
  for (const sheet of candidates) {
    const result = interpretSheet(sheet, textMode, choice.columns);
    if (!result.lines.length) continue;
    const better =
      !best ||
      (result.headers !== null && best.headers === null) ||
      ((result.headers !== null) === (best.headers !== null) && result.lines.length > best.lines.length);
    if (better) best = { sheetName: sheet.name, sheetNames, ...result };
  }
  if (!best) throw new BomFileError('noParts');
  return best;
}
