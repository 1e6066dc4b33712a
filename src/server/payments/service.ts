import { and, eq, lt } from 'drizzle-orm';
import { isExpired } from '../../lib/pre-invoice';
import type { Db } from '../db/client';
import { orders, payments, users, type PaymentFailure } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { settleOrder, SettleError, stockShortages, unsettleOrder, type Shortage, type StockTaken } from '../services/shop/settle';
import type { GatewayName, PaymentGateway, VerifyResult } from './gateway';
import { GatewayUnreachable } from './http';
import { nextPaymentState } from './state';
import type { StockShortNotice } from './store-notice';

/**
 * Paying an invoice at a bank, gateway-neutral. Money is verified (captured) only for goods we hold:
 *
 * 1. Start: the pre-invoice must be payable and its stock there; any earlier open attempt of the same
 *    invoice is cancelled (one open attempt per invoice), then the bank hands out an authority.
 * 2. Callback, first transaction: the order moves confirmed → paid and its stock is taken through the
 *    one settle path (conditional updates), and the attempt becomes VERIFYING. Stock short, or the
 *    pre-invoice deleted, paid or confirmed again since the attempt began: the attempt FAILS and the bank
 *    is never asked to verify, so the payer's money goes back by itself (Shaparak reverses unverified
 *    payments); the store is mailed about a shortage.
 * 3. Only then the bank's verify, with the amount we stored, outside any transaction.
 * 4. Second transaction: verified → SUCCEED; "not paid" → the order goes back to confirmed and exactly
 *    the units taken return to stock.
 *
 * Why two transactions and not one row lock held across the verify: the bank may take up to the HTTP
 * timeout (20 s) to answer. PGlite runs one transaction at a time for the whole process, so an open
 * transaction there would stall every request of the shop for that long; on PostgreSQL it would hold a
 * pooled connection and the product rows' locks, queueing every other buyer of those products behind a
 * slow bank. Instead the VERIFYING state is the lock: it is only entered from INIT under the order's and
 * the attempt's row locks, and only the request holding its lease (updated_at younger than
 * VERIFY_LEASE_MS, longer than the bank timeout) may finish it. A server that dies between the two
 * transactions leaves a VERIFYING attempt whose lease runs out; resumeStalled (run periodically by the
 * server) or the shopper's next callback then verifies again and finishes it — a repeated verify is
 * safe (ZarinPal answers 101 "already verified").
 *
 * Replayed or forged callbacks change nothing: an unknown authority, a Sadad OrderId not ours, or an
 * attempt already final (SUCCEED, FAILED, CANCELLED) is only reported. A success page is shown only for
 * an attempt that was applied (SUCCEED).
 */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
const asDb = (tx: Tx) => tx as unknown as Db;

/** Longer than the banks' HTTP timeout (http.ts, 20 s): a live verify is never taken over. */
export const VERIFY_LEASE_MS = 60_000;
/** How long a callback waits for another request verifying the same attempt before answering "pending". */
const WAIT_FOR_VERIFY_MS = 25_000;

export interface PaymentServiceOptions {
  db: Db;
  gateways: Partial<Record<GatewayName, PaymentGateway>>;
  /** These products' stock changed (the read cache must forget what it knew; the search index patches them). */
  onStockChanged?: (productIds: number[]) => void;
  /** A payment came back for goods no longer in stock: the store is told (a mail). */
  onStockShort?: (notice: StockShortNotice) => Promise<void>;
  /** The bank verified the money and the invoice is paid for good: runs in that transaction (the paid mails are queued with it). */
  onPaid?: (tx: Tx, orderId: number) => Promise<void>;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export const PAYMENT_MESSAGES = {
  gatewayOff: 'این درگاه پرداخت در دسترس نیست.',
  notPayable: 'این پیش‌فاکتور قابل پرداخت نیست.',
  expired: 'مهلت پرداخت این پیش‌فاکتور گذشته است.',
  unreachable: 'ارتباط با درگاه بانک برقرار نشد؛ لطفاً دوباره تلاش کنید.',
  gatewayRefused: 'درگاه بانک درخواست پرداخت را نپذیرفت',
  pending: 'پاسخ بانک هنوز نرسیده است؛ وضعیت پرداخت تا چند دقیقه دیگر در فهرست سفارش‌های شما به‌روز می‌شود.',
} as const;

/** Why an attempt was not applied, in the customer's words (the fail page shows its own translation of the code). */
export const FAILURE_MESSAGES: Record<PaymentFailure, string> = {
  not_paid: 'بانک پرداخت را تأیید نکرد. اگر مبلغی از حساب شما کم شده، ظرف ۷۲ ساعت بازگردانده می‌شود.',
  out_of_stock:
    'موجودی کالاهای این پیش‌فاکتور پیش از تأیید پرداخت شما تمام شد؛ پرداخت تأیید نشد و مبلغ کسرشده حداکثر تا ۷۲ ساعت به حساب شما بازمی‌گردد. فروشگاه باخبر شد و با شما تماس می‌گیرد.',
  changed:
    'این پیش‌فاکتور پس از شروع پرداخت تغییر کرده، حذف شده یا پرداخت شده است؛ پرداخت تأیید نشد و مبلغ کسرشده حداکثر تا ۷۲ ساعت به حساب شما بازمی‌گردد.',
  superseded: 'برای این پیش‌فاکتور پرداخت تازه‌تری آغاز شده و این پرداخت لغو شده است؛ اگر مبلغی کم شده، حداکثر تا ۷۲ ساعت بازمی‌گردد.',
  gateway_refused: 'درگاه بانک درخواست پرداخت را نپذیرفت.',
};

/** The 409 of a start when the stock no longer covers the pre-invoice. */
export function stockShortMessage(shortages: Shortage[]): string {
  const names = shortages.map((s) => `«${s.name}» (${s.partNumber}: موجود ${s.inStock}، در پیش‌فاکتور ${s.wanted})`).join('، ');
  return `موجودی این کالاها برای پرداخت کافی نیست: ${names}. پرداخت آغاز نشد؛ لطفاً با فروشگاه تماس بگیرید یا دوباره استعلام بگیرید.`;
}

export interface StartedPayment {
  paymentId: number;
  redirectUrl: string;
}

interface OutcomeBase {
  paymentId: number;
  orderId: number;
  factorNumber: string;
}
export type CallbackOutcome =
  | (OutcomeBase & { result: 'paid'; trackingCode: string; refId: string; replay: boolean })
  | (OutcomeBase & { result: 'failed'; code: PaymentFailure; reason: string })
  | (OutcomeBase & { result: 'pending'; reason: string })
  | { result: 'unknown' };

export function createPaymentService(opts: PaymentServiceOptions) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const changed = (taken: readonly StockTaken[]) => opts.onStockChanged?.(taken.map((t) => t.productId));

  function gatewayOf(name: GatewayName): PaymentGateway {
    const gateway = opts.gateways[name];
    if (!gateway) throw new HttpError(409, PAYMENT_MESSAGES.gatewayOff);
    return gateway;
  }

  /**
   * A confirmed, unexpired pre-invoice whose goods are in stock gets a gateway attempt for its total.
   * Earlier open attempts of the invoice are cancelled in the same transaction (under the order's row
   * lock, which the callback takes first too): at most one attempt per invoice can ever be applied.
   */
  async function startPayment(input: {
    orderId: number;
    gateway: GatewayName;
    callbackUrl: string;
    mobile?: string | null;
    email?: string | null;
  }): Promise<StartedPayment> {
    const gateway = gatewayOf(input.gateway);
    const at = now();
    const { paymentId, order } = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
      if (!order || order.deletedAt) throw notFound();
      if (order.status !== 'confirmed' || order.type !== 'p' || order.total <= 0) throw new HttpError(409, PAYMENT_MESSAGES.notPayable);
      if (isExpired(order.expiresAt, at)) throw new HttpError(409, PAYMENT_MESSAGES.expired);
      const shortages = await stockShortages(asDb(tx), order.id);
      if (shortages.length > 0) throw new HttpError(409, stockShortMessage(shortages));
      await tx
        .update(payments)
        .set({ status: 'CANCELLED', failureCode: 'superseded', failureReason: 'a newer attempt began', updatedAt: at })
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'INIT')));
      // The row exists before the bank is asked, so its id can be Sadad's unique numeric OrderId.
      const [row] = await tx
        .insert(payments)
        .values({ orderId: order.id, gateway: input.gateway, amount: order.total, orderConfirmedAt: order.confirmedAt })
        .returning({ id: payments.id });
      return { paymentId: row!.id, order };
    });
    try {
      const started = await gateway.start({
        amount: order.total,
        attemptId: paymentId,
        factorNumber: order.factorNumber,
        callbackUrl: input.callbackUrl,
        description: `پرداخت پیش‌فاکتور ${order.factorNumber}`,
        mobile: input.mobile,
        email: input.email,
      });
      if (!started.ok) {
        await fail(paymentId, 'INIT', 'gateway_refused', `${started.code}: ${started.message}`, { requestPayload: started.payload });
        throw new HttpError(502, `${PAYMENT_MESSAGES.gatewayRefused}: ${started.message}`);
      }
      await db
        .update(payments)
        .set({ authority: started.authority, gatewayOrderId: started.gatewayOrderId, requestPayload: started.payload, updatedAt: now() })
        .where(eq(payments.id, paymentId));
      return { paymentId, redirectUrl: started.redirectUrl };
    } catch (err) {
      if (err instanceof GatewayUnreachable) {
        await fail(paymentId, 'INIT', 'gateway_refused', err.message);
        throw new HttpError(502, PAYMENT_MESSAGES.unreachable);
      }
      throw err;
    }
  }

  /** INIT → FAILED outside a callback (the bank refused to start it). */
  async function fail(paymentId: number, from: 'INIT', code: PaymentFailure, reason: string, extra: Partial<PaymentRow> = {}) {
    await db
      .update(payments)
      .set({ ...extra, status: nextPaymentState(from, 'refused')!, failureCode: code, failureReason: reason, updatedAt: now() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, from)));
  }

  /**
   * The bank sent the browser back. `authority` is ZarinPal's Authority or Sadad's token;
   * `gatewayOrderId` is Sadad's OrderId, which must match the one we sent. `bankSaysPaid` is the
   * callback's own claim (ZarinPal Status=OK, Sadad ResCode=0): when it says "not paid" there is nothing
   * to verify and nothing is taken; when it says "paid" only the verify decides.
   */
  async function completePayment(
    name: GatewayName,
    callback: { authority: string; gatewayOrderId?: string; bankSaysPaid?: boolean },
  ): Promise<CallbackOutcome> {
    gatewayOf(name);
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, name), eq(payments.authority, callback.authority)));
    if (!payment) return { result: 'unknown' };
    if (callback.gatewayOrderId !== undefined && callback.gatewayOrderId !== payment.gatewayOrderId) return { result: 'unknown' };
    const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
    if (!order) return { result: 'unknown' };
    if (callback.bankSaysPaid === false && payment.status === 'INIT') {
      // Cancelled at the bank's page: the attempt stays as it is (a newer start cancels it).
      return failed(payment, order, 'not_paid');
    }

    const waitUntil = now().getTime() + WAIT_FOR_VERIFY_MS;
    for (;;) {
      const [current] = await db.select().from(payments).where(eq(payments.id, payment.id));
      const row = current!;
      switch (row.status) {
        case 'SUCCEED':
          return paid(row, order, true);
        case 'FAILED':
        case 'CANCELLED':
          return failed(row, order, row.failureCode ?? 'not_paid');
        case 'INIT': {
          const claim = await claimStock(row);
          if (claim.kind === 'raced') continue;
          if (claim.kind === 'refused') return failed(row, order, claim.code);
          return verifyAndFinish(claim.payment, order);
        }
        case 'VERIFYING': {
          // Another request is verifying it: wait for its answer. A lease run out means that request
          // died; this one takes over (one winner: a conditional update on the old timestamp).
          if (await takeOverStale(row)) return verifyAndFinish({ ...row, updatedAt: now() }, order);
          if (now().getTime() >= waitUntil)
            return {
              result: 'pending',
              paymentId: row.id,
              orderId: order.id,
              factorNumber: order.factorNumber,
              reason: PAYMENT_MESSAGES.pending,
            };
          await sleep(100);
          continue;
        }
      }
    }
  }

  type Claim = { kind: 'claimed'; payment: PaymentRow } | { kind: 'refused'; code: PaymentFailure } | { kind: 'raced' };

  /**
   * First transaction: the order's row lock first (startPayment takes the same lock first, so the two
   * never deadlock), then the attempt's; settle through the one settle path, or refuse the attempt.
   */
  async function claimStock(payment: PaymentRow): Promise<Claim> {
    const at = now();
    let shortage: Shortage[] | null = null;
    const claim = await db.transaction(async (tx): Promise<Claim> => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, payment.orderId)).for('update');
      const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      if (locked!.status !== 'INIT') return { kind: 'raced' };
      try {
        // An attempt begun before expiry may finish after it: the customer paid what the bank showed.
        const taken = await settleOrder(asDb(tx), locked!.orderId, {
          allowExpired: true,
          now: at,
          expect: { total: locked!.amount, ...(locked!.orderConfirmedAt ? { confirmedAt: locked!.orderConfirmedAt } : {}) },
        });
        const [claimed] = await tx
          .update(payments)
          .set({ status: nextPaymentState('INIT', 'claimed')!, stockTaken: taken, updatedAt: at })
          .where(eq(payments.id, locked!.id))
          .returning();
        return { kind: 'claimed', payment: claimed! };
      } catch (err) {
        if (!(err instanceof SettleError)) throw err;
        const code: PaymentFailure = err.reason === 'outOfStock' ? 'out_of_stock' : 'changed';
        if (code === 'out_of_stock') shortage = err.shortages;
        await tx
          .update(payments)
          .set({ status: nextPaymentState('INIT', 'refused')!, failureCode: code, failureReason: err.message, updatedAt: at })
          .where(eq(payments.id, locked!.id));
        return { kind: 'refused', code };
      }
    });
    if (claim.kind === 'claimed') changed((claim.payment.stockTaken ?? []) as StockTaken[]);
    if (shortage) await tellStore(payment, shortage);
    return claim;
  }

  async function takeOverStale(row: PaymentRow): Promise<boolean> {
    if (now().getTime() - row.updatedAt.getTime() < VERIFY_LEASE_MS) return false;
    const taken = await db
      .update(payments)
      .set({ updatedAt: now() })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'VERIFYING'), eq(payments.updatedAt, row.updatedAt)))
      .returning({ id: payments.id });
    return taken.length === 1;
  }

  /** Steps 3 and 4: ask the bank, then apply its answer to the VERIFYING attempt (if still ours). */
  async function verifyAndFinish(payment: PaymentRow, order: OrderRow): Promise<CallbackOutcome> {
    const gateway = gatewayOf(payment.gateway);
    let verdict: VerifyResult;
    try {
      verdict = await gateway.verify({ authority: payment.authority!, amount: payment.amount });
    } catch (err) {
      // No answer: the bank may or may not have verified. The attempt stays VERIFYING (stock held) and
      // is verified again once its lease runs out (resumeStalled, or the shopper's next callback).
      return {
        result: 'pending',
        paymentId: payment.id,
        orderId: order.id,
        factorNumber: order.factorNumber,
        reason: `${PAYMENT_MESSAGES.pending} (${(err as Error).message})`,
      };
    }
    // A bank that echoes amount and order id (Sadad) must echo ours; otherwise it is not our money.
    const mismatch =
      verdict.paid &&
      ((verdict.amount !== null && verdict.amount !== payment.amount) ||
        (verdict.gatewayOrderId !== null && payment.gatewayOrderId !== null && verdict.gatewayOrderId !== payment.gatewayOrderId));

    if (verdict.paid && !mismatch) {
      const at = now();
      const other = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
        if (locked!.status !== 'VERIFYING') return locked!;
        await tx
          .update(payments)
          .set({
            status: nextPaymentState('VERIFYING', 'verified')!,
            refId: verdict.refId,
            cardPan: verdict.cardPan,
            verifyPayload: verdict.payload,
            verifiedAt: at,
            updatedAt: at,
            failureCode: null,
            failureReason: null,
          })
          .where(eq(payments.id, payment.id));
        await opts.onPaid?.(tx, payment.orderId);
        return null;
      });
      if (!other) return paid({ ...payment, refId: verdict.refId }, order, false);
      if (other.status === 'SUCCEED') return paid(other, order, true);
      // Verified money for an attempt that was given up meanwhile (only if a stalled request came
      // back after another finished it): give it back where the bank allows, flag it for staff.
      await giveBack(gateway, other, verdict.payload);
      return failed(other, order, other.failureCode ?? 'not_paid');
    }

    const reason = verdict.paid ? 'مبلغ یا شماره سفارش تأییدشده با پرداخت یکسان نیست' : `${verdict.code}: ${verdict.message}`;
    const after = await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, payment.orderId)).for('update');
      const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      if (locked!.status !== 'VERIFYING') return locked!;
      const givenBack = await unsettleOrder(asDb(tx), locked!.orderId, (locked!.stockTaken ?? []) as StockTaken[]);
      const [row] = await tx
        .update(payments)
        .set({
          status: nextPaymentState('VERIFYING', 'not-paid')!,
          failureCode: 'not_paid',
          verifyPayload: verdict.payload,
          // An order moved on by someone else meanwhile keeps its stock: staff decide (flagged).
          failureReason: givenBack ? reason : `${reason} | order no longer paid: stock not given back, check by hand`,
          flagged: verdict.paid || !givenBack,
          updatedAt: now(),
        })
        .where(eq(payments.id, payment.id))
        .returning();
      return row!;
    });
    changed((after.stockTaken ?? []) as StockTaken[]);
    if (after.status === 'SUCCEED') return paid(after, order, true);
    if (verdict.paid) await giveBack(gateway, after, verdict.payload);
    return failed(after, order, after.failureCode ?? 'not_paid', verdict.paid ? FAILURE_MESSAGES.not_paid : verdict.message);
  }

  /** ZarinPal can reverse a verified payment; otherwise (Sadad) staff refund the flagged attempt by hand. */
  async function giveBack(gateway: PaymentGateway, payment: PaymentRow, verifyPayload: unknown) {
    let note = 'verified money not applied: refund by hand';
    if (gateway.reverse) {
      const reversed = await gateway
        .reverse({ authority: payment.authority! })
        .catch((err: Error) => ({ ok: false as const, code: -1, message: err.message, payload: null }));
      note = reversed.ok
        ? 'verified money not applied: reversed at the bank'
        : `verified money not applied; reverse failed (${reversed.code}: ${reversed.message}): refund by hand`;
    }
    await db
      .update(payments)
      .set({ flagged: true, verifyPayload, failureReason: `${payment.failureReason ?? ''} | ${note}`, updatedAt: now() })
      .where(eq(payments.id, payment.id));
  }

  async function tellStore(payment: PaymentRow, shortages: Shortage[]) {
    if (!opts.onStockShort) return;
    try {
      const [row] = await db
        .select({ order: orders, user: users })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, payment.orderId));
      await opts.onStockShort({
        factorNumber: row!.order.factorNumber,
        trackingCode: row!.order.trackingCode,
        gateway: payment.gateway,
        authority: payment.authority ?? '',
        amount: payment.amount,
        shortages,
        customer: { name: row!.user.name, username: row!.user.username, mobile: row!.user.mobile, email: row!.user.email },
      });
    } catch (err) {
      // The customer's answer must not wait on (or fail with) the mail; the attempt's failure_code stays for staff.
      console.error(`payment ${payment.id}: could not tell the store about the shortage: ${(err as Error).message}`);
    }
  }

  /** Attempts left VERIFYING by a request that died (lease run out): verified again and finished. */
  async function resumeStalled(): Promise<number> {
    const stale = await db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'VERIFYING'), lt(payments.updatedAt, new Date(now().getTime() - VERIFY_LEASE_MS))));
    let finished = 0;
    for (const row of stale) {
      if (!(await takeOverStale(row))) continue;
      const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
      const outcome = await verifyAndFinish({ ...row, updatedAt: now() }, order!);
      if (outcome.result !== 'pending') finished++;
    }
    return finished;
  }

  const paid = (p: PaymentRow, order: OrderRow, replay: boolean): CallbackOutcome => ({
    result: 'paid',
    paymentId: p.id,
    orderId: order.id,
    factorNumber: order.factorNumber,
    trackingCode: order.trackingCode,
    refId: p.refId ?? '',
    replay,
  });
  const failed = (p: PaymentRow, order: OrderRow, code: PaymentFailure, detail?: string): CallbackOutcome => ({
    result: 'failed',
    paymentId: p.id,
    orderId: order.id,
    factorNumber: order.factorNumber,
    code,
    reason: detail && code === 'not_paid' ? `${FAILURE_MESSAGES[code]} (${detail})` : FAILURE_MESSAGES[code],
  });

  return { startPayment, completePayment, resumeStalled };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
