/**
 * The customer corrects a parts list after reading the result: a line's part text or quantity (matched
 * again), lines added or deleted, another sheet or other columns (the stored file read again and every
 * line matched again, the choice remembered for a signed-in customer), spare parts. Only the upload's
 * owner may (see mayChange); each change is one transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { parseHandLine } from '../../../lib/bom/hand-line';
import type { BomColumns } from '../../../api/schemas/bom';
import type { Db } from '../../db/client';
import { customerUploadLines, customerUploads } from '../../db/schema';
import { HttpError, validationFailed } from '../../http/errors';
import { rememberColumns } from './column-choices';
import type { ColumnMap } from './columns';
import { interpretRows } from './interpret';
import { linesFromText, type BomLine } from './lines';
import { matchLines } from './match';
import { countStatuses } from './process-upload';
import { findOwnUpload, lineOf, lineRow, type UploadActor, type UploadLineRow, type UploadRow } from './uploads';

export const EDIT_MESSAGES = {
  noPart: 'متن ردیف شماره قطعه یا مقداری ندارد.',
  noSource: 'فایل این فهرست برای خواندن دوباره نگه داشته نشده است.',
  noSheet: 'این برگه در فایل نیست.',
  noColumn: 'ستون شماره قطعه یا مقدار را انتخاب کنید.',
  columnOutside: 'این ستون در فایل نیست.',
  noLines: 'با این ستون‌ها هیچ ردیفی خوانده نشد.',
  lastLine: 'فهرست دست‌کم یک ردیف لازم دارد؛ برای حذف همه، فایل را کنار بگذارید.',
  tooManyLines: 'این فهرست بیش از اندازه ردیف دارد.',
} as const;

const MAX_LINES = 5000;

/** A line typed by the customer ("LM358 x10", "10k 0805 50") as the matcher reads lines. */
function typedLine(text: string, quantity: number | undefined, base: Partial<BomLine> & { lineNo: number }): BomLine {
  const read = parseHandLine(text);
  if (read.kind !== 'part') throw validationFailed({ text: [EDIT_MESSAGES.noPart] });
  const [parsed] = linesFromText([[text]]).lines;
  if (!parsed) throw validationFailed({ text: [EDIT_MESSAGES.noPart] });
  return {
    ...parsed,
    lineNo: base.lineNo,
    raw: base.raw ?? [text],
    quantity: quantity ?? parsed.quantity,
    designators: base.designators ?? parsed.designators,
    reference: base.reference ?? null,
    // The footprint and description of the file's row still say what the place on the board needs.
    footprint: base.footprint ?? null,
    description: base.description ?? null,
    maker: base.maker ?? null,
    notes: quantity !== undefined || read.quantity !== null ? [] : parsed.notes,
  };
}

async function rematchInto(db: Db, upload: UploadRow, line: BomLine, existing: UploadLineRow | null): Promise<UploadLineRow> {
  const [match] = await matchLines(db, [line]);
  const row = lineRow(upload.id, line, match!);
  if (existing) {
    const [updated] = await db.update(customerUploadLines).set(row).where(eq(customerUploadLines.id, existing.id)).returning();
    return updated!;
  }
  const [inserted] = await db.insert(customerUploadLines).values(row).returning();
  return inserted!;
}

/** Changes a line's part text and/or quantity per board; a new text is matched again. */
export async function editLine(
  db: Db,
  actor: UploadActor,
  input: { identityKey: string; lineId: number; text?: string; quantity?: number },
) {
  const upload = await findOwnUpload(db, input.identityKey, actor);
  const line = await lineOf(db, upload, input.lineId);
  if (input.text === undefined) {
    const [updated] = await db
      .update(customerUploadLines)
      .set({ quantity: input.quantity!, note: null })
      .where(eq(customerUploadLines.id, line.id))
      .returning();
    return { upload, line: updated! };
  }
  const d = line.details ?? {};
  // A count typed with the text ("LM317T x4") wins over the line's old quantity; a quantity sent beside it wins over both.
  const typedCount = parseHandLine(input.text);
  const quantity = input.quantity ?? (typedCount.kind === 'part' && typedCount.quantity !== null ? undefined : line.quantity);
  const typed = typedLine(input.text, quantity, {
    lineNo: line.lineNo,
    raw: line.raw,
    designators: line.designators,
    reference: d.reference ?? null,
    footprint: d.footprint ?? null,
    description: d.description ?? null,
    maker: d.maker ?? null,
  });
  return { upload, line: await rematchInto(db, upload, typed, line) };
}

/** Adds a typed line after the file's last row. */
export async function addLine(db: Db, actor: UploadActor, input: { identityKey: string; text: string; quantity?: number }) {
  const upload = await findOwnUpload(db, input.identityKey, actor);
  const [{ count, last }] = (await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      last: sql<number>`coalesce(max(${customerUploadLines.lineNo}), 0)`.mapWith(Number),
    })
    .from(customerUploadLines)
    .where(eq(customerUploadLines.uploadId, upload.id))) as [{ count: number; last: number }];
  if (count >= MAX_LINES) throw validationFailed({ text: [EDIT_MESSAGES.tooManyLines] });
  const typed = typedLine(input.text, input.quantity, { lineNo: last + 1 });
  return { upload, line: await rematchInto(db, upload, typed, null) };
}

export async function deleteLine(db: Db, actor: UploadActor, input: { identityKey: string; lineId: number }) {
  const upload = await findOwnUpload(db, input.identityKey, actor);
  const line = await lineOf(db, upload, input.lineId);
  // The result page needs a line to stand on; an empty list is a new upload.
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(customerUploadLines)
    .where(eq(customerUploadLines.uploadId, upload.id))) as [{ count: number }];
  if (count <= 1) throw validationFailed({ lineId: [EDIT_MESSAGES.lastLine] });
  await db.delete(customerUploadLines).where(and(eq(customerUploadLines.id, line.id), eq(customerUploadLines.uploadId, upload.id)));
  return { upload };
}

export async function setSpare(db: Db, actor: UploadActor, input: { identityKey: string; percent: number; extra: number }) {
  const upload = await findOwnUpload(db, input.identityKey, actor);
  const [updated] = await db
    .update(customerUploads)
    .set({ sparePercent: input.percent, spareExtra: input.extra })
    .where(eq(customerUploads.id, upload.id))
    .returning();
  return updated!;
}

/**
 * Reads the stored file again with the sheet and columns the customer chose, matches every line again
 * and replaces the lines in one transaction. Remembered for a signed-in customer's next file with the
 * same header row.
 */
export async function rereadUpload(
  db: Db,
  actor: UploadActor,
  input: { identityKey: string; sheetName?: string | null; columns?: BomColumns },
) {
  const upload = await findOwnUpload(db, input.identityKey, actor);
  const source = upload.source;
  if (!source) throw new HttpError(409, EDIT_MESSAGES.noSource);
  if (input.sheetName !== undefined && !source.sheets.some((s) => s.name === input.sheetName))
    throw validationFailed({ sheetName: [EDIT_MESSAGES.noSheet] });
  const columns = input.columns as ColumnMap | undefined;
  if (columns) {
    if (columns.part === null && columns.value === null) throw validationFailed({ 'columns.part': [EDIT_MESSAGES.noColumn] });
    const sheet =
      source.sheets.find((s) => s.name === (input.sheetName !== undefined ? input.sheetName : upload.reading?.sheetName)) ??
      source.sheets[0]!;
    const width = Math.max(0, ...sheet.rows.slice(0, 200).map((r) => r.length));
    for (const [role, col] of Object.entries(columns)) {
      if (role !== 'headerRow' && col !== null && col >= width)
        throw validationFailed({ [`columns.${role}`]: [EDIT_MESSAGES.columnOutside] });
    }
  }
  const sheetName = input.sheetName !== undefined ? input.sheetName : (upload.reading?.sheetName ?? null);
  let bom;
  try {
    bom = interpretRows({ sheets: source.sheets, kind: source.kind, delimiter: source.delimiter as never }, { sheetName, columns });
  } catch {
    throw validationFailed({ columns: [EDIT_MESSAGES.noLines] });
  }
  const matches = await matchLines(db, bom.lines);
  await db.transaction(async (tx) => {
    await tx.delete(customerUploadLines).where(eq(customerUploadLines.uploadId, upload.id));
    const rows = bom.lines.map((line, i) => lineRow(upload.id, line, matches[i]!));
    for (let i = 0; i < rows.length; i += 250) await tx.insert(customerUploadLines).values(rows.slice(i, i + 250));
    await tx
      .update(customerUploads)
      .set({
        reading: {
          sheetName: bom.sheetName,
          sheetNames: bom.sheetNames,
          headers: bom.headers,
          columns: bom.columns as Record<string, number | null> | null,
        },
      })
      .where(eq(customerUploads.id, upload.id));
  });
  if (columns && actor.userId !== null && bom.headers) await rememberColumns(db, actor.userId, bom.headers, columns);
  return { lines: bom.lines.length, counts: countStatuses(matches), skipped: bom.skipped };
}
