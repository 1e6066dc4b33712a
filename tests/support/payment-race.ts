/**
 * N customers, each holding a confirmed pre-invoice for the same last unit of a product, pay through the
 * ZarinPal sandbox of the real server: each starts the payment (payment_zarin), pays on the sandbox's
 * page, and then every browser follows its bank's redirect back to the shop at the same moment. Used by
 * tests/security/payments-stock.test.ts (asserts) and scripts/bench/payment-race.ts (counts over many
 * tries). No vitest import here, so the bench script can use it too.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { orderLines, orders, payments, productPrices, products } from '../../src/server/db/schema';
import { SANDBOX_CREDENTIALS } from '../../src/server/payments/settings';
import { issueSession } from '../../src/server/services/accounts/tokens';
import { newFactorNumber, newTrackingCode } from '../../src/server/services/shop/order-codes';
import { insertConfirmedOrder, insertCustomer } from './orders';
import type { TestServer } from './server';

/** 200,000 toman: above the free-courier threshold, so a staff re-confirmation at this price keeps the same total. */
export const UNIT_PRICE = 2_000_000;

export interface RaceBuyer {
  userId: number;
  token: string;
  order: { id: number; factorNumber: string; trackingCode: string; orderToken: string; total: number };
}

/** An enabled product with exactly `stock` units (no pre-order date), picked by offset. */
export async function productWithStock(db: Db, skip: number, stock: number): Promise<{ id: number; slug: string; name: string }> {
  const [p] = await db
    .select({ id: products.id, slug: products.slug, name: products.nameFa })
    .from(products)
    .where(sql`${products.enable} AND ${products.deletedAt} IS NULL`)
    .orderBy(products.id)
    .limit(1)
    .offset(skip);
  await db.update(products).set({ stock, availabilityDate: null, price: UNIT_PRICE, minimumPurchase: 1 }).where(eq(products.id, p!.id));
  await db.delete(productPrices).where(eq(productPrices.productId, p!.id));
  return p!;
}

/** A signed-in customer with a confirmed pre-invoice of `quantity` units of the product. */
export async function buyerOf(db: Db, productId: number, quantity = 1): Promise<RaceBuyer> {
  const userId = await insertCustomer(db);
  const { accessToken } = await issueSession(db, userId);
  const total = UNIT_PRICE * quantity;
  const order = await insertConfirmedOrder(db, { userId, total });
  // The factor number a customer quotes (digits), as the checkout makes it: the dashboard and receipt forms take only those.
  await db.update(orders).set({ factorNumber: newFactorNumber(), trackingCode: newTrackingCode() }).where(eq(orders.id, order.id));
  const [codes] = await db
    .select({ factorNumber: orders.factorNumber, trackingCode: orders.trackingCode })
    .from(orders)
    .where(eq(orders.id, order.id));
  await db.insert(orderLines).values({
    orderId: order.id,
    productId,
    product: { slug: 'p', name: 'Part', nameFa: 'قطعه', partNumber: 'P-1' },
    requestedQuantity: quantity,
    quantity,
    unitPrice: UNIT_PRICE,
    lineTotal: total,
  });
  return {
    userId,
    token: accessToken,
    order: { id: order.id, factorNumber: codes!.factorNumber, trackingCode: codes!.trackingCode, orderToken: order.orderToken, total },
  };
}

export const payLink = (buyer: RaceBuyer, gateway: 'zarinpal' | 'sadad' = 'zarinpal') =>
  `/payment_zarin?sp=${buyer.order.total}&sr=0&token=${buyer.order.orderToken}&gateway=${gateway}`;

/** The payment link as the customer's browser opens it: 303 to the bank, or an error answer. */
export async function startPayment(
  server: TestServer,
  buyer: RaceBuyer,
  gateway: 'zarinpal' | 'sadad' = 'zarinpal',
  headers: Record<string, string> = {},
) {
  return server.api(payLink(buyer, gateway), { headers: { authorization: `Bearer ${buyer.token}`, ...headers }, redirect: 'manual' });
}

/** On ZarinPal's (sandbox) page the shopper presses pay (or cancel): the bank's redirect back to the shop. */
export async function payAtZarinpal(startPayUrl: string, choice: 'pay' | 'cancel' = 'pay'): Promise<string> {
  const back = await fetch(`${startPayUrl}/${choice}`, { method: 'POST', redirect: 'manual' });
  if (back.status !== 302) throw new Error(`sandbox answered ${back.status}: ${await back.text()}`);
  return back.headers.get('location')!;
}

/** What ZarinPal's inquiry.json says of an authority: VERIFIED, PAID (not verified), IN_BANK, FAILED, REVERSED. */
export async function zarinpalInquiry(server: TestServer, authority: string): Promise<string | null> {
  const res = await fetch(`${server.url}/sandbox/zarinpal/pg/v4/payment/inquiry.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_id: SANDBOX_CREDENTIALS.zarinpalMerchantId, authority }),
  });
  if (res.status === 404) return null; // a sandbox without inquiry.json
  const body = (await res.json()) as { data?: { status?: string } };
  return body.data?.status ?? null;
}

export const authorityOf = (url: string) => new URL(url).searchParams.get('Authority') ?? url.split('/').pop()!;

export interface RaceResult {
  /** Where each browser landed after the callback (the shop's redirect). */
  landings: string[];
  successPages: number;
  failPages: number;
  stockAfter: number;
  ordersPaid: number;
  /** Payments the shop recorded as SUCCEED. */
  paymentsSucceeded: number;
  /** Authorities the bank (sandbox) reports as VERIFIED; null when the sandbox has no inquiry. */
  verifiedAtBank: number | null;
}

/** One try: `n` buyers of the last unit pay, then all come back to the shop at once. */
export async function raceForLastUnit(server: TestServer, n: number, skip: number): Promise<RaceResult> {
  const db = server.deps.db;
  const product = await productWithStock(db, skip, 1);
  const buyers = await Promise.all(Array.from({ length: n }, () => buyerOf(db, product.id)));
  const callbacks: string[] = [];
  for (const buyer of buyers) {
    const started = await startPayment(server, buyer);
    if (started.status !== 303) throw new Error(`payment start answered ${started.status}: ${JSON.stringify(started.body)}`);
    callbacks.push(await payAtZarinpal(started.headers.get('location')!));
  }
  const landings = await Promise.all(
    callbacks.map(async (url) => (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? ''),
  );
  const [{ stock }] = (await db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id))) as [{ stock: number }];
  const ids = buyers.map((b) => b.order.id);
  const orderRows = await db
    .select({ status: orders.status })
    .from(orders)
    .where(sql`${orders.id} IN (${sql.join(ids, sql`, `)})`);
  const paymentRows = await db
    .select({ status: payments.status })
    .from(payments)
    .where(sql`${payments.orderId} IN (${sql.join(ids, sql`, `)})`);
  const inquiries = await Promise.all(callbacks.map((url) => zarinpalInquiry(server, authorityOf(url))));
  return {
    landings,
    successPages: landings.filter((l) => l.includes('/shop/checkout/success/')).length,
    failPages: landings.filter((l) => l.includes('/shop/checkout/fail')).length,
    stockAfter: stock,
    ordersPaid: orderRows.filter((o) => o.status === 'paid').length,
    paymentsSucceeded: paymentRows.filter((p) => p.status === 'SUCCEED').length,
    verifiedAtBank: inquiries.some((s) => s === null) ? null : inquiries.filter((s) => s === 'VERIFIED').length,
  };
}
