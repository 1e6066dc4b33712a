/**
 * .xls and .xlsx → rows of cells, through SheetJS. Formulas are never calculated: a formula cell gives
 * the value Excel stored with it when the file was saved; a formula without one refuses the file, since
 * guessing its value could order the wrong quantity.
 */
import * as XLSX from '@e965/xlsx';
import { BomFileError } from './bom-errors';
import { persianCell } from './persian-cell';
import { BOM_LIMITS } from './limits';
import type { Rows } from './text-rows';
import { assertSafeZip } from './zip-guard';

export interface SheetRows {
  name: string | null;
  rows: Rows;
}

export interface WorkbookRows {
  /** Every sheet with something in it, in workbook order (a notes or cover sheet often comes first). */
  sheets: SheetRows[];
  /** Formula cells whose saved value was used. */
  formulaCells: number;
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'e') return '';
  // Formatted text keeps what the customer sees ("0805", leading zeros); numbers fall back to plain digits.
  const text = cell.w ?? String(cell.v);
  return persianCell(text.length > BOM_LIMITS.maxCellChars ? text.slice(0, BOM_LIMITS.maxCellChars) : text).trim();
}

function readBook(bytes: Uint8Array, maxRows: number): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, {
      type: 'array',
      dense: true,
      // One row past the cap tells "too long" without reading the rest.
      sheetRows: maxRows + 1,
      cellFormula: true,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
      WTF: false,
    });
  } catch (err) {
    const text = String((err as Error)?.message ?? '');
    if (/password|encrypt/i.test(text)) throw new BomFileError('encrypted');
    throw new BomFileError('badWorkbook');
  }
}

export function workbookRows(bytes: Uint8Array, kind: 'xlsx' | 'xls', maxRows: number = BOM_LIMITS.maxRows): WorkbookRows {
  if (kind === 'xlsx') assertSafeZip(bytes);
  const book = readBook(bytes, maxRows);
  const sheets: SheetRows[] = [];
  let formulaCells = 0;
  let totalRows = 0;
  for (const sheetName of book.SheetNames) {
    const sheet = book.Sheets[sheetName];
    if (!sheet?.['!ref']) continue;
    const full = XLSX.utils.decode_range(sheet['!fullref'] ?? sheet['!ref']);
    totalRows += full.e.r - full.s.r + 1;
    if (totalRows > maxRows) throw new BomFileError('tooManyRows');
    const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    const rows: Rows = [];
    for (const row of data) {
      if (!row) continue;
      const cells: string[] = [];
      const width = Math.min(row.length, BOM_LIMITS.maxColumns);
      for (let c = 0; c < width; c++) {
        const cell = row[c];
        if (cell?.f !== undefined) {
          if (cell.v === undefined || cell.v === null || cell.v === '') throw new BomFileError('formulas');
          formulaCells++;
        }
        cells.push(cellText(cell));
      }
      if (cells.some((x) => x !== '')) rows.push(cells);
    }
    if (rows.length) sheets.push({ name: sheetName, rows });
  }
  return { sheets, formulaCells };
}
