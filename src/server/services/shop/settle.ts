/**
 * The one way an invoice becomes paid, for a gateway payment and an accepted bank receipt alike: the
 * order moves confirmed → paid and its goods leave the stock in ONE transaction. Two guards make
 * overselling impossible even when customers pay for the last units at the same moment:
 *  - the order moves through the state machine's conditional UPDATE (`WHERE status = 'confirmed'`), so it is settled once;
 *  - each product's stock drops with `WHERE stock >= quantity`, a row-locked check-and-write, so the
 *    second buyer of the last units finds too little and the whole settlement rolls back.
 * Pre-order products (waiting to arrive) are sold ahead of stock: theirs never goes below zero.
 *
 * A gateway payment settles BEFORE the bank is asked to verify the money (src/server/payments/service.ts);
 * when the bank then says "not paid", unsettleOrder gives back exactly what was taken.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders, products } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { isExpired } from '../../../lib/pre-invoice';
import { BANK, moveOrder, TransitionError, type Actor } from './order-transitions';

export const SETTLE_MESSAGES = {
  notPayable: 'این پیش‌فاکتور قابل پرداخت نیست (تأیید نشده یا پیش‌تر پرداخت شده است).',
  expired: 'مهلت پرداخت این پیش‌فاکتور گذشته است.',
  outOfStock: 'موجودی برخی کالاهای این فاکتور کافی نیست؛ با فروشگاه تماس بگیرید.',
  changed: 'این پیش‌فاکتور پس از شروع پرداخت دوباره تأیید شده یا مبلغ آن تغییر کرده است.',
} as const;

/** A product with too little stock for an order's line. */
export interface Shortage {
  productId: number;
  name: string;
  partNumber: string;
  wanted: number;
  inStock: number;
}

export class SettleError extends HttpError {
  constructor(
    readonly reason: keyof typeof SETTLE_MESSAGES,
    readonly shortages: Shortage[] = [],
  ) {
    super(409, SETTLE_MESSAGES[reason]);
  }
}

/** What one settlement took: `quantity` sold (sales count), `taken` units out of stock (less for a pre-order). */
export interface StockTaken {
  productId: number;
  quantity: number;
  taken: number;
}

export interface SettleOptions {
  /** Gateways refuse an expired pre-invoice; staff accepting a bank receipt may still settle one. */
  allowExpired?: boolean;
  /**
   * The pre-invoice as the payer saw it when the payment began: confirmed again since (another price,
   * other lines) or at another total, it is not settled (SettleError 'changed').
   */
  expect?: { total: number; confirmedAt?: Date | null };
  now?: Date;
  /** Who settles: the bank (gateway payment, the default) or the staff member accepting a receipt. */
  actor?: Actor;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;
const sameInstant = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());

/**
 * Marks a confirmed pre-invoice paid (an invoice, type f) and takes its stock, all or nothing; throws
 * SettleError otherwise (with the short products for 'outOfStock'). Runs in the caller's transaction
 * when given one (as a savepoint), so the caller's own writes commit or roll back with it.
 */
export async function settleOrder(db: Db, orderId: number, opts: SettleOptions = {}): Promise<StockTaken[]> {
  const now = opts.now ?? new Date();
  const verb = opts.actor && opts.actor.kind !== 'bank' ? 'accept_receipt' : 'pay_online';
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        expiresAt: orders.expiresAt,
        deletedAt: orders.deletedAt,
        total: orders.total,
        confirmedAt: orders.confirmedAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order || order.status !== 'confirmed' || order.deletedAt) throw new SettleError('notPayable');
    const expected = opts.expect;
    if (
      expected &&
      (order.total !== expected.total || (expected.confirmedAt !== undefined && !sameInstant(order.confirmedAt, expected.confirmedAt)))
    ) {
      throw new SettleError('changed');
    }
    if (!opts.allowExpired && isExpired(order.expiresAt, now)) throw new SettleError('expired');
    try {
      await moveOrder(tx, orderId, verb, opts.actor ?? BANK, {
        set: { paidAt: now },
        now,
        onlyFrom: opts.allowExpired ? ['confirmed', 'expired'] : ['confirmed'],
        details: { total: order.total },
      });
    } catch (err) {
      if (err instanceof TransitionError) throw new SettleError('notPayable');
      throw err;
    }
    return takeStock(asDb(tx), orderId);
  });
}

/** The order's lines that take stock: available, with a product, more than zero units. */
async function stockLines(db: Db, orderId: number) {
  const lines = await db
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.available, true)));
  return lines.filter((l): l is { productId: number; quantity: number } => l.productId !== null && l.quantity > 0);
}

/**
 * Takes the stock of an order's lines, throwing SettleError 'outOfStock' (naming every short product)
 * when any has too little; the caller's transaction then rolls back whatever was taken before.
 */
async function takeStock(db: Db, orderId: number): Promise<StockTaken[]> {
  const taken: StockTaken[] = [];
  const short: number[] = [];
  for (const line of await stockLines(db, orderId)) {
    // The common case in one statement: the conditional update is the check.
    const [row] = await db
      .update(products)
      .set({
        stock: sql`${products.stock} - ${line.quantity}`,
        salesCount: sql`${products.salesCount} + ${line.quantity}`,
        // The product page shows stock and availability, the home page best sellers: they must be rebuilt.
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, line.productId), sql`${products.stock} >= ${line.quantity}`))
      .returning({ id: products.id });
    if (row) {
      taken.push({ ...line, taken: line.quantity });
      continue;
    }
    // Too little: a pre-order product still sells (its stock goes to zero, and we remember how much
    // that was, to give back exactly that); anything else is short. The row lock keeps `stock` exact.
    const [current] = await db
      .select({ stock: products.stock, preOrder: sql<boolean>`${products.availabilityDate} IS NOT NULL` })
      .from(products)
      .where(eq(products.id, line.productId))
      .for('update');
    if (current?.preOrder) {
      const units = Math.max(0, Math.min(current.stock, line.quantity));
      await db
        .update(products)
        .set({
          stock: sql`${products.stock} - ${units}`,
          salesCount: sql`${products.salesCount} + ${line.quantity}`,
          updatedAt: sql`now()`,
        })
        .where(eq(products.id, line.productId));
      taken.push({ ...line, taken: units });
    } else {
      short.push(line.productId);
    }
  }
  if (short.length > 0)
    throw new SettleError(
      'outOfStock',
      (await stockShortages(db, orderId)).filter((s) => short.includes(s.productId)),
    );
  return taken;
}

/**
 * Gives back what settleOrder took and returns the invoice to a payable pre-invoice (paid → confirmed),
 * for a gateway payment the bank did not confirm. Runs in the caller's transaction. False (and nothing
 * written) when the order is no longer paid: then it is not ours to give back blindly.
 */
export async function unsettleOrder(db: Db, orderId: number, taken: StockTaken[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    try {
      await moveOrder(tx, orderId, 'payment_undone', BANK, { set: { paidAt: null } });
    } catch (err) {
      if (err instanceof TransitionError) return false;
      throw err;
    }
    for (const line of taken) {
      await tx
        .update(products)
        .set({
          stock: sql`${products.stock} + ${line.taken}`,
          salesCount: sql`GREATEST(${products.salesCount} - ${line.quantity}, 0)`,
          updatedAt: sql`now()`,
        })
        .where(eq(products.id, line.productId));
    }
    return true;
  });
}

/** The order's lines whose product lacks the stock to settle it now (pre-order products never lack it). */
export async function stockShortages(db: Db, orderId: number): Promise<Shortage[]> {
  const lines = await stockLines(db, orderId);
  if (lines.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      name: products.nameFa,
      partNumber: products.partNumber,
      stock: products.stock,
      preOrder: sql<boolean>`${products.availabilityDate} IS NOT NULL`,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.flatMap((line) => {
    const p = byId.get(line.productId);
    if (!p || p.preOrder || p.stock >= line.quantity) return [];
    return [{ productId: p.id, name: p.name, partNumber: p.partNumber, wanted: line.quantity, inStock: Math.max(0, p.stock) }];
  });
}
