/**
 * The buying path over the real server and database: the server-side cart and its quantity rules,
 * the enquiry, staff confirmation with changed lines, the pre-invoice and its states, bank receipts,
 * stock taken once on payment (also when two customers race for the last units), the dashboard, order
 * tracking, and every forbidden move.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, staffActions } from '../src/server/db/schema';
import { catalogueVersion } from '../src/server/services/catalogue-version';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, prepareProduct, staffToken, type Customer } from './support/shop';
import { solvedCaptcha } from './support/captcha';

let server: TestServer;
let staff: string;
let ana: Customer;
let bob: Customer;

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffToken(server);
  ana = await newCustomer(server, 'ana');
  bob = await newCustomer(server, 'bob');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const as = (c: Customer | string) => bearer(typeof c === 'string' ? c : c.token);
const stockOf = async (id: number) =>
  (await server.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;

async function enquiry(customer: Customer, productId: number, quantity: number) {
  expect((await server.api('/cart', json('POST', { product_id: productId, cart_quantity: quantity }, as(customer)))).status).toBe(200);
  const res = await server.api('/order', json('POST', { address_id: customer.addressId, shipping_method: 'post' }, as(customer)));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; factorNumber: string; trackingCode: string; total: number };
}

async function confirmAsIs(orderId: number) {
  const detail = await server.api(`/staff/orders/${orderId}`, { headers: as(staff) });
  const lines = detail.body.data.lines.map((l: { id: number; quantity: number; unitPrice: number }) => ({
    id: l.id,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    available: true,
  }));
  const res = await server.api(`/staff/orders/${orderId}/confirm`, json('POST', { lines }, as(staff)));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function receiptFor(factorNumber: string, price: number) {
  const res = await server.api(
    '/paymentBank/create',
    json('POST', {
      name: 'مشتری',
      payment_date: '2025-01-05T10:00:00Z',
      price,
      factor_number: factorNumber,
      tracking_code: '123456',
      account_number: '0101234567',
      captcha: await solvedCaptcha(server),
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const list = await server.api('/staff/receipts?status=pending', { headers: as(staff) });
  return (list.body.data as { id: number; factorNumber: string }[]).find((r) => r.factorNumber === factorNumber)!.id;
}

describe('cart', () => {
  it('is for signed-in customers only', async () => {
    expect((await server.api('/cart')).status).toBe(401);
    expect((await server.api('/cart', json('POST', { product_id: 1, cart_quantity: 1 }))).status).toBe(401);
  });

  it('prices lines from the catalogue tiers, ignores prices sent by the browser, and raises an existing line', async () => {
    const p = await prepareProduct(server.database.db, {
      stock: 400,
      tiers: [
        [1, 50_000],
        [10, 40_000],
        [100, 30_000],
      ],
    });
    const add = await server.api('/cart', json('POST', { product_id: p.id, cart_quantity: 4, price: 1, total: 1 }, as(ana)));
    expect(add.status).toBe(200);
    expect(add.body.items).toHaveLength(1);
    expect(add.body.items[0]).toMatchObject({
      quantity: 4,
      price: 50_000,
      total: 200_000,
      productAvailable: 1,
      nextBreak: { moreUnits: 6, unitPrice: 40_000 },
    });
    expect(add.body.totals).toEqual([{ type: 'shipping', title: 'هزینه ارسال', price: 0 }]);
    const again = await server.api('/cart', json('POST', { product_id: p.id, cart_quantity: 6 }, as(ana)));
    expect(again.body.items).toHaveLength(1);
    expect(again.body.items[0]).toMatchObject({ quantity: 10, price: 40_000, total: 400_000 });
    expect(again.body).toMatchObject({ subtotal: 400_000, total: 400_000, cartCount: 1 });
    // Another customer's cart is their own.
    expect((await server.api('/cart', { headers: as(bob) })).body.items).toEqual([]);
    const emptied = await server.api('/cart/removeMultipleCartItem', json('POST', {}, as(ana)));
    expect(emptied.body).toMatchObject({ items: [], totals: [], total: 0, cartCount: 0 });
  });

  it('refuses quantities against the rules with Persian 422s and changes nothing', async () => {
    const p = await prepareProduct(server.database.db, { skip: 1, stock: 30, threshold: 50, minimumPurchase: 5 });
    const cases: [unknown, string][] = [
      [3, 'تعداد از حداقل خرید این کالا کمتر است.'],
      [7, 'این کالا در بسته‌های حداقل خرید فروخته می‌شود؛ تعداد باید مضربی از آن باشد.'],
      [35, 'برای سفارش این تعداد، لطفاً با فروشگاه تماس بگیرید.'],
      [0, 'تعداد باید دست‌کم ۱ باشد.'],
    ];
    for (const [quantity, message] of cases) {
      const res = await server.api('/cart', json('POST', { product_id: p.id, cart_quantity: quantity }, as(ana)));
      expect(res.status, String(quantity)).toBe(422);
      expect(res.body.data.errors.cart_quantity[0]).toBe(message);
    }
    expect((await server.api('/cart', json('POST', { product_id: p.id, cart_quantity: '10' }, as(ana)))).status).toBe(422);
    expect((await server.api('/cart', { headers: as(ana) })).body.items).toEqual([]);
    // Within the rules it goes in; raising past the stock through cartQuantity is refused as a whole.
    const ok = await server.api('/cart', json('POST', { product_id: p.id, cart_quantity: 10 }, as(ana)));
    const lineId = ok.body.items[0].id;
    const over = await server.api('/cartQuantity', json('POST', { quantities: [{ id: lineId, quantity: 40 }] }, as(ana)));
    expect(over.status).toBe(422);
    expect(over.body.data.errors['quantities.0.quantity'][0]).toContain('تماس');
    const set = await server.api('/cartQuantity', json('POST', { quantities: [{ id: lineId, quantity: 20 }] }, as(ana)));
    expect(set.body.items[0].quantity).toBe(20);
    // Someone else's line id is not in this cart.
    expect((await server.api('/cartQuantity', json('POST', { quantities: [{ id: lineId, quantity: 5 }] }, as(bob)))).status).toBe(422);
    const removed = await server.api(`/cart/${p.id}`, json('DELETE', undefined, as(ana)));
    expect(removed.body.items).toEqual([]);
  });

  it('lets a pre-order go beyond stock and badges it; marks a product deleted since as unavailable', async () => {
    const pre = await prepareProduct(server.database.db, { skip: 2, stock: 0, preOrderDate: '2030-01-01' });
    const res = await server.api('/cart', json('POST', { product_id: pre.id, cart_quantity: 50 }, as(bob)));
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ preOrder: true, quantity: 50 });
    await server.database.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, pre.id));
    const later = await server.api('/cart', { headers: as(bob) });
    expect(later.body.items[0]).toMatchObject({ productAvailable: 0, total: 0 });
    expect(later.body.total).toBe(0);
    // An enquiry with an unavailable line is refused until the line is removed.
    const order = await server.api('/order', json('POST', { address_id: bob.addressId, shipping_method: 'post' }, as(bob)));
    expect(order.status).toBe(422);
    await server.api(`/cart/${pre.id}`, json('DELETE', undefined, as(bob)));
    await server.database.db.update(products).set({ deletedAt: null }).where(eq(products.id, pre.id));
  });
});

describe('enquiry → pre-invoice → invoice', () => {
  it('needs an address of the customer and a shipping method, and a non-empty cart', async () => {
    const p = await prepareProduct(server.database.db, { skip: 3, stock: 100 });
    expect((await server.api('/order', json('POST', { address_id: ana.addressId, shipping_method: 'post' }, as(ana)))).body.message).toBe(
      'سبد خرید شما خالی است.',
    );
    await server.api('/cart', json('POST', { product_id: p.id, cart_quantity: 1 }, as(ana)));
    const noMethod = await server.api('/order', json('POST', { address_id: ana.addressId }, as(ana)));
    expect(noMethod.status).toBe(422);
    expect(noMethod.body.data.errors.shipping_method[0]).toBe('انتخاب روش ارسال الزامی است.');
    const foreign = await server.api('/order', json('POST', { address_id: bob.addressId, shipping_method: 'post' }, as(ana)));
    expect(foreign.status).toBe(422);
    await server.api('/cart/removeMultipleCartItem', json('POST', {}, as(ana)));
  });

  it('runs the whole way, with staff changes, forbidden moves refused, and every staff action recorded', async () => {
    const p = await prepareProduct(server.database.db, {
      skip: 4,
      stock: 100,
      tiers: [
        [1, 200_000],
        [10, 150_000],
      ],
    });
    const order = await enquiry(ana, p.id, 5);
    // Snapshot of the lines and the shipping price (post: 90,000 toman below 300,000 toman of goods).
    expect(order.total).toBe(5 * 200_000 + 900_000);
    expect((await server.api('/cart', { headers: as(ana) })).body.items).toEqual([]);
    const list = await server.api('/dashboard/factor?type=p', { headers: as(ana) });
    expect(list.body.items[0]).toMatchObject({
      factorNumber: order.factorNumber,
      state: 'awaiting_approval',
      stateLabel: 'در انتظار تأیید',
    });

    // Customers cannot use staff calls; guests neither.
    expect((await server.api('/staff/orders', { headers: as(ana) })).status).toBe(403);
    expect(
      (
        await server.api(
          `/staff/orders/${order.id}/confirm`,
          json('POST', { lines: [{ id: 1, quantity: 1, unitPrice: 1, available: true }] }, as(ana)),
        )
      ).status,
    ).toBe(403);
    expect((await server.api('/staff/receipts')).status).toBe(401);

    // An unconfirmed enquiry cannot be paid: a receipt for it cannot be accepted.
    const early = await receiptFor(order.factorNumber, order.total);
    const refused = await server.api(`/staff/receipts/${early}/accept`, json('POST', undefined, as(staff)));
    expect(refused.status).toBe(409);
    expect(await stockOf(p.id)).toBe(100);

    // Staff raise the quantity to 10 at the 10+ price.
    const staffView = await server.api(`/staff/orders/${order.id}`, { headers: as(staff) });
    const line = staffView.body.data.lines[0];
    const confirmed = await server.api(
      `/staff/orders/${order.id}/confirm`,
      json(
        'POST',
        { lines: [{ id: line.id, quantity: 10, unitPrice: 150_000, available: true, note: 'بسته ۱۰ تایی' }], note: 'بسته ۱۰ تایی' },
        as(staff),
      ),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ state: 'confirmed', total: 1_500_000 + 900_000, stateColour: 'green' });
    expect(
      (
        await server.api(
          `/staff/orders/${order.id}/confirm`,
          json('POST', { lines: [{ id: line.id, quantity: 1, unitPrice: 1, available: true }] }, as(staff)),
        )
      ).status,
    ).toBe(409);

    const mine = await server.api(`/dashboard/factor/detail/${order.factorNumber}`, { headers: as(ana) });
    expect(mine.body.data).toMatchObject({
      state: 'confirmed',
      total: 2_400_000,
      lines: [{ requestedQuantity: 5, quantity: 10, unitPrice: 150_000 }],
    });
    expect(mine.body.data.orderToken).toMatch(/^[\w-]{20,}$/);
    expect(mine.body.data.expiresAt).not.toBeNull();
    // Someone else's pre-invoice does not exist for them.
    expect((await server.api(`/dashboard/factor/detail/${order.factorNumber}`, { headers: as(bob) })).status).toBe(404);
    expect((await server.api(`/dashboard/factor/${order.factorNumber}`, json('DELETE', undefined, as(bob)))).status).toBe(404);

    // The bank transfer is accepted: paid, stock taken once, and the product's static page is due for a rebuild.
    const receipt = await receiptFor(order.factorNumber, 2_400_000);
    const versionBefore = await catalogueVersion(server.database.db);
    expect((await server.api(`/staff/receipts/${receipt}/accept`, json('POST', undefined, as(staff)))).status).toBe(200);
    expect(await stockOf(p.id)).toBe(90);
    expect(await catalogueVersion(server.database.db)).not.toBe(versionBefore);
    expect((await server.api(`/staff/receipts/${receipt}/accept`, json('POST', undefined, as(staff)))).status).toBe(409);
    expect(await stockOf(p.id)).toBe(90);
    const invoices = await server.api('/dashboard/factor?type=f', { headers: as(ana) });
    expect(invoices.body.items[0]).toMatchObject({ factorNumber: order.factorNumber, state: 'paid', paid: true, type: 'f' });

    // The paid invoice downloads as a PDF, for its owner only; an unpaid one does not.
    const pdf = await fetch(`${server.url}/api/site/v1/dashboard/factor/download/${order.factorNumber}`, { headers: as(ana) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await server.api(`/dashboard/factor/download/${order.factorNumber}`, { headers: as(bob) })).status).toBe(404);

    // A paid invoice cannot be deleted.
    const del = await server.api(`/dashboard/factor/${order.factorNumber}`, json('DELETE', undefined, as(ana)));
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('فاکتور پرداخت‌شده را نمی‌توان حذف کرد.');

    // Shipping; the guest tracking page sees it.
    const ship = await server.api(
      `/staff/orders/${order.id}/shipping`,
      json('POST', { shippingStatus: 'shipped', shippingTrackingCode: 'POST-998877' }, as(staff)),
    );
    expect(ship.status).toBe(200);
    const track = await server.api(`/track-order/${order.trackingCode.toLowerCase()}`);
    expect(track.body.data).toMatchObject({
      state: 'paid',
      stateLabel: 'پرداخت شده',
      shippingStatusLabel: 'ارسال شده',
      shippingTrackingCode: 'POST-998877',
    });
    expect(track.body.data.address).toBeUndefined();
    expect((await server.api('/track-order/NOSUCHCODE99')).status).toBe(404);

    const actions = await server.database.db.select().from(staffActions).where(eq(staffActions.entityId, order.id));
    expect(actions.map((a) => a.action)).toEqual(['order.confirm', 'order.shipping']);
    const log = await server.api('/staff/actions', { headers: as(staff) });
    expect(log.body.data.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['order.confirm', 'receipt.accept', 'order.shipping']),
    );
    expect(log.body.data[0].staff).toBe('staff');
  });

  it('deletes an unpaid pre-invoice, rejects and "contact the store", expiry and asking again', async () => {
    const p = await prepareProduct(server.database.db, { skip: 5, stock: 100 });
    const a = await enquiry(bob, p.id, 1);
    expect((await server.api(`/dashboard/factor/${a.factorNumber}`, json('DELETE', undefined, as(bob)))).status).toBe(200);
    expect((await server.api(`/dashboard/factor/detail/${a.factorNumber}`, { headers: as(bob) })).status).toBe(404);

    const b = await enquiry(bob, p.id, 1);
    expect((await server.api(`/dashboard/factor/download/${b.factorNumber}`, { headers: as(bob) })).status).toBe(409);
    const rejected = await server.api(`/staff/orders/${b.id}/reject`, json('POST', { note: 'ناموجود' }, as(staff)));
    expect(rejected.body.data).toMatchObject({ state: 'rejected', type: 'a' });

    const c = await enquiry(bob, p.id, 1);
    const contact = await server.api(`/staff/orders/${c.id}/contact`, json('POST', {}, as(staff)));
    expect(contact.body.data).toMatchObject({ state: 'contact_store', stateLabel: 'لطفاً با فروشگاه تماس بگیرید', stateColour: 'red' });
    const again = await server.api(`/dashboard/factor/inventoryRequest/${c.factorNumber}`, json('POST', undefined, as(bob)));
    expect(again.body.data.state).toBe('awaiting_approval');

    await confirmAsIs(c.id);
    await server.database.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, c.id));
    const expired = await server.api(`/dashboard/factor/detail/${c.factorNumber}`, { headers: as(bob) });
    expect(expired.body.data).toMatchObject({ state: 'expired', stateLabel: 'پیش‌فاکتور منقضی شده', stateColour: 'red', orderToken: null });
    const archive = await server.api('/dashboard/factor?type=a', { headers: as(bob) });
    expect(archive.body.items.map((i: { factorNumber: string }) => i.factorNumber)).toEqual(
      expect.arrayContaining([b.factorNumber, c.factorNumber]),
    );
    const open = await server.api('/dashboard/factor?type=p', { headers: as(bob) });
    expect(open.body.items.map((i: { factorNumber: string }) => i.factorNumber)).not.toContain(c.factorNumber);
  });
});

describe('the last units', () => {
  it('go to one of two customers paying at the same moment; the other payment is refused and nothing is oversold', async () => {
    const p = await prepareProduct(server.database.db, { skip: 6, stock: 3 });
    const first = await enquiry(ana, p.id, 3);
    const second = await enquiry(bob, p.id, 3);
    await confirmAsIs(first.id);
    await confirmAsIs(second.id);
    const r1 = await receiptFor(first.factorNumber, first.total);
    const r2 = await receiptFor(second.factorNumber, second.total);
    const results = await Promise.all([r1, r2].map((id) => server.api(`/staff/receipts/${id}/accept`, json('POST', undefined, as(staff)))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toContain('موجودی');
    expect(await stockOf(p.id)).toBe(0);
    const states = await server.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(sql`${orders.id} IN (${first.id}, ${second.id})`);
    expect(states.map((s) => s.status).sort()).toEqual(['confirmed', 'paid']);
  });
});

describe('paying a pre-invoice at a gateway (sandbox)', () => {
  async function confirmedFor(customer: Customer, skip: number, stock = 50) {
    const p = await prepareProduct(server.database.db, { skip, stock });
    const order = await enquiry(customer, p.id, 2);
    await confirmAsIs(order.id);
    const detail = (await server.api(`/dashboard/factor/detail/${order.factorNumber}`, { headers: as(customer) })).body.data;
    return { p, order, detail };
  }
  const payLink = (d: { total: number; orderToken: string }, gateway: string) =>
    `/payment_zarin?sp=${d.total}&sr=0&token=${d.orderToken}&gateway=${gateway}`;

  it('ZarinPal: pay → verified → success page, invoice paid, stock taken once; a replayed callback changes nothing', async () => {
    const { p, order, detail } = await confirmedFor(ana, 7);
    const start = await server.api(payLink(detail, 'zarinpal'), { headers: as(ana), redirect: 'manual' });
    expect(start.status).toBe(303);
    const bank = start.headers.get('location')!;
    expect(bank).toContain('/sandbox/zarinpal/pg/StartPay/');
    const back = await fetch(`${bank}/pay`, { method: 'POST', redirect: 'manual' });
    const callback = back.headers.get('location')!;
    expect(callback).toContain('/api/site/v1/callback_zarin?');
    const done = await fetch(callback, { redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(new RegExp(`^/shop/checkout/success/${order.trackingCode}/\\w+`));
    expect((await server.api(`/dashboard/factor/detail/${order.factorNumber}`, { headers: as(ana) })).body.data.state).toBe('paid');
    expect(await stockOf(p.id)).toBe(48);
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(replay.headers.get('location')).toContain('/shop/checkout/success/');
    expect(await stockOf(p.id)).toBe(48);
    // Paid: no new payment can start.
    expect((await server.api(payLink(detail, 'zarinpal'), { headers: as(ana), redirect: 'manual' })).status).toBe(409);
  });

  it('Sadad: a cancelled payment lands on the fail page and the pre-invoice stays payable; then paying works', async () => {
    const { p, order, detail } = await confirmedFor(bob, 8);
    const start = await server.api(payLink(detail, 'sadad'), { headers: as(bob), redirect: 'manual' });
    const bank = new URL(start.headers.get('location')!);
    const token = bank.searchParams.get('Token')!;
    const cancel = await fetch(`${bank.origin}/sandbox/sadad/VPG/Purchase/cancel`, {
      method: 'POST',
      body: new URLSearchParams({ Token: token }),
    });
    const fields = Object.fromEntries([...(await cancel.text()).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    const failed = await fetch(`${server.url}/api/site/v1/callback_sadad`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
    expect(failed.headers.get('location')).toBe(`/shop/checkout/fail/${order.factorNumber}?reason=not_paid`);
    expect(await stockOf(p.id)).toBe(50);

    const again = await server.api(payLink(detail, 'sadad'), { headers: as(bob), redirect: 'manual' });
    const bank2 = new URL(again.headers.get('location')!);
    const pay = await fetch(`${bank2.origin}/sandbox/sadad/VPG/Purchase/pay`, {
      method: 'POST',
      body: new URLSearchParams({ Token: bank2.searchParams.get('Token')! }),
    });
    const fields2 = Object.fromEntries([...(await pay.text()).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    const ok = await fetch(`${server.url}/api/site/v1/callback_sadad`, {
      method: 'POST',
      body: new URLSearchParams(fields2),
      redirect: 'manual',
    });
    expect(ok.headers.get('location')).toContain(`/shop/checkout/success/${order.trackingCode}/`);
    expect(await stockOf(p.id)).toBe(48);
  });

  it("refuses someone else's invoice, an unconfirmed enquiry, a wrong amount and guests", async () => {
    const { detail } = await confirmedFor(ana, 9);
    expect((await server.api(payLink(detail, 'zarinpal'), { headers: as(bob), redirect: 'manual' })).status).toBe(404);
    expect((await server.api(payLink(detail, 'zarinpal'), { redirect: 'manual' })).status).toBe(401);
    expect(
      (await server.api(payLink({ ...detail, total: detail.total - 10 }, 'zarinpal'), { headers: as(ana), redirect: 'manual' })).status,
    ).toBe(409);
    const p = await prepareProduct(server.database.db, { skip: 10, stock: 50 });
    const open = await enquiry(ana, p.id, 1);
    const [row] = await server.database.db
      .select({ token: orders.orderToken, total: orders.total })
      .from(orders)
      .where(eq(orders.id, open.id));
    const res = await server.api(payLink({ total: row!.total, orderToken: row!.token }, 'zarinpal'), {
      headers: as(ana),
      redirect: 'manual',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('این پیش‌فاکتور قابل پرداخت نیست.');
  });
});
