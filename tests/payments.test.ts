import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatToman } from '../src/lib/money';
import { loadConfig } from '../src/server/config';
import { orders, payments } from '../src/server/db/schema';
import { createGateways, createPaymentService, sadadCallback, zarinpalCallback, type PaymentService } from '../src/server/payments';
import { VERIFY_LEASE_MS } from '../src/server/payments/service';
import type { PaymentGateway } from '../src/server/payments/gateway';
import { sadadGateway } from '../src/server/payments/sadad';
import { createPaymentSandbox } from '../src/server/payments/sandbox';
import { SANDBOX_CREDENTIALS, paymentSettings, sandboxEnabled } from '../src/server/payments/settings';
import { zarinpalGateway } from '../src/server/payments/zarinpal';
import { insertConfirmedOrder, insertCustomer } from './support/orders';
import { startTestServer, type TestServer } from './support/server';

/**
 * Payments against the sandbox over real HTTP: the adapters speak ZarinPal v4 and Sadad VPG to the
 * sandbox the server mounts, a "browser" (fetch) chooses pay or cancel on its test page, and the
 * service decides from the bank's verify alone, asked only once the order is claimed (these orders
 * have no lines, so no stock is involved: tests/security/payments-stock.test.ts covers stock).
 * Orders are written straight into the database.
 */
let server: TestServer;
let service: PaymentService;
let gateways: ReturnType<typeof createGateways>;
let userId: number;
/** Under the server's PUBLIC_BASE_URL: the sandbox sends browsers nowhere else. */
let CALLBACK: string;

beforeAll(async () => {
  server = await startTestServer({ catalogue: false });
  CALLBACK = `${server.deps.config.PUBLIC_BASE_URL}/api/site/v1/callback`;
  gateways = createGateways(server.deps.config, server.url);
  service = createPaymentService({ db: server.deps.db, gateways });
  userId = await insertCustomer(server.deps.db);
});
afterAll(async () => server?.stop());

const db = () => server.deps.db;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentRows = async (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
/** What the bank (sandbox) says of an authority: PAID means paid but never verified. */
const inquiry = async (authority: string) => {
  const res = await fetch(`${server.url}/sandbox/zarinpal/pg/v4/payment/inquiry.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_id: SANDBOX_CREDENTIALS.zarinpalMerchantId, authority }),
  });
  return ((await res.json()) as { data: { status: string } }).data.status;
};

/** The shopper at ZarinPal's (sandbox) page: returns the callback query the bank sends back. */
async function atZarinpal(redirectUrl: string, choice: 'pay' | 'cancel') {
  const page = await fetch(redirectUrl);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('پرداخت آزمایشی');
  expect(html).toContain('Test payment');
  const back = await fetch(`${redirectUrl}/${choice}`, { method: 'POST', redirect: 'manual' });
  expect(back.status).toBe(302);
  const url = new URL(back.headers.get('location')!);
  expect(`${url.origin}${url.pathname}`).toBe(CALLBACK);
  return { html, query: Object.fromEntries(url.searchParams) };
}

/** The shopper at Sadad's (sandbox) page: returns the fields of the form POST back to the shop. */
async function atSadad(redirectUrl: string, choice: 'pay' | 'cancel') {
  const page = await fetch(redirectUrl);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('پرداخت آزمایشی');
  expect(html).toContain('Test payment');
  const token = new URL(redirectUrl).searchParams.get('Token')!;
  const back = await fetch(`${server.url}/sandbox/sadad/VPG/Purchase/${choice}`, {
    method: 'POST',
    body: new URLSearchParams({ Token: token }),
  });
  const form = await back.text();
  expect(form).toContain(`action="${CALLBACK}"`);
  const fields = Object.fromEntries([...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { html, fields };
}

describe('settings', () => {
  it('turns the sandbox on by default and off when real credentials are configured', () => {
    expect(sandboxEnabled(loadConfig({}))).toBe(true);
    expect(sandboxEnabled(loadConfig({ ZARINPAL_MERCHANT_ID: '12345678-1234-1234-1234-123456789abc' }))).toBe(false);
    expect(sandboxEnabled(loadConfig({ ZARINPAL_MERCHANT_ID: '12345678-1234-1234-1234-123456789abc', PAYMENT_SANDBOX: '1' }))).toBe(true);
    const real = paymentSettings(loadConfig({ ZARINPAL_MERCHANT_ID: '12345678-1234-1234-1234-123456789abc' }), 'http://x');
    expect(real.zarinpal?.apiUrl).toBe('https://payment.zarinpal.com/pg/v4/payment/');
    expect(real.sadad).toBeNull(); // no Sadad credentials: not offered
  });
  it('does not mount the sandbox when it is off', async () => {
    const off = await startTestServer({ catalogue: false, env: { PAYMENT_SANDBOX: '0' } });
    try {
      const res = await fetch(`${off.url}/sandbox/zarinpal/pg/v4/payment/request.json`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});

describe('ZarinPal (REST v4) through the sandbox', () => {
  it('pays a confirmed pre-invoice: verify with the stored amount marks it paid', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 1_234_560 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    expect(started.redirectUrl).toMatch(/\/sandbox\/zarinpal\/pg\/StartPay\/A[0-9a-zA-Z]{35}$/);
    const { html, query } = await atZarinpal(started.redirectUrl, 'pay');
    expect(html).toContain(formatToman(1_234_560)); // amount sent in rials with currency IRR: 123,456 toman
    expect(query.Status).toBe('OK');

    const callback = zarinpalCallback(query)!;
    const outcome = await service.completePayment('zarinpal', callback);
    expect(outcome).toMatchObject({ result: 'paid', orderId: order.id, replay: false });
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: 'paid', type: 'f' });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const [payment] = await paymentRows(order.id);
    expect(payment).toMatchObject({
      status: 'SUCCEED',
      amount: 1_234_560,
      authority: callback.authority,
      cardPan: '603799******5995',
      flagged: false,
    });
    expect(payment!.refId).toMatch(/^\d+$/);
    expect(payment!.requestPayload).toMatchObject({ data: { code: 100 } });

    // A replayed callback changes nothing and says so.
    const again = await service.completePayment('zarinpal', callback);
    expect(again).toMatchObject({ result: 'paid', replay: true, refId: payment!.refId });
    expect(await paymentRows(order.id)).toEqual([payment]);
    expect((await orderRow(order.id)).paidAt).toEqual(paid.paidAt);

    // At the bank, a second verify answers 101 ("already verified").
    const gateway = gateways.zarinpal!;
    const second = await gateway.verify({ authority: callback.authority, amount: 1_234_560 });
    expect(second).toMatchObject({ paid: true, alreadyVerified: true, refId: payment!.refId });
  });

  it('a cancelled payment fails and leaves the pre-invoice payable', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 500_000 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    const { query } = await atZarinpal(started.redirectUrl, 'cancel');
    expect(query.Status).toBe('NOK');
    const outcome = await service.completePayment('zarinpal', zarinpalCallback(query)!);
    expect(outcome).toMatchObject({ result: 'failed' });
    expect((await paymentRows(order.id))[0]).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('-51') });
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', type: 'p' });
    // The shopper tries again and pays.
    const retry = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    const paid = await atZarinpal(retry.redirectUrl, 'pay');
    expect(await service.completePayment('zarinpal', zarinpalCallback(paid.query)!)).toMatchObject({ result: 'paid' });
  });

  it('a forged "Status=OK" before paying marks nothing paid; that attempt is over and the money paid later is never verified', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 700_000 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    const authority = started.redirectUrl.split('/').pop()!;
    const forged = await service.completePayment('zarinpal', { authority, bankSaysPaid: true });
    expect(forged).toMatchObject({ result: 'failed', code: 'not_paid' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', type: 'p', paidAt: null });
    const { query } = await atZarinpal(started.redirectUrl, 'pay');
    expect(await service.completePayment('zarinpal', { authority: query.Authority!, bankSaysPaid: true })).toMatchObject({
      result: 'failed',
    });
    expect(await inquiry(authority)).toBe('PAID'); // paid at the bank, never verified: it goes back to the payer
    // A new attempt pays.
    const retry = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    const paid = await atZarinpal(retry.redirectUrl, 'pay');
    expect(await service.completePayment('zarinpal', zarinpalCallback(paid.query)!)).toMatchObject({ result: 'paid' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
  });

  it('an unknown authority is ignored', async () => {
    const before = await db().select().from(payments);
    const outcome = await service.completePayment('zarinpal', { authority: `A${'x'.repeat(35)}` });
    expect(outcome).toEqual({ result: 'unknown' });
    expect(await db().select().from(payments)).toEqual(before);
    expect(zarinpalCallback({ Authority: 'not-an-authority', Status: 'OK' })).toBeNull();
  });

  it('a second start cancels the first attempt: its payment is never verified, the invoice is paid once', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 900_000 });
    const first = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    const second = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    expect((await paymentRows(order.id)).map((r) => r.status)).toEqual(['CANCELLED', 'INIT']);
    const a = await atZarinpal(first.redirectUrl, 'pay');
    const b = await atZarinpal(second.redirectUrl, 'pay');
    expect(await service.completePayment('zarinpal', zarinpalCallback(a.query)!)).toMatchObject({ result: 'failed', code: 'superseded' });
    expect(await service.completePayment('zarinpal', zarinpalCallback(b.query)!)).toMatchObject({ result: 'paid', replay: false });
    expect(await service.completePayment('zarinpal', zarinpalCallback(a.query)!)).toMatchObject({ result: 'failed', code: 'superseded' });
    const rows = await paymentRows(order.id);
    expect(rows.map((r) => [r.status, r.flagged, r.verifiedAt === null])).toEqual([
      ['CANCELLED', false, true],
      ['SUCCEED', false, false],
    ]);
    expect(await inquiry(a.query.Authority!)).toBe('PAID');
    expect(await inquiry(b.query.Authority!)).toBe('VERIFIED');
  });

  it('concurrent callbacks for one payment verify it once', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 300_000 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    const { query } = await atZarinpal(started.redirectUrl, 'pay');
    const outcomes = await Promise.all([1, 2, 3].map(() => service.completePayment('zarinpal', zarinpalCallback(query)!)));
    expect(outcomes.every((o) => o.result === 'paid')).toBe(true);
    expect(outcomes.filter((o) => o.result === 'paid' && !o.replay)).toHaveLength(1);
    expect(await paymentRows(order.id)).toHaveLength(1);
  });

  it('an invoice whose total changed after the payment began is not marked paid and its money is not verified', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 400_000 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    await db().update(orders).set({ total: 450_000 }).where(eq(orders.id, order.id));
    const { query } = await atZarinpal(started.redirectUrl, 'pay');
    expect(await service.completePayment('zarinpal', zarinpalCallback(query)!)).toMatchObject({ result: 'failed', code: 'changed' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', type: 'p' });
    expect((await paymentRows(order.id))[0]).toMatchObject({ status: 'FAILED', failureCode: 'changed', verifiedAt: null });
    expect(await inquiry(query.Authority!)).toBe('PAID');
  });

  it('a bank that does not answer the verify leaves the attempt verifying (stock held); it is finished once its lease runs out', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 820_000 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    const { query } = await atZarinpal(started.redirectUrl, 'pay');
    // The same merchant at an address where no bank answers.
    const settings = paymentSettings(server.deps.config, server.url).zarinpal!;
    const silent = createPaymentService({
      db: db(),
      gateways: { zarinpal: zarinpalGateway({ ...settings, apiUrl: 'http://127.0.0.1:9/pg/v4/payment/' }) },
    });
    expect(await silent.completePayment('zarinpal', { authority: query.Authority!, bankSaysPaid: true })).toMatchObject({
      result: 'pending',
    });
    expect((await paymentRows(order.id))[0]).toMatchObject({ status: 'VERIFYING' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' }); // held for this payment
    expect(await inquiry(query.Authority!)).toBe('PAID');
    // Within the lease nothing takes it over; after it, the periodic resume verifies and finishes it.
    expect(await service.resumeStalled()).toBe(0);
    const later = createPaymentService({ db: db(), gateways, now: () => new Date(Date.now() + VERIFY_LEASE_MS + 1000) });
    expect(await later.resumeStalled()).toBe(1);
    expect((await paymentRows(order.id))[0]).toMatchObject({ status: 'SUCCEED' });
    expect(await inquiry(query.Authority!)).toBe('VERIFIED');
    expect(await service.completePayment('zarinpal', zarinpalCallback(query)!)).toMatchObject({ result: 'paid', replay: true });
  });

  it('the bank refuses a verify with another amount (-50), whatever the HTTP status', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 250_000 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    const { query } = await atZarinpal(started.redirectUrl, 'pay');
    const verdict = await gateways.zarinpal!.verify({ authority: query.Authority!, amount: 25_000 });
    expect(verdict).toMatchObject({ paid: false, code: -50 });
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed' });
  });

  it('reverse.json gives a verified payment back once; an unverified one cannot be reversed (-61)', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 260_000 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK });
    const { query } = await atZarinpal(started.redirectUrl, 'pay');
    const gateway = gateways.zarinpal!;
    expect(await gateway.reverse!({ authority: query.Authority! })).toMatchObject({ ok: false, code: -61 });
    expect(await inquiry(query.Authority!)).toBe('PAID');
    expect(await gateway.verify({ authority: query.Authority!, amount: 260_000 })).toMatchObject({ paid: true });
    expect(await gateway.reverse!({ authority: query.Authority! })).toMatchObject({ ok: true });
    expect(await inquiry(query.Authority!)).toBe('REVERSED');
    expect(await gateway.reverse!({ authority: query.Authority! })).toMatchObject({ ok: false, code: -61 });
    expect(await gateway.verify({ authority: query.Authority!, amount: 260_000 })).toMatchObject({ paid: false });
  });

  it('reads request errors from their body: wrong merchant (-10), amount below the minimum (-9)', async () => {
    const settings = paymentSettings(server.deps.config, server.url).zarinpal!;
    const stranger = zarinpalGateway({ ...settings, merchantId: '99999999-9999-9999-9999-999999999999' });
    const input = { amount: 100_000, attemptId: 1, factorNumber: 'F-1', callbackUrl: CALLBACK, description: 'test' };
    expect(await stranger.start(input)).toMatchObject({ ok: false, code: -10 });
    expect(await zarinpalGateway(settings).start({ ...input, amount: 5000 })).toMatchObject({
      ok: false,
      code: -9,
      payload: { errors: { validations: [{ amount: expect.any(String) }] } },
    });
  });

  it('refuses to start paying an enquiry not yet confirmed, an expired pre-invoice, or a paid invoice', async () => {
    const enquiry = await insertConfirmedOrder(db(), { userId, total: 100_000, status: 'awaiting_approval' });
    const expired = await insertConfirmedOrder(db(), { userId, total: 100_000, expiresAt: new Date(Date.now() - 1000) });
    const paid = await insertConfirmedOrder(db(), { userId, total: 100_000, status: 'paid' });
    for (const [order, message] of [
      [enquiry, 'قابل پرداخت نیست'],
      [expired, 'مهلت پرداخت'],
      [paid, 'قابل پرداخت نیست'],
    ] as const) {
      await expect(service.startPayment({ orderId: order.id, gateway: 'zarinpal', callbackUrl: CALLBACK })).rejects.toMatchObject({
        status: 409,
        message: expect.stringContaining(message),
      });
      expect(await paymentRows(order.id)).toHaveLength(0);
    }
    await expect(service.startPayment({ orderId: 999_999, gateway: 'zarinpal', callbackUrl: CALLBACK })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('Sadad (VPG v0) through the sandbox', () => {
  it('pays with a signed request, a form POST back and a signed verify', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 2_000_000 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'sadad', callbackUrl: CALLBACK });
    expect(started.redirectUrl).toMatch(/\/sandbox\/sadad\/VPG\/Purchase\?Token=\w+$/);
    const { html, fields } = await atSadad(started.redirectUrl, 'pay');
    expect(html).toContain(formatToman(2_000_000));
    expect(fields).toMatchObject({ OrderId: String(started.paymentId), ResCode: '0' });

    const callback = sadadCallback(fields)!;
    const outcome = await service.completePayment('sadad', { authority: callback.token, gatewayOrderId: callback.orderId });
    expect(outcome).toMatchObject({ result: 'paid', replay: false });
    const [payment] = await paymentRows(order.id);
    expect(payment).toMatchObject({
      status: 'SUCCEED',
      gatewayOrderId: String(started.paymentId),
      verifyPayload: { ResCode: 0, Amount: 2_000_000 },
    });
    expect(payment!.refId).toBe((payment!.verifyPayload as any).RetrivalRefNo);
    expect((payment!.verifyPayload as any).SystemTraceNo).toMatch(/^\d+$/);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', type: 'f' });
    expect(await service.completePayment('sadad', { authority: callback.token, gatewayOrderId: callback.orderId })).toMatchObject({
      replay: true,
    });
  });

  it('a callback whose OrderId is not ours changes nothing; a failed payment fails', async () => {
    const order = await insertConfirmedOrder(db(), { userId, total: 650_000 });
    const started = await service.startPayment({ orderId: order.id, gateway: 'sadad', callbackUrl: CALLBACK });
    const { fields } = await atSadad(started.redirectUrl, 'cancel');
    expect(fields.ResCode).not.toBe('0');
    const cb = sadadCallback(fields)!;
    expect(await service.completePayment('sadad', { authority: cb.token, gatewayOrderId: '1' })).toEqual({ result: 'unknown' });
    expect((await paymentRows(order.id))[0]!.status).toBe('INIT');
    expect(await service.completePayment('sadad', { authority: cb.token, gatewayOrderId: cb.orderId })).toMatchObject({ result: 'failed' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed' });
  });

  it('the sandbox refuses a request signed with another key (1025) and a reused OrderId (1011)', async () => {
    const settings = paymentSettings(server.deps.config, server.url).sadad!;
    const input = { amount: 150_000, attemptId: 880_001, factorNumber: 'F-1', callbackUrl: CALLBACK, description: 'test' };
    const wrongKey = sadadGateway({ ...settings, key: Buffer.alloc(24, 9).toString('base64') });
    expect(await wrongKey.start(input)).toMatchObject({ ok: false, code: 1025 });
    expect(await sadadGateway(settings).start(input)).toMatchObject({ ok: true });
    expect(await sadadGateway(settings).start(input)).toMatchObject({ ok: false, code: 1011 });
    const badClock = sadadGateway(settings, () => new Date(Date.now() - 3_600_000));
    expect(await badClock.start({ ...input, attemptId: 880_002 })).toMatchObject({ ok: false, code: 1018 });
  });

  it('a verify after the deadline answers 101 and the order stays unpaid', async () => {
    // A sandbox of its own with a clock the test moves.
    let now = Date.now();
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: server.deps.config.PUBLIC_BASE_URL });
    const sandbox = createPaymentSandbox(config, db(), { now: () => now, verifyWindowMs: 60_000 });
    const own: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: sandbox.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
      const gateway: PaymentGateway = sadadGateway(
        {
          merchantId: SANDBOX_CREDENTIALS.sadadMerchantId,
          terminalId: SANDBOX_CREDENTIALS.sadadTerminalId,
          key: SANDBOX_CREDENTIALS.sadadKey,
          apiUrl: `${base}/sadad/VPG/api/v0/`,
          purchaseUrl: `${base}/sadad/VPG/Purchase`,
        },
        () => new Date(now),
      );
      const late = createPaymentService({ db: db(), gateways: { sadad: gateway } });
      const order = await insertConfirmedOrder(db(), { userId, total: 1_500_000 });
      const started = await late.startPayment({ orderId: order.id, gateway: 'sadad', callbackUrl: CALLBACK });
      const token = new URL(started.redirectUrl).searchParams.get('Token')!;
      const back = await fetch(`${base}/sadad/VPG/Purchase/pay`, { method: 'POST', body: new URLSearchParams({ Token: token }) });
      const fields = Object.fromEntries([...(await back.text()).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      now += 61_000;
      const outcome = await late.completePayment('sadad', { authority: fields.token!, gatewayOrderId: fields.OrderId! });
      expect(outcome).toMatchObject({ result: 'failed', reason: expect.stringContaining('مهلت') });
      expect((await paymentRows(order.id))[0]).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/^101:/) });
      expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed' });
    } finally {
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  });
});
