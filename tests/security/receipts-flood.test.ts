/**
 * A flood of fake bank receipts — all naming the real customer's factor number, registered after the
 * real one so it sinks to the last page — must not hide the real receipt from staff: the list is paged
 * and filters by status, payment date and a search over factor number, tracking code and amount.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankReceipts, orders } from '../../src/server/db/schema';
import { solvedCaptcha } from '../support/captcha';
import { insertConfirmedOrder, insertCustomer } from '../support/orders';
import { startTestServer, type TestServer } from '../support/server';
import { bearer, json, newCustomer, staffToken } from '../support/shop';

const FLOOD = 500;
const FACTOR = '7770012';
const TOTAL = 1_234_560; // rials: 123,456 toman
const REAL_TRACKING = '88990011';
let server: TestServer;
let staff: Record<string, string>;
let orderId: number;
let realId: number;

const list = async (query: string, headers = staff) => server.api(`/staff/receipts?${query}`, { headers });

beforeAll(async () => {
  server = await startTestServer({ catalogue: false });
  staff = bearer(await staffToken(server));
  const order = await insertConfirmedOrder(server.database.db, { userId: await insertCustomer(server.database.db), total: TOTAL });
  await server.database.db.update(orders).set({ factorNumber: FACTOR }).where(eq(orders.id, order.id));
  orderId = order.id;

  // The real customer registers the transfer first (a guest, through the form's API with its captcha).
  const real = await server.api(
    '/paymentBank/create',
    json('POST', {
      name: 'مریم احمدی',
      payment_date: '2025-03-10T11:30:00+03:30',
      price: TOTAL,
      factor_number: '۷۷۷۰۰۱۲',
      tracking_code: REAL_TRACKING,
      account_number: '6037991122334455',
      captcha: await solvedCaptcha(server),
    }),
  );
  expect(real.status, JSON.stringify(real.body)).toBe(201);
  const [row] = await server.database.db
    .select({ id: bankReceipts.id })
    .from(bankReceipts)
    .where(eq(bankReceipts.trackingCode, REAL_TRACKING));
  realId = row!.id;

  // Then the flood: same factor number, other amounts, tracking codes and days, all newer than the real one.
  const start = Date.parse('2025-02-01T09:00:00+03:30');
  const fakes = Array.from({ length: FLOOD }, (_, i) => ({
    orderId,
    name: `جعلی ${i}`,
    paymentDate: new Date(start + (i % 28) * 86_400_000 + (i % 2 ? 0 : 40 * 86_400_000)),
    price: TOTAL + 10 * (i + 1),
    factorNumber: FACTOR,
    trackingCode: String(10_000_000 + i * 7),
    accountNumber: '1111222233334444',
    createdAt: new Date(Date.now() + (i + 1) * 1000),
  }));
  await server.database.db.insert(bankReceipts).values(fakes);
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

describe('staff receipts list under a flood', () => {
  it('pages the list: the real receipt is not on the first page, but paging reaches every receipt once', async () => {
    const first = await list('status=pending');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: FLOOD + 1, page: 1, limit: 20, pages: Math.ceil((FLOOD + 1) / 20) });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data.map((r: { id: number }) => r.id)).not.toContain(realId);
    const seen = new Set<number>();
    for (let page = 1; page <= first.body.pages; page++) {
      const res = await list(`status=pending&limit=100&page=${page}`);
      for (const r of res.body.data as { id: number }[]) seen.add(r.id);
      if (res.body.data.length < 100) break;
    }
    expect(seen.size).toBe(FLOOD + 1);
    expect(seen.has(realId)).toBe(true);
  });

  it('finds the real receipt by its tracking code, by its amount in toman, and by its payment day', async () => {
    const byTracking = await list(`q=${REAL_TRACKING}`);
    expect(byTracking.body.total).toBe(1);
    expect(byTracking.body.data[0]).toMatchObject({ id: realId, factorNumber: FACTOR, price: TOTAL, orderTotal: TOTAL, status: 'pending' });
    for (const amount of ['123456', '123,456', '۱۲۳٬۴۵۶']) {
      const byAmount = await list(`q=${encodeURIComponent(amount)}`);
      expect(
        byAmount.body.data.map((r: { id: number }) => r.id),
        amount,
      ).toEqual([realId]);
    }
    const byDay = await list('from=2025-03-10&to=2025-03-10');
    expect(byDay.body.data.map((r: { id: number }) => r.id)).toEqual([realId]);
    // The factor number alone matches the whole flood: it is the amount and tracking code that tell.
    expect((await list(`q=${FACTOR}`)).body.total).toBe(FLOOD + 1);
    // Part of a tracking code.
    expect((await list('q=8899001')).body.data.map((r: { id: number }) => r.id)).toEqual([realId]);
  });

  it('accepting it moves it out of the pending list; the fakes stay pending, none is lost', async () => {
    const found = await list(`status=pending&q=${REAL_TRACKING}`);
    const accept = await server.api(`/staff/receipts/${found.body.data[0].id}/accept`, json('POST', undefined, staff));
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    const [order] = await server.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('paid');
    expect((await list('status=pending')).body.total).toBe(FLOOD);
    expect((await list('status=accepted')).body.data.map((r: { id: number }) => r.id)).toEqual([realId]);
    expect((await list('status=all')).body.total).toBe(FLOOD + 1);
  });

  it('refuses bad filters with Persian messages; LIKE wildcards are searched as text; staff only', async () => {
    for (const q of ['page=0', 'limit=1000', 'from=yesterday', 'to=2025-13-40', 'status=lost', `q=${'x'.repeat(61)}`]) {
      const res = await list(q);
      expect(res.status, q).toBe(422);
      expect(res.body.message, q).toMatch(/[\u0600-\u06ff]/);
    }
    for (const wildcard of ['%', '_', '\\']) expect((await list(`q=${encodeURIComponent(wildcard)}`)).body.total, wildcard).toBe(0);
    expect((await list('page=999')).body.data).toEqual([]);
    expect((await server.api('/staff/receipts')).status).toBe(401);
    const customer = await newCustomer(server, 'flooder');
    expect((await list('status=pending', bearer(customer.token))).status).toBe(403);
  });
});
