import { and, eq } from 'drizzle-orm';
import { isExpired } from '../../lib/pre-invoice';
import type { Db } from '../db/client';
import { orders, payments } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import type { GatewayName, PaymentGateway, VerifyResult } from './gateway';
import { GatewayUnreachable } from './http';
import { nextPaymentState } from './state';

/**
 * Paying an invoice at a bank, gateway-neutral. The rules that keep money safe live here:
 * - nothing is marked paid from a callback alone: the bank's verify decides, with the amount we stored;
 * - a callback for an unknown authority, or whose OrderId does not match ours, changes nothing;
 * - a replayed callback or a second verify changes nothing (row lock + state machine + the unique
 *   (gateway, authority) index);
 * - money the bank confirms is never dropped: when the order was already paid, or its amount changed
 *   since the payment started, the payment is kept as SUCCEED and flagged for staff.
 */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

export interface PaymentServiceOptions {
  db: Db;
  gateways: Partial<Record<GatewayName, PaymentGateway>>;
  /** Runs inside the transaction that marks the order paid (the checkout takes stock here). */
  onOrderPaid?: (tx: Tx, order: OrderRow) => Promise<void>;
  now?: () => Date;
}

export const PAYMENT_MESSAGES = {
  gatewayOff: 'این درگاه پرداخت در دسترس نیست.',
  notPayable: 'این پیش‌فاکتور قابل پرداخت نیست.',
  expired: 'مهلت پرداخت این پیش‌فاکتور گذشته است.',
  unreachable: 'ارتباط با درگاه بانک برقرار نشد؛ لطفاً دوباره تلاش کنید.',
  gatewayRefused: 'درگاه بانک درخواست پرداخت را نپذیرفت',
} as const;

export interface StartedPayment { paymentId: number; redirectUrl: string }

export type CallbackOutcome =
  | { result: 'paid'; paymentId: number; orderId: number; factorNumber: string; trackingCode: string; refId: string; flagged: boolean; replay: boolean }
  | { result: 'failed'; paymentId: number; orderId: number; factorNumber: string; reason: string }
  | { result: 'pending'; paymentId: number; orderId: number; factorNumber: string; reason: string }
  | { result: 'unknown' };

export function createPaymentService(opts: PaymentServiceOptions) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());

  function gatewayOf(name: GatewayName): PaymentGateway {
    const gateway = opts.gateways[name];
    if (!gateway) throw new HttpError(409, PAYMENT_MESSAGES.gatewayOff);
    return gateway;
  }

  /** A confirmed, unexpired pre-invoice gets a gateway transaction; the amount is the order's total. */
  async function startPayment(input: { orderId: number; gateway: GatewayName; callbackUrl: string; mobile?: string | null; email?: string | null }): Promise<StartedPayment> {
    const gateway = gatewayOf(input.gateway);
    const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId));
    if (!order || order.deletedAt) throw notFound();
    if (order.status !== 'confirmed' || order.type !== 'p' || order.total <= 0) throw new HttpError(409, PAYMENT_MESSAGES.notPayable);
    if (isExpired(order.expiresAt, now())) throw new HttpError(409, PAYMENT_MESSAGES.expired);

    // The row exists before the bank is asked, so its id can be Sadad's unique numeric OrderId.
    const [row] = await db.insert(payments).values({ orderId: order.id, gateway: input.gateway, amount: order.total }).returning({ id: payments.id });
    const paymentId = row!.id;
    try {
      const started = await gateway.start({
        amount: order.total, attemptId: paymentId, factorNumber: order.factorNumber, callbackUrl: input.callbackUrl,
        description: `پرداخت پیش‌فاکتور ${order.factorNumber}`, mobile: input.mobile, email: input.email,
      });
      if (!started.ok) {
        await db.update(payments).set({ status: 'FAILED', failureReason: `${started.code}: ${started.message}`, requestPayload: started.payload, updatedAt: now() }).where(eq(payments.id, paymentId));
        throw new HttpError(502, `${PAYMENT_MESSAGES.gatewayRefused}: ${started.message}`);
      }
      await db.update(payments).set({ authority: started.authority, gatewayOrderId: started.gatewayOrderId, requestPayload: started.payload, updatedAt: now() }).where(eq(payments.id, paymentId));
      return { paymentId, redirectUrl: started.redirectUrl };
    } catch (err) {
      if (err instanceof GatewayUnreachable) {
        await db.update(payments).set({ status: 'FAILED', failureReason: err.message, updatedAt: now() }).where(eq(payments.id, paymentId));
        throw new HttpError(502, PAYMENT_MESSAGES.unreachable);
      }
      throw err;
    }
  }

  /**
   * The bank sent the browser back. `authority` is ZarinPal's Authority or Sadad's token;
   * `gatewayOrderId` is Sadad's OrderId, which must match the one we sent.
   */
  async function completePayment(name: GatewayName, callback: { authority: string; gatewayOrderId?: string }): Promise<CallbackOutcome> {
    const gateway = gatewayOf(name);
    const [payment] = await db.select().from(payments).where(and(eq(payments.gateway, name), eq(payments.authority, callback.authority)));
    if (!payment) return { result: 'unknown' };
    if (callback.gatewayOrderId !== undefined && callback.gatewayOrderId !== payment.gatewayOrderId) return { result: 'unknown' };
    const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
    if (!order) return { result: 'unknown' };

    if (payment.status === 'SUCCEED') {
      return { result: 'paid', paymentId: payment.id, orderId: order.id, factorNumber: order.factorNumber, trackingCode: order.trackingCode, refId: payment.refId ?? '', flagged: payment.flagged, replay: true };
    }

    let verdict: VerifyResult;
    try {
      verdict = await gateway.verify({ authority: callback.authority, amount: payment.amount });
    } catch (err) {
      // The bank could not be asked: leave the payment as it is, to be verified again (the customer
      // can come back to the same callback, and reconciliation can retry).
      return { result: 'pending', paymentId: payment.id, orderId: order.id, factorNumber: order.factorNumber, reason: `${PAYMENT_MESSAGES.unreachable} (${(err as Error).message})` };
    }

    // A bank that echoes amount and order id (Sadad) must echo ours; otherwise it is not our money.
    if (verdict.paid && ((verdict.amount !== null && verdict.amount !== payment.amount) || (verdict.gatewayOrderId !== null && payment.gatewayOrderId !== null && verdict.gatewayOrderId !== payment.gatewayOrderId))) {
      verdict = { paid: false, code: -50, message: 'مبلغ یا شماره سفارش تأییدشده با پرداخت یکسان نیست', payload: verdict.payload };
    }

    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      const next = nextPaymentState(locked!.status, verdict.paid ? 'verified' : 'not-paid');
      if (!verdict.paid) {
        if (next) {
          await tx.update(payments).set({ status: next, failureReason: `${verdict.code}: ${verdict.message}`, verifyPayload: verdict.payload, updatedAt: now() }).where(eq(payments.id, payment.id));
        }
        if (locked!.status === 'SUCCEED') {
          return { result: 'paid', paymentId: payment.id, orderId: order.id, factorNumber: order.factorNumber, trackingCode: order.trackingCode, refId: locked!.refId ?? '', flagged: locked!.flagged, replay: true } as const;
        }
        return { result: 'failed', paymentId: payment.id, orderId: order.id, factorNumber: order.factorNumber, reason: verdict.message } as const;
      }
      if (!next) {
        // Another request verified it between our read and our lock.
        return { result: 'paid', paymentId: payment.id, orderId: order.id, factorNumber: order.factorNumber, trackingCode: order.trackingCode, refId: locked!.refId ?? '', flagged: locked!.flagged, replay: true } as const;
      }

      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      // Paid in time (or just after the pre-invoice expired, since the bank took the money it showed).
      const payable = (current!.status === 'confirmed' || current!.status === 'expired') && current!.type === 'p' && !current!.deletedAt && current!.total === payment.amount;
      const at = now();
      await tx.update(payments).set({
        status: next, refId: verdict.refId, cardPan: verdict.cardPan, verifyPayload: verdict.payload, verifiedAt: at, flagged: !payable, updatedAt: at,
        failureReason: payable ? null : `order ${current!.status}${current!.total !== payment.amount ? `, total ${current!.total} ≠ paid ${payment.amount}` : ''}`,
      }).where(eq(payments.id, payment.id));
      if (payable) {
        const [paid] = await tx.update(orders).set({ status: 'paid', type: 'f', paidAt: at, updatedAt: at }).where(eq(orders.id, order.id)).returning();
        if (opts.onOrderPaid) await opts.onOrderPaid(tx, paid!);
      }
      return { result: 'paid', paymentId: payment.id, orderId: order.id, factorNumber: order.factorNumber, trackingCode: order.trackingCode, refId: verdict.refId, flagged: !payable, replay: false } as const;
    });
  }

  return { startPayment, completePayment };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
