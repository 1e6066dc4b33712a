/**
 * The staff console's operations. Each one writes its change and a staff_actions row (who, what, when)
 * in the same transaction, so the record can never miss an action nor claim one that did not happen.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffOrderListQuery, staffConfirmBodySchema, staffShippingBodySchema } from '../../../api/schemas/shop';
import { toAsciiDigits } from '../../../lib/persian';
import { preInvoiceExpiry } from '../../../lib/pre-invoice';
import type { ShippingRates } from '../../../lib/shipping';
import { ADMIN_ONLY, STAFF_ONLY } from '../../auth/staff-guard';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bankReceipts, orderLines, orders, payments, products, staffActions, users, type StaffRole } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { amountsOnConfirm } from './confirm-amounts';
import { lineQuantities, toFactorDetail, toFactorSummary } from './factor-views';
import { SHIPPING_STATUS_LABELS } from './order-states';
import { moveOrder, orderTimeline, ordersInStates, recordOrderEvent, type Actor } from './order-transitions';
import { settleOrder } from './settle';
import { enqueueOrderPaid, enqueuePreInvoiceReady, enqueueReceiptRejected, enqueueShipped } from '../../notifications/order-events';

export const STAFF_MESSAGES = {
  forbidden: STAFF_ONLY,
  adminOnly: ADMIN_ONLY,
  notAwaiting: 'این استعلام دیگر در انتظار پاسخ نیست.',
  lineMismatch: 'ردیف‌های فرستاده‌شده با ردیف‌های این سفارش یکی نیستند.',
  nothingAvailable: 'دست‌کم یک ردیف باید موجود و با تعداد بیش از صفر باشد؛ در غیر این صورت «تماس با فروشگاه» یا «رد» را بزنید.',
  reasonNeeded: 'برای هر ردیفی که تعداد، قیمت یا موجودی آن را تغییر داده‌اید دلیلی بنویسید؛ مشتری آن را می‌بیند.',
  receiptReviewed: 'این رسید پیش‌تر بررسی شده است.',
  receiptNoOrder: 'فاکتوری با شماره این رسید پیدا نشد.',
  notPaid: 'وضعیت ارسال فقط برای فاکتور پرداخت‌شده تعیین می‌شود.',
  trackingNeeded: 'برای «ارسال شده» کد رهگیری مرسوله را بنویسید.',
  memberNotFound: 'کاربری با این نام کاربری پیدا نشد.',
  lastAdmin: 'فروشگاه دست‌کم یک مدیر لازم دارد؛ نقش مدیر دیگری را پیش‌تر تعیین کنید.',
  ownRole: 'نقش خودتان را نمی‌توانید تغییر دهید.',
} as const;

/** The state machine's actor for a staff member: their role decides what the table lets them do. */
export const staffActor = (user: { id: number; staffRole: StaffRole }): Actor & { id: number } => ({ kind: user.staffRole, id: user.id });

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
async function record(tx: Tx, staffId: number, action: string, entity: string, entityId: number, details: Record<string, unknown> = {}) {
  await tx.insert(staffActions).values({ staffId, action, entity, entityId, details });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A page of orders, newest first: by state, shipping status, day, and a search over codes and customer. */
export async function staffListOrders(db: Db, query: StaffOrderListQuery) {
  const now = new Date();
  const q = query.q ? toAsciiDigits(query.q).trim() : '';
  const like = `%${escapeLike(q)}%`;
  // Deleted orders stay listed: the customer's deletion is the cancelled state, kept for the store's records.
  const where = and(
    query.state === 'all' ? undefined : ordersInStates([query.state], now),
    query.shipping ? eq(orders.shippingStatus, query.shipping) : undefined,
    query.from ? gte(orders.createdAt, new Date(`${query.from}T00:00:00+03:30`)) : undefined,
    query.to ? lt(orders.createdAt, new Date(new Date(`${query.to}T00:00:00+03:30`).getTime() + 86_400_000)) : undefined,
    q
      ? or(
          eq(orders.factorNumber, q),
          ilike(orders.trackingCode, like),
          ilike(users.username, like),
          ilike(users.name, like),
          ilike(users.mobile, like),
        )
      : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where)) as [
    { total: number },
  ];
  const rows = await db
    .select({ o: orders, username: users.username, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const quantities = await lineQuantities(
    db,
    rows.map((r) => r.o.id),
  );
  return {
    data: rows.map(({ o, username, name }) => ({
      ...toFactorSummary(o, quantities.get(o.id) ?? 0, now),
      customer: username,
      customerName: name,
      shippingStatusLabel: SHIPPING_STATUS_LABELS[o.shippingStatus] ?? o.shippingStatus,
    })),
    total: Number(total),
    page: query.page,
    pages: Math.max(1, Math.ceil(Number(total) / query.limit)),
    limit: query.limit,
  };
}

async function orderById(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

async function usernamesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Everything a clerk needs to answer an order: customer, lines with today's stock, timeline, shipping rates. */
export async function staffOrderDetail(db: Db, id: number, rates?: ShippingRates) {
  const row = await orderById(db, id);
  const detail = await toFactorDetail(db, row, false);
  const [customer] = await db
    .select({ username: users.username, name: users.name, mobile: users.mobile, email: users.email, companyName: users.companyName })
    .from(users)
    .where(eq(users.id, row.userId));
  const productIds = detail.lines.flatMap((l) => (l.productId === null ? [] : [l.productId]));
  const stock =
    productIds.length === 0
      ? []
      : await db.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, productIds));
  const stockOf = new Map(stock.map((p) => [p.id, p.stock]));
  return {
    ...detail,
    lines: detail.lines.map((l) => ({ ...l, stock: l.productId === null ? null : (stockOf.get(l.productId) ?? null) })),
    customer: customer ?? null,
    shippingStatusLabel: SHIPPING_STATUS_LABELS[row.shippingStatus] ?? row.shippingStatus,
    timeline: await orderTimeline(db, id, true, (ids) => usernamesOf(db, ids)),
    shippingRates: rates ?? null,
  };
}

const sameLine = (
  a: { quantity: number; unitPrice: number; available: boolean },
  b: { quantity: number; unitPrice: number; available: boolean },
) => a.quantity === b.quantity && a.unitPrice === b.unitPrice && a.available === b.available;

/**
 * Confirms an enquiry, possibly changing each line's quantity, unit price and availability (each
 * change with its reason, which the customer sees); the totals are recomputed with the shared rule and
 * the pre-invoice gets its expiry.
 */
export async function confirmEnquiry(
  db: Db,
  staff: Actor & { id: number },
  id: number,
  body: z.output<typeof staffConfirmBodySchema>,
  rates: ShippingRates,
  validHours: number,
  config?: Config,
) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound();
    if (order.status !== 'awaiting_approval') throw new HttpError(409, STAFF_MESSAGES.notAwaiting);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
    const sent = new Map(body.lines.map((l) => [l.id, l]));
    if (sent.size !== lines.length || lines.some((l) => !sent.has(l.id)))
      throw new HttpError(422, STAFF_MESSAGES.lineMismatch, { lines: [STAFF_MESSAGES.lineMismatch] });
    const totals: number[] = [];
    const changes: Record<string, unknown>[] = [];
    const unexplained: string[] = [];
    for (const line of lines) {
      const s = sent.get(line.id)!;
      const available = s.available && s.quantity > 0;
      const lineTotal = available ? s.quantity * s.unitPrice : 0;
      totals.push(lineTotal);
      // Measured against what the customer asked for, so a second round cannot hide a change.
      const asked = { quantity: line.requestedQuantity, unitPrice: line.unitPrice, available: true };
      if (
        !sameLine({ quantity: s.quantity, unitPrice: s.unitPrice, available }, asked) ||
        !sameLine({ quantity: s.quantity, unitPrice: s.unitPrice, available }, line)
      ) {
        changes.push({
          line: line.id,
          quantity: [line.quantity, s.quantity],
          unitPrice: [line.unitPrice, s.unitPrice],
          available: [line.available, available],
          reason: s.note ?? line.note,
        });
        if (!(s.note ?? line.note)) unexplained.push(`${line.id}`);
      }
      await tx
        .update(orderLines)
        .set({ quantity: s.quantity, unitPrice: s.unitPrice, lineTotal, available, note: s.note ?? line.note })
        .where(eq(orderLines.id, line.id));
    }
    if (unexplained.length > 0) {
      throw new HttpError(
        422,
        STAFF_MESSAGES.reasonNeeded,
        Object.fromEntries(unexplained.map((l) => [`lines.${l}.note`, [STAFF_MESSAGES.reasonNeeded]])),
      );
    }
    if (!totals.some((t) => t > 0) && !body.lines.some((l) => l.available && l.quantity > 0)) {
      throw new HttpError(422, STAFF_MESSAGES.nothingAvailable, { lines: [STAFF_MESSAGES.nothingAvailable] });
    }
    const amounts = amountsOnConfirm(order, lines, sent, rates);
    const now = new Date();
    await moveOrder(tx, id, 'confirm', staff, {
      set: { ...amounts, confirmedAt: now, expiresAt: preInvoiceExpiry(now, validHours), staffNote: body.note ?? order.staffNote },
      reason: body.note ?? null,
      details: { changes, total: amounts.total },
      refused: STAFF_MESSAGES.notAwaiting,
      now,
    });
    await record(tx, staff.id, 'order.confirm', 'order', id, { changes, total: amounts.total });
    if (config) await enqueuePreInvoiceReady(tx, config, id);
  });
  return staffOrderDetail(db, id, rates);
}

/** Rejects an enquiry, or answers "please contact the store". */
export async function closeEnquiry(
  db: Db,
  staff: Actor & { id: number },
  id: number,
  outcome: 'rejected' | 'contact_store',
  note?: string,
) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound();
    await moveOrder(tx, id, outcome === 'rejected' ? 'reject' : 'contact', staff, {
      set: { staffNote: note ?? order.staffNote },
      reason: note ?? null,
      refused: STAFF_MESSAGES.notAwaiting,
    });
    await record(tx, staff.id, outcome === 'rejected' ? 'order.reject' : 'order.contact_store', 'order', id, note ? { note } : {});
  });
  return staffOrderDetail(db, id);
}

export async function setShipping(
  db: Db,
  staff: Actor & { id: number },
  id: number,
  body: z.output<typeof staffShippingBodySchema>,
  config?: Config,
) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound();
    if (order.status !== 'paid') throw new HttpError(409, STAFF_MESSAGES.notPaid);
    const trackingCode = body.shippingTrackingCode || order.shippingTrackingCode;
    if (body.shippingStatus === 'shipped' && !trackingCode) {
      throw new HttpError(422, STAFF_MESSAGES.trackingNeeded, { shippingTrackingCode: [STAFF_MESSAGES.trackingNeeded] });
    }
    await tx
      .update(orders)
      .set({
        shippingStatus: body.shippingStatus,
        shippingTrackingCode: trackingCode,
        shippingDescription: body.shippingDescription || order.shippingDescription,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id));
    await record(tx, staff.id, 'order.shipping', 'order', id, { ...body });
    const carrier = body.shippingDescription || order.shippingDescription;
    await recordOrderEvent(tx, {
      orderId: id,
      verb: 'shipping',
      state: 'paid',
      actor: staff,
      reason: [SHIPPING_STATUS_LABELS[body.shippingStatus], carrier, trackingCode].filter(Boolean).join(' — '),
      details: { shippingStatus: body.shippingStatus, carrier, trackingCode },
    });
    // Told once per tracking code: a later edit of the note alone sends nothing new.
    if (config && body.shippingStatus === 'shipped') await enqueueShipped(tx, config, id);
  });
  return staffOrderDetail(db, id);
}

/**
 * Accepting a receipt settles its invoice (stock taken, marked paid) in the same transaction as the
 * review and its record; a receipt whose invoice cannot be settled stays pending.
 */
export async function reviewReceipt(
  db: Db,
  staff: Actor & { id: number },
  id: number,
  verdict: 'accepted' | 'rejected',
  config?: Config,
): Promise<{ productIds: number[] }> {
  const staffId = staff.id;
  return db.transaction(async (tx) => {
    let productIds: number[] = [];
    const [receipt] = await tx.select().from(bankReceipts).where(eq(bankReceipts.id, id)).for('update');
    if (!receipt) throw notFound();
    if (receipt.status !== 'pending') throw new HttpError(409, STAFF_MESSAGES.receiptReviewed);
    if (verdict === 'accepted') {
      if (receipt.orderId === null) throw new HttpError(409, STAFF_MESSAGES.receiptNoOrder);
      const taken = await settleOrder(tx as unknown as Db, receipt.orderId, { allowExpired: true, actor: staff });
      productIds = taken.map((t) => t.productId);
      if (config) await enqueueOrderPaid(tx, config, receipt.orderId);
    } else if (config) {
      await enqueueReceiptRejected(tx, config, id);
    }
    await tx.update(bankReceipts).set({ status: verdict, reviewedBy: staffId, reviewedAt: new Date() }).where(eq(bankReceipts.id, id));
    await record(tx, staffId, verdict === 'accepted' ? 'receipt.accept' : 'receipt.reject', 'bank_receipt', id, {
      orderId: receipt.orderId,
      price: receipt.price,
    });
    // The products whose stock the settlement took (the search index patches them).
    return { productIds };
  });
}

export async function staffListPayments(db: Db) {
  const rows = await db
    .select({ p: payments, factorNumber: orders.factorNumber })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .orderBy(desc(payments.createdAt))
    .limit(300);
  return rows.map(({ p, factorNumber }) => ({
    id: p.id,
    orderId: p.orderId,
    factorNumber,
    gateway: p.gateway,
    amount: p.amount,
    status: p.status,
    refId: p.refId,
    flagged: p.flagged,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
  }));
}

export async function staffListActions(db: Db) {
  const rows = await db
    .select({ a: staffActions, username: users.username })
    .from(staffActions)
    .innerJoin(users, eq(users.id, staffActions.staffId))
    .orderBy(desc(staffActions.id))
    .limit(300);
  return rows.map(({ a, username }) => ({
    id: a.id,
    staff: username,
    action: a.action,
    entity: a.entity,
    entityId: a.entityId,
    details: a.details,
    createdAt: a.createdAt.toISOString(),
  }));
}
