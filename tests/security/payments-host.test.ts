/**
 * Gateway addresses never come from the request (issue 16): with a forged Host header, the server used
 * to ask the attacker's "bank" to start and verify a payment, and marked the order paid on its word.
 * Now the banks' addresses are configuration (the sandbox: the server's own listening address for its
 * API, PUBLIC_BASE_URL for the shopper's browser), and the sandbox sends browsers only under
 * PUBLIC_BASE_URL. Against the real server; the "attacker's bank" is a little HTTP server that says
 * yes to everything and counts who asked.
 */
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../src/server/db/schema';
import { SANDBOX_CREDENTIALS } from '../../src/server/payments/settings';
import { buyerOf, payLink, productWithStock, startPayment, zarinpalInquiry, type RaceBuyer } from '../support/payment-race';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let fakeBank: ServerType;
let fakeHost: string;
const fakeBankCalls: string[] = [];

/** Answers like ZarinPal and Sadad would for a paid, verified payment — whatever is asked. */
function attackersBank(): Hono {
  const app = new Hono();
  app.all('*', async (c) => {
    fakeBankCalls.push(`${c.req.method} ${c.req.path}`);
    if (c.req.path.endsWith('/request.json'))
      return c.json({ data: { code: 100, message: 'Success', authority: `A${'7'.repeat(35)}` }, errors: [] });
    if (c.req.path.endsWith('/verify.json'))
      return c.json({ data: { code: 100, message: 'Paid', ref_id: 123456, card_pan: '6037******0000' }, errors: [] });
    if (c.req.path.endsWith('/Advice/Verify')) return c.json({ ResCode: 0, Amount: 0, RetrivalRefNo: '1', SystemTraceNo: '1' });
    return c.json({ ResCode: 0, Token: 'FAKE' });
  });
  return app;
}

beforeAll(async () => {
  server = await startTestServer();
  fakeBank = await new Promise((resolve) => {
    const s = serve({ fetch: attackersBank().fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  fakeHost = `127.0.0.1:${(fakeBank.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  await new Promise<void>((resolve) => fakeBank?.close(() => resolve()));
  await server?.stop();
});

/** A GET to the shop with any Host header (fetch does not let a caller set Host). */
function getWithHost(
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | null }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), path, method: 'GET', headers: { ...headers, Host: host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location ?? null }));
    });
    req.on('error', reject);
    req.end();
  });
}

const db = () => server.deps.db;
const orderOf = async (b: RaceBuyer) => (await db().select().from(orders).where(eq(orders.id, b.order.id)))[0]!;
const base = () => server.deps.config.PUBLIC_BASE_URL;

describe('a forged Host header', () => {
  it('does not send the payment to another "bank": the redirect and callback are the configured ones', async () => {
    const p = await productWithStock(db(), 300, 5);
    const buyer = await buyerOf(db(), p.id);
    const calls = fakeBankCalls.length;
    const started = await getWithHost(`/api/site/v1${payLink(buyer)}`, fakeHost, { authorization: `Bearer ${buyer.token}` });
    expect(started.status).toBe(303);
    expect(started.location).toMatch(new RegExp(`^${base()}/sandbox/zarinpal/pg/StartPay/A[0-9a-zA-Z]{35}$`));
    expect(fakeBankCalls.length).toBe(calls);
    const [attempt] = await db().select().from(payments).where(eq(payments.orderId, buyer.order.id));
    expect(attempt!.authority).toBe(started.location!.split('/').pop());
  });

  it("on the callback, does not make the server verify at the attacker's bank: the unpaid order stays unpaid", async () => {
    const p = await productWithStock(db(), 301, 5);
    const buyer = await buyerOf(db(), p.id);
    const started = await startPayment(server, buyer);
    const authority = started.headers.get('location')!.split('/').pop()!;
    const calls = fakeBankCalls.length;
    // Never paid at the bank; the "bank" at the forged Host would say it was.
    const back = await getWithHost(`/api/site/v1/callback_zarin?Authority=${authority}&Status=OK`, fakeHost);
    expect(back.location).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=not_paid`);
    expect(fakeBankCalls.length).toBe(calls);
    expect(await orderOf(buyer)).toMatchObject({ status: 'confirmed', paidAt: null });
    expect(await zarinpalInquiry(server, authority)).toBe('IN_BANK');
  });

  it('on the Sadad callback, the same', async () => {
    const p = await productWithStock(db(), 302, 5);
    const buyer = await buyerOf(db(), p.id);
    const started = await startPayment(server, buyer, 'sadad');
    const token = new URL(started.headers.get('location')!).searchParams.get('Token')!;
    const [attempt] = await db().select().from(payments).where(eq(payments.orderId, buyer.order.id));
    const calls = fakeBankCalls.length;
    const back = await getWithHost(`/api/site/v1/callback_sadad?OrderId=${attempt!.gatewayOrderId}&token=${token}&ResCode=0`, fakeHost);
    expect(back.location).toBe(`/shop/checkout/fail/${buyer.order.factorNumber}?reason=not_paid`);
    expect(fakeBankCalls.length).toBe(calls);
    expect(await orderOf(buyer)).toMatchObject({ status: 'confirmed', paidAt: null });
  });
});

describe('the sandbox sends browsers only under PUBLIC_BASE_URL', () => {
  const zarinpalRequest = (callbackUrl: string) =>
    fetch(`${server.url}/sandbox/zarinpal/pg/v4/payment/request.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant_id: SANDBOX_CREDENTIALS.zarinpalMerchantId,
        amount: 100_000,
        currency: 'IRR',
        description: 'x',
        callback_url: callbackUrl,
      }),
    });

  it.each([
    'https://evil.example/api/site/v1/callback_zarin',
    'http://127.0.0.1:1/api/site/v1/callback_zarin', // the shop's host, another port
    'https://shop.example.evil.example/cb',
  ])('ZarinPal refuses callback_url %s with -9 (validation)', async (callbackUrl) => {
    const res = await zarinpalRequest(callbackUrl);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: { code: number; validations: Record<string, string>[] } };
    expect(body.errors.code).toBe(-9);
    expect(body.errors.validations.some((v) => 'callback_url' in v)).toBe(true);
  });

  it('ZarinPal accepts one under PUBLIC_BASE_URL and sends the browser back there', async () => {
    const res = await zarinpalRequest(`${base()}/api/site/v1/callback_zarin`);
    const { data } = (await res.json()) as { data: { authority: string } };
    const back = await fetch(`${server.url}/sandbox/zarinpal/pg/StartPay/${data.authority}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(back.headers.get('location')!.startsWith(`${base()}/api/site/v1/callback_zarin?`)).toBe(true);
  });

  it('Sadad refuses a ReturnUrl elsewhere with ResCode 1023', async () => {
    const settings = (await import('../../src/server/payments/settings')).paymentSettings(server.deps.config, server.url).sadad!;
    const { sadadGateway } = await import('../../src/server/payments/sadad');
    const input = { amount: 150_000, attemptId: 990_001, factorNumber: '1', description: 'x' };
    expect(await sadadGateway(settings).start({ ...input, callbackUrl: 'https://evil.example/api/site/v1/callback_sadad' })).toMatchObject({
      ok: false,
      code: 1023,
    });
    expect(
      await sadadGateway(settings).start({ ...input, attemptId: 990_002, callbackUrl: `${base()}/api/site/v1/callback_sadad` }),
    ).toMatchObject({ ok: true });
  });
});

describe('behind a proxy (PUBLIC_BASE_URL is not the listening address)', () => {
  it('the browser goes to the sandbox under PUBLIC_BASE_URL while the server reaches it at its own address', async () => {
    const proxied = await startTestServer({ env: { PUBLIC_BASE_URL: 'https://shop.example' } });
    try {
      const p = await productWithStock(proxied.deps.db, 303, 5);
      const buyer = await buyerOf(proxied.deps.db, p.id);
      const started = await startPayment(proxied, buyer);
      expect(started.status).toBe(303); // request.json reached the sandbox (no network path to shop.example here)
      expect(started.headers.get('location')).toMatch(/^https:\/\/shop\.example\/sandbox\/zarinpal\/pg\/StartPay\/A[0-9a-zA-Z]{35}$/);
      const [attempt] = await proxied.deps.db.select().from(payments).where(eq(payments.orderId, buyer.order.id));
      const back = await fetch(`${proxied.url}/sandbox/zarinpal/pg/StartPay/${attempt!.authority}/pay`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(back.headers.get('location')).toBe(
        `https://shop.example/api/site/v1/callback_zarin?Authority=${attempt!.authority}&Status=OK`,
      );
    } finally {
      await proxied.stop();
    }
  });
});
