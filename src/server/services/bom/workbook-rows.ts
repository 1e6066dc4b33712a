/**
 * .xls and .xlsx → rows of cells, through SheetJS. Formulas are never calculated: a formula cell gives
 * the value Excel stored with it when the file was saved; a formula without one refuses the file, since
 * guessing its value could order the wrong quantity.
 */
import * as XLSX from '@e965/xlsx';
import { BomFileError } from './bom-errors';
import { persianCell } from './persian-cell';
import { BOM_LIMITS } from '../../../lib/bom/upload-limits';
import type { Rows } from './text-rows';
import { assertSafeZip } from './zip-guard';

export interface SheetRows {
  name: string | null;
  rows: Rows;
  /** The sheet's row number of each row (empty rows are left out), as the customer's program shows it. */
  lineNos: number[];
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

/**
 * Cells covered by a merged range read as the range's value: a maker or quantity merged down over
 * several part rows belongs to each of them. Row → column → text.
 */
function mergedValues(sheet: XLSX.WorkSheet): Map<number, Map<number, string>> {
  const out = new Map<number, Map<number, string>>();
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  for (const range of sheet['!merges'] ?? []) {
    const text = cellText(data[range.s.r]?.[range.s.c]);
    if (!text) continue;
    // A merged title across the top says nothing about the columns below it: fill only down a column.
    if (range.e.c !== range.s.c) continue;
    for (let r = range.s.r + 1; r <= Math.min(range.e.r, range.s.r + BOM_LIMITS.maxRows); r++) {
      const row = out.get(r) ?? new Map<number, string>();
      row.set(range.s.c, text);
      out.set(r, row);
    }
  }
  return out;
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
    const merged = mergedValues(sheet);
    const rows: Rows = [];
    const lineNos: number[] = [];
    for (let r = 0; r < data.length; r++) {
      const row = data[r];
      if (!row && !merged.has(r)) continue;
      const cells: string[] = [];
      const fill = merged.get(r);
      const width = Math.min(Math.max(row?.length ?? 0, fill ? Math.max(...fill.keys()) + 1 : 0), BOM_LIMITS.maxColumns);
      for (let c = 0; c < width; c++) {
        const cell = row?.[c];
        if (cell?.f !== undefined) {
          if (cell.v === undefined || cell.v === null || cell.v === '') throw new BomFileError('formulas');
          formulaCells++;
        }
        cells.push(fill?.get(c) ?? cellText(cell));
      }
      if (cells.some((x) => x !== '')) {
        rows.push(cells);
        // Dense rows are indexed from the sheet's first row (A1), whatever the used range.
        lineNos.push(r + 1);
      }
    }
    if (rows.length) sheets.push({ name: sheetName, rows, lineNos });
  }
  return { sheets, formulaCells };
}
