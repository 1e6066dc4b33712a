/** Storing a read BOM and changing its lines; the customer's handle is the upload's identityKey. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerUploadLines, customerUploads } from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../http/errors';
import { randomToken, tokenDigest } from '../accounts/secrets';
import type { BomLine } from './lines';
import { CONFIDENT, type LineMatch } from './match';
import { yieldToEventLoop } from './yield';

export const UPLOAD_MESSAGES = {
  notFound: 'فایل بارگذاری‌شده پیدا نشد؛ شاید نشانی آن اشتباه است.',
  notAnAlternative: 'این کالا از گزینه‌های این ردیف نیست.',
  lineNotFound: 'این ردیف در فایل پیدا نشد.',
} as const;

const INSERT_CHUNK = 250;

const cut = (text: string | null, n: number) => (text === null ? null : text.slice(0, n));

/** One line and its match as a row: selected for the cart only when the match is confident. */
export function lineRow(uploadId: number, line: BomLine, m: LineMatch) {
  return {
    uploadId,
    lineNo: line.lineNo,
    raw: line.raw,
    partNumber: line.partNumber.slice(0, 200),
    quantity: line.quantity,
    designators: line.designators?.slice(0, 2000) ?? null,
    matchStatus: m.status,
    confidence: m.confidence,
    productId: m.productId,
    alternatives: m.alternatives,
    selected: m.productId !== null && m.confidence >= CONFIDENT,
    note: line.notes.length ? line.notes.join('\n') : null,
    details: {
      mpn: cut(line.mpn, 200),
      maker: cut(line.maker, 200),
      value: cut(line.value, 200),
      footprint: cut(line.footprint, 200),
      description: cut(line.description, 500),
      reference: cut(line.reference, 200),
      review: m.review,
      differences: m.differences,
    },
  };
}

export type UploadSource = NonNullable<(typeof customerUploads.$inferInsert)['source']>;
export type UploadReading = NonNullable<(typeof customerUploads.$inferInsert)['reading']>;

export async function saveUpload(
  db: Db,
  input: {
    fileName: string;
    boardQuantity: number;
    userId: number | null;
    lines: BomLine[];
    matches: LineMatch[];
    source: UploadSource | null;
    reading: UploadReading;
    guestKey: string | null;
  },
): Promise<{ identityKey: string; uploadId: number }> {
  // 24 random bytes: the key is the only thing guarding an anonymous upload, so it must not be guessable.
  const identityKey = randomToken(24);
  const uploadId = await db.transaction(async (tx) => {
    const [upload] = await tx
      .insert(customerUploads)
      .values({
        identityKey,
        fileName: input.fileName.slice(0, 200),
        boardQuantity: input.boardQuantity,
        userId: input.userId,
        guestKeyHash: input.userId === null && input.guestKey ? tokenDigest(input.guestKey) : null,
        source: input.source,
        reading: input.reading,
      })
      .returning({ id: customerUploads.id });
    const rows = input.lines.map((line, i) => lineRow(upload!.id, line, input.matches[i]!));
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
  return db
    .select()
    .from(customerUploadLines)
    .where(eq(customerUploadLines.uploadId, uploadId))
    .orderBy(customerUploadLines.lineNo, customerUploadLines.id);
}

/** Who is asking to change an upload: the signed-in customer, and the guest key their browser holds. */
export interface UploadActor {
  userId: number | null;
  guestKey: string | null;
}

/**
 * Whether the actor may change the upload: a customer's upload only by that customer; a guest's upload
 * only by the browser holding its guest key (signed in or not). Anyone else — another customer, another
 * guest who learnt the address — is told the upload does not exist (404), so its existence leaks nothing.
 */
export function mayChange(upload: UploadRow, actor: UploadActor): boolean {
  if (upload.userId !== null) return actor.userId === upload.userId;
  return Boolean(actor.guestKey && upload.guestKeyHash && tokenDigest(actor.guestKey) === upload.guestKeyHash);
}

export function assertMayChange(upload: UploadRow, actor: UploadActor): void {
  if (!mayChange(upload, actor)) throw notFound(UPLOAD_MESSAGES.notFound);
}

/** The upload, found by its key, if the actor may change it; 404 otherwise. */
export async function findOwnUpload(db: Db, identityKey: string, actor: UploadActor): Promise<UploadRow> {
  const upload = await findUpload(db, identityKey);
  assertMayChange(upload, actor);
  return upload;
}

/** For acting signed in (cart, sourcing request): the owner, or the guest who uploaded it and has since signed in. */
export function assertUploadOwner(upload: UploadRow, userId: number, guestKey: string | null = null): void {
  assertMayChange(upload, { userId, guestKey });
}

export async function lineOf(db: Db, upload: UploadRow, lineId: number): Promise<UploadLineRow> {
  const [line] = await db
    .select()
    .from(customerUploadLines)
    .where(and(eq(customerUploadLines.id, lineId), eq(customerUploadLines.uploadId, upload.id)))
    .limit(1);
  if (!line) throw new HttpError(404, UPLOAD_MESSAGES.lineNotFound);
  return line;
}

/** Ticks or unticks a line for "add chosen to cart". */
export async function setLineSelected(
  db: Db,
  identityKey: string,
  lineId: number,
  selected: boolean,
  actor: UploadActor,
): Promise<{ upload: UploadRow; line: UploadLineRow }> {
  const upload = await findOwnUpload(db, identityKey, actor);
  const line = await lineOf(db, upload, lineId);
  if (line.selected === selected) return { upload, line };
  const [updated] = await db.update(customerUploadLines).set({ selected }).where(eq(customerUploadLines.id, line.id)).returning();
  return { upload, line: updated! };
}

/**
 * The customer picks one of a line's alternatives: it becomes the chosen product and the previous
 * choice joins the alternatives, so the choice can be undone. Only that line's own candidates are allowed.
 */
export async function chooseAlternative(
  db: Db,
  identityKey: string,
  lineId: number,
  productId: number,
  actor: UploadActor,
): Promise<{ upload: UploadRow; line: UploadLineRow }> {
  const upload = await findOwnUpload(db, identityKey, actor);
  const line = await lineOf(db, upload, lineId);
  if (line.productId === productId) return { upload, line };
  if (!line.alternatives.includes(productId)) throw validationFailed({ productId: [UPLOAD_MESSAGES.notAnAlternative] });
  const alternatives = [...(line.productId ? [line.productId] : []), ...line.alternatives.filter((id) => id !== productId)];
  const [updated] = await db
    .update(customerUploadLines)
    .set({ productId, alternatives, selected: true })
    .where(eq(customerUploadLines.id, line.id))
    .returning();
  return { upload, line: updated! };
}

/** The customer's latest uploads with their line counts, for the upload page's "your parts lists". */
export async function customerUploadsOf(db: Db, userId: number, limit = 30) {
  return db
    .select({
      identityKey: customerUploads.identityKey,
      fileName: customerUploads.fileName,
      boardQuantity: customerUploads.boardQuantity,
      createdAt: customerUploads.createdAt,
      lines: sql<number>`count(${customerUploadLines.id})`.mapWith(Number),
      unmatched: sql<number>`count(*) filter (where ${customerUploadLines.matchStatus} = 'unmatched')`.mapWith(Number),
    })
    .from(customerUploads)
    .leftJoin(customerUploadLines, eq(customerUploadLines.uploadId, customerUploads.id))
    .where(eq(customerUploads.userId, userId))
    .groupBy(customerUploads.id)
    .orderBy(desc(customerUploads.createdAt), desc(customerUploads.id))
    .limit(limit);
}
