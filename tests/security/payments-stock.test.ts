/**
 * Money is never captured for goods the store cannot deliver (issue 16, "Payments and stock"), against
 * the real server and its ZarinPal / Sadad sandboxes:
 * - customers racing for the last unit: one is served, the others' money is never verified (the bank
 *   returns it) and they see the fail page with the reason, and the store gets a mail;
 * - a payment does not start for a pre-invoice the stock no longer covers;
 * - gateway payment and bank receipt settle through one path: whichever comes first wins, the other is
 *   refused without verifying any money;
 * - one open attempt per invoice; a deleted or re-confirmed pre-invoice is never paid by an old attempt;
 * - a bank "not paid" gives back exactly the stock taken (pre-order products too).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, products } from '../../src/server/db/schema';
import { readOutbox } from '../support/outbox';
import {
  authorityOf,
  buyerOf,
  payAtZarinpal,
  productWithStock,
  raceForLastUnit,
  startPayment,
  zarinpalInquiry,
  type RaceBuyer,
} from '../support/payment-race';
import { startTestServer, type TestServer } from '../support/server';
import { bearer, json, staffToken } from '../support/shop';
import { solvedCaptcha } from '../support/captcha';

let server: TestServer;
let staff: string;
let dataDir: string;
let skip = 100; // each case its own product
const STORE_EMAIL = 'store@shop.example';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-pay-stock-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir, STORE_EMAIL } });
  staff = await staffToken(server);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.deps.db;
const stockOf = async (id: number) => (await db().select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const salesOf = async (id: number) => (await db().select({ s: products.salesCount }).from(products).where(eq(products.id, id)))[0]!.s;
const orderOf = async (b: RaceBuyer) => (await db().select().from(orders).where(eq(orders.id, b.order.id)))[0]!;
const attemptsOf = async (b: RaceBuyer) => db().select().from(payments).where(eq(payments.orderId, b.order.id)).orderBy(payments.id);

/** The customer goes to the bank (sandbox) and pays; returns the bank's redirect back to the shop. */
async function paidAtBank(buyer: RaceBuyer): Promise<string> {
  const started = await startPayment(server, buyer);
  expect(started.status, JSON.stringify(started.body)).toBe(303);
  return payAtZarinpal(started.headers.get('location')!);
}
/** The browser follows the bank's redirect to the shop: where the shop sends it. */
const backAtShop = async (callbackUrl: string) => (await fetch(callbackUrl, { redirect: 'manual' })).headers.get('location')!;

/** The buyer registers a bank receipt for their pre-invoice; its id in the staff list. */
async function registerReceiptFor(buyer: RaceBuyer, trackingCode: string): Promise<number> {
  const created = await server.api(
    '/paymentBank/create',
    json('POST', {
      name: 'مشتری',
      payment_date: '2026-01-05T10:00:00Z',
      price: buyer.order.total,
      factor_number: buyer.order.factorNumber,
      tracking_code: trackingCode,
      account_number: '0101234567',
      captcha: await solvedCaptcha(server),
    }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const list = await server.api('/staff/receipts?status=pending', { headers: bearer(staff) });
  return (list.body.data as { id: number; factorNumber: string }[]).find((r) => r.factorNumber === buyer.order.factorNumber)!.id;
}
const acceptReceipt = (id: number) => server.api(`/staff/receipts/${id}/accept`, json('POST', undefined, bearer(staff)));
const acceptReceiptFor = async (buyer: RaceBuyer) => acceptReceipt(await registerReceiptFor(buyer, '778899'));

async function mailsToStoreAbout(factorNumber: string) {
  for (let i = 0; i < 100; i++) {
    const mails = readOutbox(dataDir).filter((m) => m.to.includes(STORE_EMAIL) && m.text.includes(factorNumber));
    if (mails.length > 0) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  return [];
}

describe('customers racing for the last unit', () => {
  it.each([2, 5])(
    '%i pay at once: one success page, stock 0, the others not charged and sent to the fail page with the reason',
    async (n) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const r = await raceForLastUnit(server, n, skip++);
        expect(r.successPages).toBe(1);
        expect(r.failPages).toBe(n - 1);
        expect(r.landings.filter((l) => l.includes('/shop/checkout/fail/')).every((l) => l.endsWith('?reason=out_of_stock'))).toBe(true);
        expect(r.stockAfter).toBe(0);
        expect(r.ordersPaid).toBe(1);
        expect(r.paymentsSucceeded).toBe(1);
        // The bank verified exactly one payment; the others stay "paid, not verified" and go back to the payers.
        expect(r.verifiedAtBank).toBe(1);
        // The store hears of each customer who paid for goods that were gone.
        for (const landing of r.landings.filter((l) => l.includes('/shop/checkout/fail/'))) {
          const factorNumber = /\/fail\/(\d+)/.exec(landing)![1]!;
          expect(await mailsToStoreAbout(factorNumber)).toHaveLength(1);
        }
      }
    },
  );
});

describe('stock checked when a payment starts and when the bank sends the customer back', () => {
  it('a payment does not start for a pre-invoice the stock no longer covers (409 in Persian, no attempt)', async () => {
    const p = await productWithStock(db(), skip++, 2);
    const buyer = await buyerOf(db(), p.id, 3);
    const res = await startPayment(server, buyer);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('موجودی');
    expect(res.body.message).toContain('موجود 2، در پیش‌فاکتور 3');
    expect(await attemptsOf(buyer)).toHaveLength(0);
    expect(await stockOf(p.id)).toBe(2);
  });

  it('the last unit sold by bank receipt while a customer is at the gateway: that payment is not verified, the store is told', async () => {
    const p = await productWithStock(db(), skip++, 1);
    const atGateway = await buyerOf(db(), p.id);
    const byTransfer = await buyerOf(db(), p.id);
    const callback = await paidAtBank(atGateway);
    expect((await acceptReceiptFor(byTransfer)).status).toBe(200); // the same settle path takes the unit
    expect(await stockOf(p.id)).toBe(0);

    expect(await backAtShop(callback)).toBe(`/shop/checkout/fail/${atGateway.order.factorNumber}?reason=out_of_stock`);
    expect(await zarinpalInquiry(server, authorityOf(callback))).toBe('PAID');
    expect(await orderOf(atGateway)).toMatchObject({ status: 'confirmed', paidAt: null });
    expect((await attemptsOf(atGateway))[0]).toMatchObject({ status: 'FAILED', failureCode: 'out_of_stock', verifiedAt: null });
    expect(await stockOf(p.id)).toBe(0);
    // Replaying the callback changes nothing and verifies nothing.
    expect(await backAtShop(callback)).toBe(`/shop/checkout/fail/${atGateway.order.factorNumber}?reason=out_of_stock`);
    expect(await zarinpalInquiry(server, authorityOf(callback))).toBe('PAID');

    const mails = await mailsToStoreAbout(atGateway.order.factorNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`کمبود موجودی هنگام پرداخت — پیش‌فاکتور ${atGateway.order.factorNumber}`);
    expect(mails[0]!.text).toContain(authorityOf(callback));
    expect(mails[0]!.text).toContain('پول مشتری تأیید (برداشت) نشد');
    expect(mails[0]!.text).toMatch(/در پیش‌فاکتور 1، موجود 0/);
  });

  it('Sadad: stock gone by the callback, the token is never verified and the customer sees the reason', async () => {
    const p = await productWithStock(db(), skip++, 1);
    const buyer = await buyerOf(db(), p.id);
    const started = await startPayment(server, buyer, 'sadad');
    expect(started.status).toBe(303);
    const bank = new URL(started.headers.get('location')!);
    const paid = await fetch(`${bank.origin}/sandbox/sadad/VPG/Purchase/pay`, {
      method: 'POST',
      body: new URLSearchParams({ Token: bank.searchParams.get('Token')! }),
    });
    const fields = Object.fromEntries([...(await paid.text()).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    await db().update(products).set({ stock: 0 }).where(eq(products.id, p.id)); // sold at the counter meanwhile
    const back = await fetch(`${server.url}/api/site/v1/callback_sadad`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=out_of_stock`);
    expect((await attemptsOf(buyer))[0]).toMatchObject({
      status: 'FAILED',
      failureCode: 'out_of_stock',
      verifiedAt: null,
      verifyPayload: null,
    });
    expect(await orderOf(buyer)).toMatchObject({ status: 'confirmed' });
    expect(await mailsToStoreAbout(buyer.order.factorNumber)).toHaveLength(1);
  });

  it('a bank "not paid" gives back exactly what was taken (a pre-order product sold past its stock too)', async () => {
    const p = await productWithStock(db(), skip++, 1);
    await db().update(products).set({ availabilityDate: '2030-01-01' }).where(eq(products.id, p.id));
    const buyer = await buyerOf(db(), p.id, 3);
    const salesBefore = await salesOf(p.id);
    const started = await startPayment(server, buyer);
    const authority = started.headers.get('location')!.split('/').pop()!;
    // A forged "paid" callback before paying: the unit is held, the bank says not paid (-51), all is given back.
    const forged = await fetch(`${server.url}/api/site/v1/callback_zarin?Authority=${authority}&Status=OK`, { redirect: 'manual' });
    expect(forged.headers.get('location')).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=not_paid`);
    expect(await stockOf(p.id)).toBe(1);
    expect(await salesOf(p.id)).toBe(salesBefore);
    expect(await orderOf(buyer)).toMatchObject({ status: 'confirmed', type: 'p', paidAt: null });
    expect((await attemptsOf(buyer))[0]).toMatchObject({
      status: 'FAILED',
      failureCode: 'not_paid',
      failureReason: expect.stringMatching(/^-51:/),
    });
  });
});

describe('one payment per invoice', () => {
  it('a second start cancels the first; paying both at the bank, only the open one is verified and applied', async () => {
    const p = await productWithStock(db(), skip++, 5);
    const buyer = await buyerOf(db(), p.id);
    const first = await paidAtBank(buyer);
    const second = await paidAtBank(buyer);
    const landings = await Promise.all([first, second].map(backAtShop));
    expect(landings[0]).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=superseded`);
    expect(landings[1]).toMatch(new RegExp(`^/shop/checkout/success/${buyer.order.trackingCode}/\\d+$`));
    expect(await zarinpalInquiry(server, authorityOf(first))).toBe('PAID');
    expect(await zarinpalInquiry(server, authorityOf(second))).toBe('VERIFIED');
    expect((await attemptsOf(buyer)).map((a) => a.status)).toEqual(['CANCELLED', 'SUCCEED']);
    expect(await stockOf(p.id)).toBe(4);
    // Paid: no third attempt starts, and the cancelled one stays cancelled.
    expect((await startPayment(server, buyer)).status).toBe(409);
    expect(await backAtShop(first)).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=superseded`);
    expect(await zarinpalInquiry(server, authorityOf(first))).toBe('PAID');
  });

  it('a receipt accepted while the customer was at the gateway: the invoice is paid once, the gateway money not verified', async () => {
    const p = await productWithStock(db(), skip++, 5);
    const buyer = await buyerOf(db(), p.id);
    const callback = await paidAtBank(buyer);
    expect((await acceptReceiptFor(buyer)).status).toBe(200);
    expect(await backAtShop(callback)).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=changed`);
    expect(await zarinpalInquiry(server, authorityOf(callback))).toBe('PAID');
    expect(await stockOf(p.id)).toBe(4);
    expect(await orderOf(buyer)).toMatchObject({ status: 'paid' });
  });

  it('gateway callback and receipt acceptance at the same moment: exactly one settles the invoice', async () => {
    const p = await productWithStock(db(), skip++, 5);
    const buyer = await buyerOf(db(), p.id);
    const callback = await paidAtBank(buyer);
    const id = await registerReceiptFor(buyer, '55555');
    const [landing, accepted] = await Promise.all([backAtShop(callback), acceptReceipt(id)]);
    const gatewayWon = landing.startsWith('/shop/checkout/success/');
    expect(accepted.status).toBe(gatewayWon ? 409 : 200);
    expect(await zarinpalInquiry(server, authorityOf(callback))).toBe(gatewayWon ? 'VERIFIED' : 'PAID');
    expect(await stockOf(p.id)).toBe(4);
    expect(await orderOf(buyer)).toMatchObject({ status: 'paid' });
  });

  it('a pre-invoice deleted after the payment began: fail page, money not verified, stock untouched', async () => {
    const p = await productWithStock(db(), skip++, 5);
    const buyer = await buyerOf(db(), p.id);
    const callback = await paidAtBank(buyer);
    expect(
      (await server.api(`/dashboard/factor/${buyer.order.factorNumber}`, { method: 'DELETE', headers: bearer(buyer.token) })).status,
    ).toBe(200);
    expect(await backAtShop(callback)).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=changed`);
    expect(await zarinpalInquiry(server, authorityOf(callback))).toBe('PAID');
    expect(await stockOf(p.id)).toBe(5);
    expect(await orderOf(buyer)).toMatchObject({ status: 'cancelled', paidAt: null });
  });

  it('a pre-invoice confirmed again (at another price) after the payment began: the old attempt is never applied', async () => {
    const p = await productWithStock(db(), skip++, 5);
    const buyer = await buyerOf(db(), p.id);
    const callback = await paidAtBank(buyer);
    // The pre-invoice expires, the customer asks again, staff confirm it at another price.
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, buyer.order.id));
    expect(
      (await server.api(`/dashboard/factor/inventoryRequest/${buyer.order.factorNumber}`, json('POST', undefined, bearer(buyer.token))))
        .status,
    ).toBe(200);
    const detail = await server.api(`/staff/orders/${buyer.order.id}`, { headers: bearer(staff) });
    const lines = detail.body.data.lines.map((l: { id: number; quantity: number; unitPrice: number }) => ({
      id: l.id,
      quantity: l.quantity,
      unitPrice: l.unitPrice + 50_000,
      available: true,
      note: 'قیمت تازه',
    }));
    expect((await server.api(`/staff/orders/${buyer.order.id}/confirm`, json('POST', { lines }, bearer(staff)))).status).toBe(200);

    expect(await backAtShop(callback)).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=changed`);
    expect(await zarinpalInquiry(server, authorityOf(callback))).toBe('PAID');
    expect(await orderOf(buyer)).toMatchObject({ status: 'confirmed', paidAt: null });
    expect(await stockOf(p.id)).toBe(5);
  });

  it('confirmed again at the same price still counts as another pre-invoice: the old attempt is not applied', async () => {
    const p = await productWithStock(db(), skip++, 5);
    const buyer = await buyerOf(db(), p.id);
    const callback = await paidAtBank(buyer);
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, buyer.order.id));
    expect(
      (await server.api(`/dashboard/factor/inventoryRequest/${buyer.order.factorNumber}`, json('POST', undefined, bearer(buyer.token))))
        .status,
    ).toBe(200);
    const detail = await server.api(`/staff/orders/${buyer.order.id}`, { headers: bearer(staff) });
    const lines = detail.body.data.lines.map((l: { id: number; quantity: number; unitPrice: number }) => ({
      id: l.id,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      available: true,
    }));
    const confirmed = await server.api(`/staff/orders/${buyer.order.id}/confirm`, json('POST', { lines }, bearer(staff)));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.total).toBe(buyer.order.total); // the same amount as the attempt's
    expect(await backAtShop(callback)).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=changed`);
    expect(await zarinpalInquiry(server, authorityOf(callback))).toBe('PAID');
    // The new pre-invoice is payable with a new attempt.
    expect(await backAtShop(await paidAtBank(buyer))).toContain('/shop/checkout/success/');
  });
});
