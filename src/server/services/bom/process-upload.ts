/** One uploaded file end to end: read (in a worker), interpret, match, store. */
import type { SaveCustomerFileResponse } from '../../../api/schemas/bom';
import type { Db } from '../../db/client';
import { BomFileError } from './bom-errors';
import { rememberedColumns } from './column-choices';
import { interpretRows, type InterpretedBom } from './interpret';
import { BOM_LIMITS } from '../../../lib/bom/upload-limits';
import type { BomLine } from './lines';
import { matchLines, type LineMatch } from './match';
import { readRowsInWorker } from './parse-in-worker';
import type { FileRows } from './read-rows';
import { saveUpload, type UploadSource } from './uploads';

export const UPLOADED_MESSAGE = 'فایل شما با موفقیت بارگذاری و بررسی شد.';

/** The storefront page that shows an upload's result. */
export const resultRoute = (identityKey: string) => `/shop/customer/excel/${identityKey}`;

export interface UploadTimings {
  parseMs: number;
  matchMs: number;
  saveMs: number;
}

const distinctParts = (lines: BomLine[]) => new Set(lines.map((l) => `${l.mpn ?? ''}|${l.value ?? ''}|${l.footprint ?? ''}`)).size;

export function countStatuses(matches: LineMatch[]) {
  const counts = { exact: 0, family: 0, parametric: 0, fuzzy: 0, unmatched: 0 };
  for (const m of matches) counts[m.status]++;
  return counts;
}

/** What the response says about how the file was read: the API's column-mapping step. */
export function readingOf(
  file: Pick<FileRows, 'kind' | 'encoding' | 'delimiter' | 'formulaCells'>,
  bom: InterpretedBom,
  remembered: boolean,
) {
  return {
    kind: file.kind,
    encoding: file.encoding ?? null,
    delimiter: file.delimiter ?? null,
    sheetName: bom.sheetName,
    sheetNames: bom.sheetNames,
    formulaCells: file.formulaCells ?? 0,
    headers: bom.headers,
    columns: bom.columns,
    rememberedColumns: remembered,
  };
}

export const sourceOf = (file: FileRows): UploadSource => ({
  kind: file.kind,
  delimiter: file.delimiter ?? null,
  sheets: file.sheets.map((s) => ({ name: s.name, rows: s.rows, lineNos: s.lineNos })),
});

export async function processUpload(
  db: Db,
  input: {
    fileName: string;
    bytes: Uint8Array;
    boardQuantity: number;
    userId: number | null;
    guestKey: string | null;
  },
): Promise<SaveCustomerFileResponse & { timings: UploadTimings }> {
  const t0 = performance.now();
  const file = await readRowsInWorker(input.fileName, input.bytes);
  let bom = interpretRows(file);
  // A signed-in customer who corrected the columns of a file with these headers before gets them again.
  const remembered = input.userId !== null && bom.headers ? await rememberedColumns(db, input.userId, bom.headers) : null;
  if (remembered) bom = interpretRows(file, { sheetName: bom.sheetName, columns: remembered });
  const t1 = performance.now();
  if (distinctParts(bom.lines) > BOM_LIMITS.maxDistinctParts) throw new BomFileError('tooManyParts');
  const matches = await matchLines(db, bom.lines);
  const t2 = performance.now();
  const read = readingOf(file, bom, remembered !== null);
  const { identityKey } = await saveUpload(db, {
    fileName: input.fileName,
    boardQuantity: input.boardQuantity,
    userId: input.userId,
    guestKey: input.guestKey,
    lines: bom.lines,
    matches,
    source: sourceOf(file),
    reading: {
      sheetName: bom.sheetName,
      sheetNames: bom.sheetNames,
      headers: bom.headers,
      columns: bom.columns as Record<string, number | null> | null,
    },
  });
  return {
    message: UPLOADED_MESSAGE,
    identityKey,
    route: resultRoute(identityKey),
    fileName: input.fileName,
    boardQuantity: input.boardQuantity,
    lines: bom.lines.length,
    counts: countStatuses(matches),
    skipped: bom.skipped,
    read,
    timings: { parseMs: t1 - t0, matchMs: t2 - t1, saveMs: performance.now() - t2 },
  };
}
