/**
 * Back office reports over the real server and database: paid sales per Tehran day and month, best
 * sellers from paid lines, low stock, and searches that found nothing (from the real search log).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, products } from '../src/server/db/schema';
import { insertConfirmedOrder, insertCustomer } from './support/orders';
import { startTestServer, type TestServer } from './support/server';
import { bearer, newCustomer, staffToken } from './support/shop';

let server: TestServer;
let staff: string;

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffToken(server);
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

const asStaff = () => bearer(staff);

async function paidOrder(paidAt: string, lines: { slug: string; quantity: number; unitPrice: number }[]) {
  const db = server.database.db;
  const total = lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
  const order = await insertConfirmedOrder(db, { userId: await insertCustomer(db), total, status: 'paid' });
  await db
    .update(orders)
    .set({ paidAt: new Date(paidAt) })
    .where(eq(orders.id, order.id));
  for (const l of lines) {
    const [p] = await db.select().from(products).where(eq(products.slug, l.slug));
    await db.insert(orderLines).values({
      orderId: order.id,
      productId: p!.id,
      product: { slug: p!.slug, name: p!.name, nameFa: p!.nameFa, partNumber: p!.partNumber },
      requestedQuantity: l.quantity,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineTotal: l.quantity * l.unitPrice,
    });
  }
}

describe('reports', () => {
  it('refuses guests and customers', async () => {
    const customer = await newCustomer(server, 'rep');
    for (const path of ['/staff/reports/sales', '/staff/reports/best-sellers', '/staff/reports/low-stock', '/staff/reports/no-results']) {
      expect((await server.api(path)).status).toBe(401);
      expect((await server.api(path, { headers: bearer(customer.token) })).status).toBe(403);
    }
  });

  it('sums paid sales per Tehran day and month, and ranks best sellers', async () => {
    // 22:00 UTC on 9 March is 01:30 on 10 March in Tehran.
    await paidOrder('2026-03-09T22:00:00Z', [{ slug: 'ne555p-pdip8', quantity: 10, unitPrice: 50_000 }]);
    await paidOrder('2026-03-10T08:00:00Z', [
      { slug: 'ne555p-pdip8', quantity: 5, unitPrice: 50_000 },
      { slug: 'lm358n-dip8', quantity: 2, unitPrice: 80_000 },
    ]);
    await paidOrder('2026-04-02T08:00:00Z', [{ slug: 'lm358n-dip8', quantity: 1, unitPrice: 80_000 }]);
    const days = await server.api('/staff/reports/sales?from=2026-03-01&to=2026-04-30', { headers: asStaff() });
    expect(days.status, JSON.stringify(days.body)).toBe(200);
    expect(days.body.data).toEqual([
      { period: '2026-03-10', orders: 2, total: 910_000 },
      { period: '2026-04-02', orders: 1, total: 80_000 },
    ]);
    const months = await server.api('/staff/reports/sales?by=month&from=2026-03-01&to=2026-04-30', { headers: asStaff() });
    expect(months.body.data).toEqual([
      { period: '2026-03', orders: 2, total: 910_000 },
      { period: '2026-04', orders: 1, total: 80_000 },
    ]);
    const best = await server.api('/staff/reports/best-sellers?from=2026-03-01&to=2026-04-30', { headers: asStaff() });
    expect(best.body.data.map((b: { slug: string; quantity: number }) => [b.slug, b.quantity])).toEqual([
      ['ne555p-pdip8', 15],
      ['lm358n-dip8', 3],
    ]);

    const bad = await server.api('/staff/reports/sales?from=2026-13-01&to=2026-01-01&by=week', { headers: asStaff() });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.from).toEqual(['تاریخ باید به شکل ۲۰۲۶-۰۱-۳۱ (میلادی) باشد.']);
    expect(bad.body.data.errors.by).toBeDefined();
    const backwards = await server.api('/staff/reports/sales?from=2026-02-01&to=2026-01-01', { headers: asStaff() });
    expect(backwards.status).toBe(422);
    expect(backwards.body.data.errors.to).toEqual(['تاریخ پایان باید پس از تاریخ آغاز باشد و بازه از دو سال بیشتر نباشد.']);
  });

  it('lists low stock, emptiest first', async () => {
    const db = server.database.db;
    // Among the empty ones, the best seller comes first: the one to reorder soonest.
    await db.update(products).set({ stock: 0, salesCount: 1_000_000 }).where(eq(products.slug, 'ne555p-pdip8'));
    const low = await server.api('/staff/reports/low-stock?below=2&limit=500', { headers: asStaff() });
    expect(low.status).toBe(200);
    const stocks = low.body.data.map((p: { stock: number }) => p.stock);
    expect(low.body.data[0].slug).toBe('ne555p-pdip8');
    expect(stocks.every((n: number) => n <= 2)).toBe(true);
    expect(stocks).toEqual([...stocks].sort((x: number, y: number) => x - y));
    expect((await server.api('/staff/reports/low-stock?below=-1', { headers: asStaff() })).status).toBe(422);
  });

  it('lists the searches that found nothing, most asked first, from the search log', async () => {
    // The shop's search listing logs every search with its result count.
    for (const q of ['zzqx9001', 'zzqx9001', 'ZZQX9001', 'qwpl77'])
      expect((await server.api(`/getProduct?filter_part=${q}`)).status).toBe(200);
    await server.api('/getProduct?filter_part=lm358');
    await server.deps.searchLog.flush();
    const list = await server.api('/staff/reports/no-results', { headers: asStaff() });
    expect(list.status).toBe(200);
    const rows = list.body.data.map((r: { query: string; searches: number }) => [r.query, r.searches]);
    expect(rows.slice(0, 2)).toEqual([
      ['zzqx9001', 3],
      ['qwpl77', 1],
    ]);
    expect(rows.map((r: [string]) => r[0])).not.toContain('lm358');
  });
});
