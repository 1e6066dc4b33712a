/**
 * "Send the unmatched parts to the store": the lines of a parts list with no part the store can sell
 * become resupply requests (one row per part, as the staff console's resupply tab lists them), all
 * written in one transaction and marked with the upload they came from. Sending twice changes nothing.
 */
import { eq, like } from 'drizzle-orm';
import type { SourcingResponse } from '../../../api/schemas/bom';
import { toPersianDigits } from '../../../lib/persian';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { customerUploads, resupplyRequests } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import type { Mailer } from '../accounts/mailer';
import type { UserRow } from '../accounts/users';
import { loadPricedProducts } from '../shop/priced-products';
import { assertUploadOwner, findUpload, uploadLines, type UploadLineRow, type UploadRow } from './uploads';

export const SOURCING_MESSAGES = {
  nothingToSend: 'همه ردیف‌های این فهرست در فروشگاه پیدا شده‌اند؛ ردیف پیدانشده‌ای برای ارسال نیست.',
  sent: (n: number) =>
    `درخواست تأمین ${toPersianDigits(String(n))} قطعه با موفقیت برای فروشگاه ارسال شد؛ پس از بررسی با شما تماس می‌گیریم.`,
  alreadySent: 'درخواست تأمین این فهرست قبلاً برای فروشگاه ارسال شده است؛ پس از بررسی با شما تماس می‌گیریم.',
} as const;

/**
 * Start of the description of every row written for an upload: tells staff where the request came
 * from and is how a second send finds the first. The upload id, not its key: the key is the customer's.
 */
export const sourcingMarker = (uploadId: number) => `[BOM #${uploadId}]`;

function describe(upload: UploadRow, line: UploadLineRow, note: string | undefined): string {
  const parts = [
    `${sourcingMarker(upload.id)} درخواست تأمین از فهرست قطعات «${upload.fileName}»، ردیف ${toPersianDigits(String(line.lineNo))}`,
    upload.boardQuantity > 1
      ? `${toPersianDigits(String(line.quantity))} عدد برای هر برد × ${toPersianDigits(String(upload.boardQuantity))} برد`
      : '',
    line.designators ? `مرجع‌ها: ${line.designators.slice(0, 300)}` : '',
    note ? `توضیح مشتری: ${note}` : '',
  ];
  return parts.filter(Boolean).join(' — ');
}

/** Lines with nothing the customer can buy: unmatched, or their chosen product has been withdrawn. */
async function unmatchedLines(db: Db, lines: UploadLineRow[]): Promise<UploadLineRow[]> {
  const products = await loadPricedProducts(
    db,
    lines.flatMap((l) => (l.productId ? [l.productId] : [])),
  );
  return lines.filter((l) => l.productId === null || !products.get(l.productId)?.purchasable);
}

const quantityOf = (upload: UploadRow, line: UploadLineRow) => Math.min(line.quantity * upload.boardQuantity, 1_000_000_000);

export async function requestSourcing(
  db: Db,
  mail: { mailer: Mailer; config: Pick<Config, 'STORE_EMAIL' | 'STORE_NAME_FA'> },
  user: UserRow,
  identityKey: string,
  note?: string,
  guestKey: string | null = null,
): Promise<SourcingResponse> {
  const upload = await findUpload(db, identityKey);
  assertUploadOwner(upload, user.id, guestKey);
  const lines = await unmatchedLines(db, await uploadLines(db, upload.id));
  if (lines.length === 0) throw validationFailed({ identityKey: [SOURCING_MESSAGES.nothingToSend] });
  const summary = lines.map((l) => ({ lineNo: l.lineNo, partNumber: l.partNumber, quantity: quantityOf(upload, l) }));

  const created = await db.transaction(async (tx) => {
    // The upload row's lock makes two simultaneous sends queue; the second then sees the first's rows.
    await tx.select({ id: customerUploads.id }).from(customerUploads).where(eq(customerUploads.id, upload.id)).for('update');
    const [already] = await tx
      .select({ id: resupplyRequests.id })
      .from(resupplyRequests)
      .where(like(resupplyRequests.description, `${sourcingMarker(upload.id)}%`))
      .limit(1);
    if (already) return false;
    if (upload.userId === null) await tx.update(customerUploads).set({ userId: user.id }).where(eq(customerUploads.id, upload.id));
    await tx.insert(resupplyRequests).values(
      lines.map((line) => ({
        userId: user.id,
        // No product: the staff console tells sourcing rows from product-page restock requests by that (and the marker).
        productId: null,
        email: user.email,
        productName: line.partNumber.slice(0, 200),
        number: quantityOf(upload, line),
        description: describe(upload, line, note),
      })),
    );
    return true;
  });

  if (created) await mailStore(mail, user, upload, summary, note);
  return { message: created ? SOURCING_MESSAGES.sent(lines.length) : SOURCING_MESSAGES.alreadySent, created, lines: summary };
}

async function mailStore(
  { mailer, config }: { mailer: Mailer; config: Pick<Config, 'STORE_EMAIL' | 'STORE_NAME_FA'> },
  user: UserRow,
  upload: UploadRow,
  lines: SourcingResponse['lines'],
  note: string | undefined,
): Promise<void> {
  const text = [
    `مشتری: ${user.name} (${user.username}) — ${user.email}`,
    `فهرست قطعات: ${upload.fileName} ${sourcingMarker(upload.id)}`,
    '',
    ...lines.map((l) => `${l.partNumber} × ${l.quantity}`),
    ...(note ? ['', `توضیح مشتری: ${note}`] : []),
  ].join('\n');
  try {
    await mailer.send({
      to: config.STORE_EMAIL,
      subject: `[${config.STORE_NAME_FA}] درخواست تأمین ${lines.length} قطعه از فهرست قطعات`,
      text,
      html: `<div dir="rtl"><pre style="font-family:inherit">${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</pre></div>`,
    });
  } catch (err) {
    // The rows are what staff work from; a mail outage must not undo or fail the request.
    console.error(`sourcing request of upload ${upload.id} stored but not mailed:`, err);
  }
}
