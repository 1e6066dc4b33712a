/**
 * The staff console's operations. Each one writes its change and a staff_actions row (who, what, when)
 * in the same transaction, so the record can never miss an action nor claim one that did not happen.
 */
import { desc, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { staffConfirmBodySchema, staffShippingBodySchema } from '../../../api/schemas/shop';
import { preInvoiceExpiry } from '../../../lib/pre-invoice';
import type { ShippingRates } from '../../../lib/shipping';
import { requireUser, type CurrentUser } from '../../auth/current-user';
import type { Config } from '../../config';
import type { AppDeps } from '../../context';
import type { Db } from '../../db/client';
import { bankReceipts, orderLines, orders, payments, staffActions, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { amountsOnConfirm } from './confirm-amounts';
import { lineQuantities, toFactorDetail, toFactorSummary } from './factor-views';
import { orderState } from './order-states';
import { settleOrder } from './settle';
import { enqueueOrderPaid, enqueuePreInvoiceReady, enqueueReceiptRejected, enqueueShipped } from '../../notifications/order-events';

export const STAFF_MESSAGES = {
  forbidden: 'این بخش فقط برای کارکنان فروشگاه است.',
  notAwaiting: 'این استعلام دیگر در انتظار پاسخ نیست.',
  lineMismatch: 'ردیف‌های فرستاده‌شده با ردیف‌های این سفارش یکی نیستند.',
  nothingAvailable: 'دست‌کم یک ردیف باید موجود و با تعداد بیش از صفر باشد؛ در غیر این صورت «تماس با فروشگاه» یا «رد» را بزنید.',
  receiptReviewed: 'این رسید پیش‌تر بررسی شده است.',
  receiptNoOrder: 'فاکتوری با شماره این رسید پیدا نشد.',
  notPaid: 'وضعیت ارسال فقط برای فاکتور پرداخت‌شده تعیین می‌شود.',
} as const;

/** The signed-in staff member; a customer gets 403, a guest 401. */
export async function requireStaff(c: Context, deps: AppDeps): Promise<CurrentUser> {
  const current = await requireUser(c, deps);
  if (current.user.role !== 'staff') throw new HttpError(403, STAFF_MESSAGES.forbidden);
  return current;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
async function record(tx: Tx, staffId: number, action: string, entity: string, entityId: number, details: Record<string, unknown> = {}) {
  await tx.insert(staffActions).values({ staffId, action, entity, entityId, details });
}

export async function staffListOrders(db: Db, state: string) {
  const rows = await db.select().from(orders).where(isNull(orders.deletedAt)).orderBy(desc(orders.createdAt)).limit(300);
  const quantities = await lineQuantities(db, rows.map((r) => r.id));
  const customers = new Map((await db.select({ id: users.id, username: users.username, name: users.name }).from(users)).map((u) => [u.id, u]));
  return rows
    .filter((r) => state === 'all' || orderState(r) === state)
    .map((r) => ({ ...toFactorSummary(r, quantities.get(r.id) ?? 0), customer: customers.get(r.userId)?.username ?? '' }));
}

async function orderById(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function staffOrderDetail(db: Db, id: number) {
  return toFactorDetail(db, await orderById(db, id), false);
}

/**
 * Confirms an enquiry, possibly changing each line's quantity, unit price and availability; the
 * totals are recomputed with the shared rule and the pre-invoice gets its expiry.
 */
export async function confirmEnquiry(db: Db, staffId: number, id: number, body: z.output<typeof staffConfirmBodySchema>, rates: ShippingRates, validHours: number, config?: Config) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound();
    if (order.status !== 'awaiting_approval') throw new HttpError(409, STAFF_MESSAGES.notAwaiting);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
    const sent = new Map(body.lines.map((l) => [l.id, l]));
    if (sent.size !== lines.length || lines.some((l) => !sent.has(l.id))) throw new HttpError(422, STAFF_MESSAGES.lineMismatch, { lines: [STAFF_MESSAGES.lineMismatch] });
    const totals: number[] = [];
    const changes: Record<string, unknown>[] = [];
    for (const line of lines) {
      const s = sent.get(line.id)!;
      const available = s.available && s.quantity > 0;
      const lineTotal = available ? s.quantity * s.unitPrice : 0;
      totals.push(lineTotal);
      if (s.quantity !== line.quantity || s.unitPrice !== line.unitPrice || available !== line.available) {
        changes.push({ line: line.id, quantity: [line.quantity, s.quantity], unitPrice: [line.unitPrice, s.unitPrice], available: [line.available, available] });
      }
      await tx.update(orderLines).set({ quantity: s.quantity, unitPrice: s.unitPrice, lineTotal, available, note: s.note ?? line.note })
        .where(eq(orderLines.id, line.id));
    }
    if (!totals.some((t) => t > 0) && !body.lines.some((l) => l.available && l.quantity > 0)) {
      throw new HttpError(422, STAFF_MESSAGES.nothingAvailable, { lines: [STAFF_MESSAGES.nothingAvailable] });
    }
    const amounts = amountsOnConfirm(order, lines, sent, rates);
    const now = new Date();
    await tx.update(orders).set({
      ...amounts, status: 'confirmed', type: 'p', confirmedAt: now, expiresAt: preInvoiceExpiry(now, validHours),
      staffNote: body.note ?? order.staffNote, updatedAt: now,
    }).where(eq(orders.id, id));
    await record(tx, staffId, 'order.confirm', 'order', id, { changes, total: amounts.total });
    if (config) await enqueuePreInvoiceReady(tx, config, id);
  });
  return staffOrderDetail(db, id);
}

/** Rejects an enquiry, or answers "please contact the store". */
export async function closeEnquiry(db: Db, staffId: number, id: number, outcome: 'rejected' | 'contact_store', note?: string) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound();
    if (order.status !== 'awaiting_approval') throw new HttpError(409, STAFF_MESSAGES.notAwaiting);
    await tx.update(orders).set({ status: outcome, type: outcome === 'rejected' ? 'a' : 'p', staffNote: note ?? order.staffNote, updatedAt: new Date() })
      .where(eq(orders.id, id));
    await record(tx, staffId, outcome === 'rejected' ? 'order.reject' : 'order.contact_store', 'order', id, note ? { note } : {});
  });
  return staffOrderDetail(db, id);
}

export async function setShipping(db: Db, staffId: number, id: number, body: z.output<typeof staffShippingBodySchema>, config?: Config) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound();
    if (order.status !== 'paid') throw new HttpError(409, STAFF_MESSAGES.notPaid);
    await tx.update(orders).set({
      shippingStatus: body.shippingStatus,
      shippingTrackingCode: body.shippingTrackingCode ?? order.shippingTrackingCode,
      shippingDescription: body.shippingDescription ?? order.shippingDescription,
      updatedAt: new Date(),
    }).where(eq(orders.id, id));
    await record(tx, staffId, 'order.shipping', 'order', id, { ...body });
    // Told once per tracking code: a later edit of the note alone sends nothing new.
    if (config && body.shippingStatus === 'shipped') await enqueueShipped(tx, config, id);
  });
  return staffOrderDetail(db, id);
}

/**
 * Accepting a receipt settles its invoice (stock taken, marked paid) in the same transaction as the
 * review and its record; a receipt whose invoice cannot be settled stays pending.
 */
export async function reviewReceipt(db: Db, staffId: number, id: number, verdict: 'accepted' | 'rejected', config?: Config) {
  await db.transaction(async (tx) => {
    const [receipt] = await tx.select().from(bankReceipts).where(eq(bankReceipts.id, id)).for('update');
    if (!receipt) throw notFound();
    if (receipt.status !== 'pending') throw new HttpError(409, STAFF_MESSAGES.receiptReviewed);
    if (verdict === 'accepted') {
      if (receipt.orderId === null) throw new HttpError(409, STAFF_MESSAGES.receiptNoOrder);
      await settleOrder(tx as unknown as Db, receipt.orderId, { allowExpired: true });
      if (config) await enqueueOrderPaid(tx, config, receipt.orderId);
    } else if (config) {
      await enqueueReceiptRejected(tx, config, id);
    }
    await tx.update(bankReceipts).set({ status: verdict, reviewedBy: staffId, reviewedAt: new Date() }).where(eq(bankReceipts.id, id));
    await record(tx, staffId, verdict === 'accepted' ? 'receipt.accept' : 'receipt.reject', 'bank_receipt', id, { orderId: receipt.orderId, price: receipt.price });
  });
}

export async function staffListPayments(db: Db) {
  const rows = await db.select({ p: payments, factorNumber: orders.factorNumber }).from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId)).orderBy(desc(payments.createdAt)).limit(300);
  return rows.map(({ p, factorNumber }) => ({
    id: p.id, orderId: p.orderId, factorNumber, gateway: p.gateway, amount: p.amount, status: p.status, refId: p.refId,
    flagged: p.flagged, failureReason: p.failureReason, createdAt: p.createdAt.toISOString(),
  }));
}

export async function staffListActions(db: Db) {
  const rows = await db.select({ a: staffActions, username: users.username }).from(staffActions)
    .innerJoin(users, eq(users.id, staffActions.staffId)).orderBy(desc(staffActions.id)).limit(300);
  return rows.map(({ a, username }) => ({
    id: a.id, staff: username, action: a.action, entity: a.entity, entityId: a.entityId, details: a.details, createdAt: a.createdAt.toISOString(),
  }));
}

