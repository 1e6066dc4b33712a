/** Storing a read BOM and changing its lines; the customer's handle is the upload's identityKey. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerUploadLines, customerUploads } from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../http/errors';
import { randomToken } from '../accounts/secrets';
import type { BomLine } from './lines';
import { matchKey, type LineMatch } from './match';
import { yieldToEventLoop } from './yield';

export const UPLOAD_MESSAGES = {
  notFound: 'فایل بارگذاری‌شده پیدا نشد؛ شاید نشانی آن اشتباه است.',
  notAnAlternative: 'این کالا از گزینه‌های این ردیف نیست.',
  lineNotFound: 'این ردیف در فایل پیدا نشد.',
  otherCustomer: 'این فهرست قطعات را حساب کاربری دیگری بارگذاری کرده است.',
} as const;

const INSERT_CHUNK = 250;

export async function saveUpload(db: Db, input: {
  fileName: string; boardQuantity: number; userId: number | null; lines: BomLine[]; matches: Map<string, LineMatch>;
}): Promise<{ identityKey: string; uploadId: number }> {
  // 24 random bytes: the key is the only thing guarding an anonymous upload, so it must not be guessable.
  const identityKey = randomToken(24);
  const uploadId = await db.transaction(async (tx) => {
    const [upload] = await tx.insert(customerUploads)
      .values({ identityKey, fileName: input.fileName.slice(0, 200), boardQuantity: input.boardQuantity, userId: input.userId })
      .returning({ id: customerUploads.id });
    const rows = input.lines.map((line) => {
      const m = input.matches.get(matchKey(line.query))!;
      return {
        uploadId: upload!.id,
        lineNo: line.lineNo,
        raw: line.raw,
        partNumber: line.partNumber.slice(0, 200),
        quantity: line.quantity,
        designators: line.designators?.slice(0, 2000) ?? null,
        matchStatus: m.status,
        confidence: m.confidence,
        productId: m.productId,
        alternatives: m.alternatives,
        note: line.notes.length ? line.notes.join('\n') : null,
      };
    });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(customerUploadLines).values(rows.slice(i, i + INSERT_CHUNK));
      await yieldToEventLoop();
    }
    return upload!.id;
  });
  return { identityKey, uploadId };
}

export type UploadRow = typeof customerUploads.$inferSelect;
export type UploadLineRow = typeof customerUploadLines.$inferSelect;

export async function findUpload(db: Db, identityKey: string): Promise<UploadRow> {
  const [row] = await db.select().from(customerUploads).where(eq(customerUploads.identityKey, identityKey)).limit(1);
  if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
  return row;
}

export async function uploadLines(db: Db, uploadId: number): Promise<UploadLineRow[]> {
  return db.select().from(customerUploadLines).where(eq(customerUploadLines.uploadId, uploadId))
    .orderBy(customerUploadLines.lineNo, customerUploadLines.id);
}

/**
 * Whether `userId` may act on the upload (cart, sourcing request): its owner, or anyone signed in when it
 * was uploaded by a guest (who holds the unguessable key and has just signed in).
 */
export function assertUploadOwner(upload: UploadRow, userId: number): void {
  if (upload.userId !== null && upload.userId !== userId) throw new HttpError(403, UPLOAD_MESSAGES.otherCustomer);
}

async function lineOf(db: Db, upload: UploadRow, lineId: number): Promise<UploadLineRow> {
  const [line] = await db.select().from(customerUploadLines)
    .where(and(eq(customerUploadLines.id, lineId), eq(customerUploadLines.uploadId, upload.id))).limit(1);
  if (!line) throw new HttpError(404, UPLOAD_MESSAGES.lineNotFound);
  return line;
}

/** Ticks or unticks a line for "add chosen to cart". */
export async function setLineSelected(db: Db, identityKey: string, lineId: number, selected: boolean): Promise<{ upload: UploadRow; line: UploadLineRow }> {
  const upload = await findUpload(db, identityKey);
  const line = await lineOf(db, upload, lineId);
  if (line.selected === selected) return { upload, line };
  const [updated] = await db.update(customerUploadLines).set({ selected }).where(eq(customerUploadLines.id, line.id)).returning();
  return { upload, line: updated! };
}

/**
 * The customer picks one of a line's alternatives: it becomes the chosen product and the previous
 * choice joins the alternatives, so the choice can be undone. Only that line's own candidates are allowed.
 */
export async function chooseAlternative(db: Db, identityKey: string, lineId: number, productId: number): Promise<{ upload: UploadRow; line: UploadLineRow }> {
  const upload = await findUpload(db, identityKey);
  const line = await lineOf(db, upload, lineId);
  if (line.productId === productId) return { upload, line };
  if (!line.alternatives.includes(productId)) throw validationFailed({ productId: [UPLOAD_MESSAGES.notAnAlternative] });
  const alternatives = [...(line.productId ? [line.productId] : []), ...line.alternatives.filter((id) => id !== productId)];
  const [updated] = await db.update(customerUploadLines)
    .set({ productId, alternatives, selected: true })
    .where(eq(customerUploadLines.id, line.id)).returning();
  return { upload, line: updated! };
}

/** The customer's latest uploads with their line counts, for the upload page's "your parts lists". */
export async function customerUploadsOf(db: Db, userId: number, limit = 30) {
  return db.select({
    identityKey: customerUploads.identityKey,
    fileName: customerUploads.fileName,
    boardQuantity: customerUploads.boardQuantity,
    createdAt: customerUploads.createdAt,
    lines: sql<number>`count(${customerUploadLines.id})`.mapWith(Number),
    unmatched: sql<number>`count(*) filter (where ${customerUploadLines.matchStatus} = 'unmatched')`.mapWith(Number),
  }).from(customerUploads)
    .leftJoin(customerUploadLines, eq(customerUploadLines.uploadId, customerUploads.id))
    .where(eq(customerUploads.userId, userId))
    .groupBy(customerUploads.id)
    .orderBy(desc(customerUploads.createdAt), desc(customerUploads.id)).limit(limit);
}
