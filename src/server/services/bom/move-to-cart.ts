/**
 * moveCustomerExcelUpload: the ticked lines of a parts list go into the customer's server cart in one
 * transaction, each at the quantity the result page showed (per board × boards, raised to the
 * product's minimum purchase and pack size). A product already in the cart has its line raised.
 * Every line is reported: added, or skipped with the reason in Persian.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { MoveUploadResponse } from '../../../api/schemas/bom';
import { lineReference } from '../../../lib/bom/line-reference';
import { toPersianDigits } from '../../../lib/persian';
import type { Db } from '../../db/client';
import { customerUploads } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import { addManyToCart, getCart } from '../shop/cart';
import { loadPricedProducts } from '../shop/priced-products';
import { priceLine } from './line-pricing';
import { spareOf, VIEW_NOTES, withSpare } from './view';
import { assertUploadOwner, findUpload, uploadLines, UPLOAD_MESSAGES, type UploadLineRow, type UploadRow } from './uploads';

type Line = MoveUploadResponse['lines'][number];
type Reason = NonNullable<Line['reason']>;

const fa = (n: number) => toPersianDigits(String(n));

export const MOVE_MESSAGES = {
  nothingChosen: 'هیچ ردیفی با کالای قابل خرید انتخاب نشده است؛ دست‌کم یک ردیف را علامت بزنید.',
  added: (n: number) => `${fa(n)} عدد به سبد خرید اضافه شد.`,
  notChosen: 'این ردیف انتخاب نشده بود.',
  unmatched: 'کالایی برای این ردیف پیدا نشد؛ می‌توانید آن را برای تأمین به فروشگاه بفرستید.',
  outOfStock: 'این کالا فعلاً موجود نیست؛ می‌توانید درخواست تأمین آن را ثبت کنید.',
  summary: (added: number, skipped: number) =>
    skipped === 0 ? `${fa(added)} ردیف به سبد خرید اضافه شد.` : `${fa(added)} ردیف به سبد خرید اضافه شد و ${fa(skipped)} ردیف اضافه نشد.`,
  noneAdded: 'هیچ ردیفی به سبد خرید اضافه نشد؛ دلیل هر ردیف کنار آن آمده است.',
} as const;

function chosenLines(lines: UploadLineRow[], lineIds: number[] | undefined): UploadLineRow[] {
  if (!lineIds) return lines;
  const byId = new Map(lines.map((l) => [l.id, l]));
  const missing = lineIds.findIndex((id) => !byId.has(id));
  if (missing >= 0) throw validationFailed({ [`lineIds.${missing}`]: [UPLOAD_MESSAGES.lineNotFound] });
  const wanted = new Set(lineIds);
  return lines.filter((l) => wanted.has(l.id));
}

/** A guest's upload becomes the customer's once they act on it signed in. */
async function claimUpload(db: Db, upload: UploadRow, userId: number): Promise<void> {
  if (upload.userId !== null) return;
  await db
    .update(customerUploads)
    .set({ userId })
    .where(and(eq(customerUploads.id, upload.id), isNull(customerUploads.userId)));
}

export async function moveUploadToCart(
  db: Db,
  userId: number,
  identityKey: string,
  lineIds?: number[],
  guestKey: string | null = null,
): Promise<MoveUploadResponse> {
  const upload = await findUpload(db, identityKey);
  assertUploadOwner(upload, userId, guestKey);
  // With explicit ids those lines are wanted whatever their tick; otherwise the ticked ones.
  const considered = chosenLines(await uploadLines(db, upload.id), lineIds);
  const isChosen = (l: UploadLineRow) => lineIds !== undefined || l.selected;
  const products = await loadPricedProducts(
    db,
    considered.flatMap((l) => (l.productId && isChosen(l) ? [l.productId] : [])),
  );
  if (!considered.some((l) => isChosen(l) && l.productId !== null && products.get(l.productId)?.purchasable)) {
    throw validationFailed({ [lineIds ? 'lineIds' : 'identityKey']: [MOVE_MESSAGES.nothingChosen] });
  }

  const report: Line[] = [];
  const wishes: { productId: number; quantity: number; reference: string | null; at: number }[] = [];
  const skip = (line: UploadLineRow, reason: Reason, message: string) =>
    report.push({
      lineId: line.id,
      lineNo: line.lineNo,
      partNumber: line.partNumber,
      productId: line.productId,
      outcome: 'skipped',
      quantity: null,
      reason,
      message,
    });
  for (const line of considered) {
    // A line with no product says so, whether or not it is ticked (such lines are never ticked by default).
    if (line.productId === null) {
      skip(line, 'unmatched', MOVE_MESSAGES.unmatched);
      continue;
    }
    if (!isChosen(line)) {
      skip(line, 'not-chosen', MOVE_MESSAGES.notChosen);
      continue;
    }
    const product = products.get(line.productId);
    if (!product?.purchasable) {
      skip(line, 'gone', VIEW_NOTES.gone);
      continue;
    }
    if (product.availability === 'out-of-stock') {
      skip(line, 'out-of-stock', MOVE_MESSAGES.outOfStock);
      continue;
    }
    const { orderQuantity } = priceLine(product, withSpare(line.quantity * upload.boardQuantity, spareOf(upload)));
    // The designators and the customer's reference travel with the cart line into the order and invoice.
    const reference = lineReference({ reference: line.details?.reference ?? null, designators: line.designators });
    wishes.push({ productId: product.id, quantity: orderQuantity, reference, at: report.length });
    report.push({
      lineId: line.id,
      lineNo: line.lineNo,
      partNumber: line.partNumber,
      productId: product.id,
      outcome: 'added',
      quantity: orderQuantity,
      reason: null,
      message: '',
    });
  }

  const outcomes = wishes.length ? await addManyToCart(db, userId, wishes) : [];
  outcomes.forEach((outcome, i) => {
    const entry = report[wishes[i]!.at]!;
    if (outcome.ok) entry.message = MOVE_MESSAGES.added(outcome.added);
    else Object.assign(entry, { outcome: 'skipped', quantity: null, reason: outcome.reason, message: outcome.message });
  });
  const added = report.filter((l) => l.outcome === 'added').length;
  if (added > 0) await claimUpload(db, upload, userId);
  const skipped = report.length - added;
  return {
    message: added === 0 ? MOVE_MESSAGES.noneAdded : MOVE_MESSAGES.summary(added, skipped),
    added,
    skipped,
    lines: report,
    cart: await getCart(db, userId),
  };
}
