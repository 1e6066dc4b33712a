/** One uploaded file end to end: read (in a worker), interpret, match, store. */
import type { SaveCustomerFileResponse } from '../../../api/schemas/bom';
import type { Db } from '../../db/client';
import { BomFileError } from './bom-errors';
import { interpretRows } from './interpret';
import { BOM_LIMITS } from './limits';
import { matchKey, matchQueries } from './match';
import { readRowsInWorker } from './parse-in-worker';
import { saveUpload } from './uploads';

export const UPLOADED_MESSAGE = 'فایل شما با موفقیت بارگذاری و بررسی شد.';

/** The storefront page that shows an upload's result. */
export const resultRoute = (identityKey: string) => `/shop/customer/excel/${identityKey}`;

export interface UploadTimings { parseMs: number; matchMs: number; saveMs: number }

export async function processUpload(db: Db, input: {
  fileName: string; bytes: Uint8Array; boardQuantity: number; userId: number | null;
}): Promise<SaveCustomerFileResponse & { timings: UploadTimings }> {
  const t0 = performance.now();
  const file = await readRowsInWorker(input.fileName, input.bytes);
  const bom = interpretRows(file);
  const t1 = performance.now();
  if (new Set(bom.lines.map((l) => matchKey(l.query))).size > BOM_LIMITS.maxDistinctParts) throw new BomFileError('tooManyParts');
  const matches = await matchQueries(db, bom.lines.map((l) => l.query));
  const t2 = performance.now();
  const { identityKey } = await saveUpload(db, { fileName: input.fileName, boardQuantity: input.boardQuantity, userId: input.userId, lines: bom.lines, matches });
  const counts = { exact: 0, family: 0, fuzzy: 0, unmatched: 0 };
  for (const line of bom.lines) counts[matches.get(matchKey(line.query))!.status]++;
  return {
    message: UPLOADED_MESSAGE,
    identityKey,
    route: resultRoute(identityKey),
    fileName: input.fileName,
    boardQuantity: input.boardQuantity,
    lines: bom.lines.length,
    counts,
    skipped: bom.skipped,
    read: {
      kind: file.kind,
      encoding: file.encoding ?? null,
      delimiter: file.delimiter ?? null,
      sheetName: bom.sheetName,
      formulaCells: file.formulaCells ?? 0,
      columns: bom.columns,
    },
    timings: { parseMs: t1 - t0, matchMs: t2 - t1, saveMs: performance.now() - t2 },
  };
}
