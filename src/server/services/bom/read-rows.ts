/**
 * Any accepted upload → sheets of rows of cells. Synchronous and CPU-bound, so the server runs it in a
 * worker thread (parse-worker.ts); tests call it directly.
 */
import { BOM_LIMITS } from '../../../lib/bom/upload-limits';
import { fileKind, type FileKind } from './file-kind';
import { decodeText, type TextEncoding } from './text-decode';
import { textRows } from './text-rows';
import { workbookRows, type SheetRows } from './workbook-rows';
import type { Delimiter } from './delimiter';

export interface FileRows {
  /** A text file has one unnamed sheet. */
  sheets: SheetRows[];
  kind: FileKind;
  encoding?: TextEncoding;
  delimiter?: Delimiter | null;
  formulaCells?: number;
}

export function readRows(fileName: string, bytes: Uint8Array, maxRows: number = BOM_LIMITS.maxRows): FileRows {
  const kind = fileKind(fileName, bytes);
  if (kind === 'text') {
    const { text, encoding } = decodeText(bytes);
    const { rows, lineNos, delimiter } = textRows(text, maxRows);
    return { sheets: rows.length ? [{ name: null, rows: withoutNul(rows), lineNos }] : [], kind, encoding, delimiter };
  }
  const { sheets, formulaCells } = workbookRows(bytes, kind, maxRows);
  return {
    sheets: sheets.map((s) => ({ ...s, name: s.name && s.name.replaceAll('\u0000', ''), rows: withoutNul(s.rows) })),
    kind,
    formulaCells,
  };
}

/** PostgreSQL cannot store NUL in text: a stray NUL byte or an .xlsx `_x0000_` escape leaves the cell here. */
function withoutNul(rows: string[][]): string[][] {
  return rows.map((row) => row.map((cell) => (cell.includes('\u0000') ? cell.replaceAll('\u0000', '') : cell)));
}
