/** Sheets of a file → BOM lines, choosing the sheet and how to read it. */
import { BomFileError } from './bom-errors';
import { detectColumns, type ColumnMap } from './columns';
import { linesFromColumns, linesFromWords, type BomLine, type SkippedRow } from './lines';
import type { FileRows } from './read-rows';
import type { Rows } from './text-rows';

export interface InterpretedBom {
  sheetName: string | null;
  columns: ColumnMap | null;
  lines: BomLine[];
  skipped: SkippedRow[];
}

function interpretSheet(rows: Rows, wordsMode: boolean): Omit<InterpretedBom, 'sheetName'> {
  const columns = detectColumns(rows);
  // Space-separated text without a header: columns do not line up ("U1 U2" is two words), read row by row.
  if (wordsMode && columns.headerRow === null) return { columns: null, ...linesFromWords(rows) };
  return { columns, ...linesFromColumns(rows, columns) };
}

/** The first sheet that reads as a parts list (a workbook may open with a cover or notes sheet). */
export function interpretRows(file: Pick<FileRows, 'sheets' | 'kind' | 'delimiter'>): InterpretedBom {
  if (!file.sheets.length) throw new BomFileError('empty');
  const wordsMode = file.kind === 'text' && file.delimiter === null;
  for (const sheet of file.sheets) {
    const result = interpretSheet(sheet.rows, wordsMode);
    if (result.lines.length) return { sheetName: sheet.name, ...result };
  }
  throw new BomFileError('noParts');
}
