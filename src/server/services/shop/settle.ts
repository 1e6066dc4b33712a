/**
 * An invoice becomes paid and its goods leave the stock in ONE transaction. Two guards make overselling
 * impossible even when two customers pay for the last units at the same moment:
 *  - the order moves confirmed → paid with a conditional UPDATE, so one order is settled once;
 *  - each product's stock drops with `WHERE stock >= quantity`, a row-locked check-and-write, so the
 *    second buyer of the last units finds too little and the whole settlement rolls back.
 * Pre-order products (waiting to arrive) are sold ahead of stock: theirs never goes below zero.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders, products } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { isExpired } from '../../../lib/pre-invoice';

export const SETTLE_MESSAGES = {
  notPayable: 'این پیش‌فاکتور قابل پرداخت نیست (تأیید نشده یا پیش‌تر پرداخت شده است).',
  expired: 'مهلت پرداخت این پیش‌فاکتور گذشته است.',
  outOfStock: 'موجودی برخی کالاهای این فاکتور کافی نیست؛ با فروشگاه تماس بگیرید.',
} as const;

export class SettleError extends HttpError {
  constructor(readonly reason: keyof typeof SETTLE_MESSAGES) {
    super(409, SETTLE_MESSAGES[reason]);
  }
}

export interface SettleOptions {
  /** Gateways refuse an expired pre-invoice; staff accepting a bank receipt may still settle one. */
  allowExpired?: boolean;
  now?: Date;
}

/** Marks a confirmed pre-invoice paid (an invoice, type f) and takes its stock; throws SettleError otherwise. */
export async function settleOrder(db: Db, orderId: number, opts: SettleOptions = {}): Promise<void> {
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status, expiresAt: orders.expiresAt }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.status !== 'confirmed') throw new SettleError('notPayable');
    if (!opts.allowExpired && isExpired(order.expiresAt, now)) throw new SettleError('expired');
    const moved = await tx.update(orders).set({ status: 'paid', type: 'f', paidAt: now, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'confirmed'))).returning({ id: orders.id });
    if (moved.length === 0) throw new SettleError('notPayable');
    await takeStock(tx as unknown as Db, orderId);
  });
}

/**
 * Takes the stock of an order's available lines, all or nothing (a savepoint), throwing SettleError
 * 'outOfStock' when any product has too little. Runs inside the caller's transaction.
 */
export async function takeStock(db: Db, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const lines = await tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.available, true)));
    for (const line of lines) {
      if (line.productId === null || line.quantity <= 0) continue;
      const taken = await tx.update(products).set({
        stock: sql`CASE WHEN ${products.availabilityDate} IS NOT NULL THEN GREATEST(${products.stock} - ${line.quantity}, 0) ELSE ${products.stock} - ${line.quantity} END`,
        salesCount: sql`${products.salesCount} + ${line.quantity}`,
        // The product page shows stock and availability, the home page best sellers: they must be rebuilt.
        updatedAt: sql`now()`,
      }).where(and(eq(products.id, line.productId), sql`(${products.stock} >= ${line.quantity} OR ${products.availabilityDate} IS NOT NULL)`))
        .returning({ id: products.id });
      if (taken.length === 0) throw new SettleError('outOfStock');
    }
  });
}

/**
 * The payment service's onOrderPaid hook: the bank has already taken the money, so a shortage must not
 * undo the payment. Stock never goes below zero; the invoice is kept paid and noted for staff instead.
 */
export async function takeStockForGatewayPayment(db: Db, orderId: number): Promise<void> {
  try {
    await takeStock(db, orderId);
  } catch (err) {
    if (!(err instanceof SettleError)) throw err;
    await db.update(orders).set({ staffNote: sql`concat_ws(' | ', ${orders.staffNote}, ${STOCK_SHORT_NOTE}::text)` }).where(eq(orders.id, orderId));
  }
}

export const STOCK_SHORT_NOTE = 'موجودی هنگام پرداخت آنلاین کافی نبود؛ با مشتری تماس بگیرید.';
