/**
 * Checkout over the real server and database: shipping methods by destination (the courier only in
 * the store's city), discount codes from the staff console to the cart to the enquiry (and a code with
 * one use raced by several customers at once; a rejected, cancelled or expired order gives its use back
 * exactly once, raced against the other moves), the pre-invoice's per-line changes and recomputed
 * shipping, and the official-invoice details the customer may give.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orders } from '../src/server/db/schema';
import { runScheduledChecks } from '../src/server/notifications/schedule';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, prepareProduct, staffToken, type Customer } from './support/shop';

let server: TestServer;
let staff: string;
let ana: Customer;

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffToken(server);
  ana = await newCustomer(server, 'ana');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const as = (c: Customer | string) => bearer(typeof c === 'string' ? c : c.token);

/** An address of the customer in another province's city. */
async function addressIn(customer: Customer, provinceName: string, cityName: string): Promise<number> {
  const provinces = await server.api('/dashboard/getProvince', { headers: as(customer) });
  const provinceId = provinces.body.data.find((p: { name: string }) => p.name === provinceName).id;
  const province = await server.api(`/dashboard/province/${provinceId}`, { headers: as(customer) });
  const cityId = province.body.data.cities.find((c: { name: string }) => c.name === cityName).id;
  const res = await server.api(
    '/dashboard/address',
    json(
      'POST',
      {
        name: 'کارگاه',
        mobile: '09131234567',
        province_id: provinceId,
        city_id: cityId,
        address: 'خیابان چهارباغ، پلاک ۵',
        postCode: '8134567891',
      },
      as(customer),
    ),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function fillCart(customer: Customer, productId: number, quantity: number) {
  await server.api('/cart/removeMultipleCartItem', json('POST', {}, as(customer)));
  const res = await server.api('/cart', json('POST', { product_id: productId, cart_quantity: quantity }, as(customer)));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function newCode(body: Record<string, unknown>) {
  const res = await server.api('/staff/discount-codes', json('POST', body, as(staff)));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; code: string };
}

describe('shipping by destination', () => {
  it('lists every method with its price, threshold, titles in both languages and whether it is for the store city only', async () => {
    const res = await server.api('/checkout/options');
    expect(res.status).toBe(200);
    expect([res.body.data.storeCity, res.body.data.storeCityEn]).toEqual(['تهران', 'Tehran']);
    expect(res.body.data.shippingMethods).toEqual([
      { id: 'courier', title: 'پیک (تهران)', titleEn: 'Courier (Tehran)', price: 800_000, freeFrom: 1_500_000, storeCityOnly: true },
      { id: 'post', title: 'پست پیشتاز', titleEn: 'Express post', price: 900_000, freeFrom: 3_000_000, storeCityOnly: false },
      {
        id: 'carrier',
        title: 'تیپاکس / باربری',
        titleEn: 'Tipax / freight carrier',
        price: 1_200_000,
        freeFrom: null,
        storeCityOnly: false,
      },
      { id: 'pickup', title: 'تحویل حضوری از فروشگاه', titleEn: 'Pick up at the store', price: 0, freeFrom: 0, storeCityOnly: false },
    ]);
  });

  it('refuses the courier to another city with a Persian 422 and keeps the cart; post and carrier go there', async () => {
    const p = await prepareProduct(server.database.db, { stock: 500, tiers: [[1, 100_000]] });
    const isfahan = await addressIn(ana, 'اصفهان', 'اصفهان');
    await fillCart(ana, p.id, 3);
    const refused = await server.api('/order', json('POST', { address_id: isfahan, shipping_method: 'courier' }, as(ana)));
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors.shipping_method[0]).toBe(
      'ارسال با پیک فقط برای نشانی‌های شهر تهران است؛ برای این نشانی پست، تیپاکس یا تحویل حضوری را انتخاب کنید.',
    );
    expect((await server.api('/cart', { headers: as(ana) })).body.items).toHaveLength(1);

    const byCarrier = await server.api('/order', json('POST', { address_id: isfahan, shipping_method: 'carrier' }, as(ana)));
    expect(byCarrier.status, JSON.stringify(byCarrier.body)).toBe(201);
    const detail = (await server.api(`/dashboard/factor/detail/${byCarrier.body.data.factorNumber}`, { headers: as(ana) })).body.data;
    expect(detail).toMatchObject({ subtotal: 300_000, shipping: 1_200_000, total: 1_500_000, shippingTitle: 'تیپاکس / باربری' });

    // In Tehran the courier is fine.
    await fillCart(ana, p.id, 3);
    const courier = await server.api('/order', json('POST', { address_id: ana.addressId, shipping_method: 'courier' }, as(ana)));
    expect(courier.status, JSON.stringify(courier.body)).toBe(201);
    expect(courier.body.data.total).toBe(300_000 + 800_000);
  });
});

describe('discount codes', () => {
  it('are created by staff only, validated in Persian, and listed with their uses', async () => {
    expect((await server.api('/staff/discount-codes', json('POST', { code: 'NOPE10', percent: 10 }, as(ana)))).status).toBe(403);
    const tooMuch = await server.api('/staff/discount-codes', json('POST', { code: 'GREEDY', percent: 95 }, as(staff)));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.data.errors.percent[0]).toBe('درصد تخفیف حداکثر 90 است.');
    const backwards = await server.api(
      '/staff/discount-codes',
      json('POST', { code: 'BACK1', percent: 5, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, as(staff)),
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body.data.errors.endsAt[0]).toBe('پایان اعتبار باید بعد از آغاز آن باشد.');
    const made = await newCode({ code: ' yalda-۱۵ ', percent: 15, usageLimit: 100 });
    expect(made.code).toBe('YALDA-15');
    const again = await server.api('/staff/discount-codes', json('POST', { code: 'yalda-15', percent: 20 }, as(staff)));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('کد تخفیفی با این نام از پیش وجود دارد.');
    const list = await server.api('/staff/discount-codes', { headers: as(staff) });
    expect(list.body.data.find((c: { code: string }) => c.code === 'YALDA-15')).toMatchObject({
      percent: 15,
      usageLimit: 100,
      usedCount: 0,
      status: 'active',
    });
  });

  it('refuse unknown, not yet valid, expired and used-up codes in the cart with the reason', async () => {
    const p = await prepareProduct(server.database.db, { skip: 1, stock: 500, tiers: [[1, 100_000]] });
    await fillCart(ana, p.id, 2);
    await newCode({ code: 'LATER', percent: 10, startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    await newCode({ code: 'OVER', percent: 10, endsAt: new Date(Date.now() - 1000).toISOString() });
    const full = await newCode({ code: 'FULL', percent: 10, usageLimit: 1 });
    await server.database.db.update(discountCodes).set({ usedCount: 1 }).where(eq(discountCodes.id, full.id));
    for (const [code, message] of [
      ['NOSUCH', 'کد تخفیف واردشده معتبر نیست.'],
      ['later', 'این کد تخفیف هنوز فعال نشده است.'],
      ['OVER', 'مهلت استفاده از این کد تخفیف تمام شده است.'],
      ['FULL', 'ظرفیت استفاده از این کد تخفیف پر شده است.'],
    ]) {
      const res = await server.api('/cart/discount', json('POST', { code }, as(ana)));
      expect(res.status, code).toBe(422);
      expect(res.body.data.errors.discount_code[0]).toBe(message);
    }
    const cart = (await server.api('/cart', { headers: as(ana) })).body;
    expect(cart).toMatchObject({ subtotal: 200_000, total: 200_000, discountCode: null });
  });

  it('price the cart and the enquiry; the pre-invoice keeps the percent when the store confirms', async () => {
    const p = await prepareProduct(server.database.db, { skip: 2, stock: 500, tiers: [[1, 123_450]] });
    await newCode({ code: 'TENOFF', percent: 10, usageLimit: 5 });
    await fillCart(ana, p.id, 20); // 2,469,000 rials
    const applied = await server.api('/cart/discount', json('POST', { code: 'tenoff' }, as(ana)));
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // 10 % of 2,469,000 = 246,900, rounded to a whole toman.
    expect(applied.body).toMatchObject({
      subtotal: 2_469_000,
      total: 2_222_100,
      discountCode: { code: 'TENOFF', percent: 10 },
      discountProblem: null,
    });
    expect(applied.body.totals).toContainEqual({ type: 'discount', title: 'تخفیف', price: -246_900 });

    const sent = await server.api('/order', json('POST', { address_id: ana.addressId, shipping_method: 'post' }, as(ana)));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // Goods after discount 2,222,100 are under free post (3,000,000): post 900,000.
    expect(sent.body.data.total).toBe(2_222_100 + 900_000);
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, sent.body.data.id));
    expect(row).toMatchObject({ discountCode: 'TENOFF', discountPercent: 10, discount: 246_900 });
    expect((await server.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'TENOFF')))[0]!.usedCount).toBe(1);
    // The cart starts again without the code.
    expect((await server.api('/cart', { headers: as(ana) })).body.discountCode).toBeNull();

    const detail = (await server.api(`/staff/orders/${sent.body.data.id}`, { headers: as(staff) })).body.data;
    const lines = detail.lines.map((l: { id: number; quantity: number; unitPrice: number }) => ({
      id: l.id,
      quantity: 10,
      unitPrice: l.unitPrice,
      available: true,
      note: 'ten of each in stock',
    }));
    const confirmed = await server.api(`/staff/orders/${sent.body.data.id}/confirm`, json('POST', { lines }, as(staff)));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // 1,234,500 − 10 % (123,450 → 123,450 rounded to 123,450) … the percent is kept, shipping recomputed.
    expect(confirmed.body.data).toMatchObject({
      subtotal: 1_234_500,
      discount: 123_450,
      shipping: 900_000,
      total: 1_234_500 - 123_450 + 900_000,
      discountPercent: 10,
    });
  });

  it('with a limit of one use, exactly one of several customers sending at once gets it', async () => {
    const p = await prepareProduct(server.database.db, { skip: 3, stock: 5000, tiers: [[1, 100_000]] });
    const code = await newCode({ code: 'ONLYONE', percent: 50, usageLimit: 1 });
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => newCustomer(server, `racer${i}`)));
    for (const r of racers) {
      await fillCart(r, p.id, 10);
      expect((await server.api('/cart/discount', json('POST', { code: 'ONLYONE' }, as(r)))).status).toBe(200);
    }
    const answers = await Promise.all(
      racers.map((r) => server.api('/order', json('POST', { address_id: r.addressId, shipping_method: 'pickup' }, as(r)))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe('ظرفیت استفاده از این کد تخفیف پر شده است.');
    const winner = answers.find((a) => a.status === 201)!;
    expect(winner.body.data.total).toBe(500_000);
    const [row] = await server.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.usedCount).toBe(1);
    const discounted = await server.database.db.select({ id: orders.id }).from(orders).where(eq(orders.discountCode, 'ONLYONE'));
    expect(discounted).toHaveLength(1);
    // The losers' carts are intact and say why the code no longer counts.
    const loser = racers[answers.findIndex((a) => a.status === 409)]!;
    const cart = (await server.api('/cart', { headers: as(loser) })).body;
    expect(cart).toMatchObject({
      subtotal: 1_000_000,
      total: 1_000_000,
      discountCode: null,
      discountProblem: 'ظرفیت استفاده از این کد تخفیف پر شده است.',
    });
  }, 120_000);
});

describe('discount uses given back', () => {
  const usesOf = async (code: string) =>
    (await server.database.db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0]!.usedCount;
  /** An enquiry by `customer` priced with `code`. */
  async function enquiryWith(customer: Customer, productId: number, code: string) {
    await fillCart(customer, productId, 2);
    const applied = await server.api('/cart/discount', json('POST', { code }, as(customer)));
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const sent = await server.api('/order', json('POST', { address_id: customer.addressId, shipping_method: 'pickup' }, as(customer)));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    return sent.body.data as { id: number; factorNumber: string };
  }
  const reject = (id: number) => server.api(`/staff/orders/${id}/reject`, json('POST', {}, as(staff)));
  const cancel = (c: Customer, factorNumber: string) => server.api(`/dashboard/factor/${factorNumber}`, json('DELETE', undefined, as(c)));
  async function confirmAsIs(id: number) {
    const detail = (await server.api(`/staff/orders/${id}`, { headers: as(staff) })).body.data;
    const lines = detail.lines.map((l: { id: number; quantity: number; unitPrice: number }) => ({
      id: l.id,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      available: true,
    }));
    expect((await server.api(`/staff/orders/${id}/confirm`, json('POST', { lines }, as(staff)))).status).toBe(200);
  }
  const expire = (id: number) =>
    server.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, id));

  it('a rejected, a cancelled and an expired order give their use back once; asking again takes it again', async () => {
    const p = await prepareProduct(server.database.db, { skip: 4, stock: 5000, tiers: [[1, 100_000]] });
    await newCode({ code: 'GIVEBACK', percent: 20, usageLimit: 2 });
    const rejected = await enquiryWith(ana, p.id, 'GIVEBACK');
    expect(await usesOf('GIVEBACK')).toBe(1);
    expect((await reject(rejected.id)).status).toBe(200);
    expect(await usesOf('GIVEBACK')).toBe(0);
    // Deleting the rejected enquiry afterwards gives nothing back a second time.
    expect((await cancel(ana, rejected.factorNumber)).status).toBe(200);
    expect(await usesOf('GIVEBACK')).toBe(0);

    const cancelled = await enquiryWith(ana, p.id, 'GIVEBACK');
    const kept = await enquiryWith(ana, p.id, 'GIVEBACK');
    expect(await usesOf('GIVEBACK')).toBe(2);
    expect((await cancel(ana, cancelled.factorNumber)).status).toBe(200);
    expect(await usesOf('GIVEBACK')).toBe(1);

    // "Expired" is the clock's doing: the periodic check gives the use back, once however often it runs.
    await confirmAsIs(kept.id);
    await expire(kept.id);
    for (let i = 0; i < 3; i++) await runScheduledChecks(server.database.db, server.deps.config, new Date());
    expect(await usesOf('GIVEBACK')).toBe(0);
    // Asking again about it: the enquiry is priced with the code again, so it holds a use again.
    expect((await server.api(`/dashboard/factor/inventoryRequest/${kept.factorNumber}`, json('POST', {}, as(ana)))).status).toBe(200);
    expect(await usesOf('GIVEBACK')).toBe(1);
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, kept.id));
    expect(row).toMatchObject({ discountHeld: true, discountPercent: 20 });
  });

  it('raced: the store rejecting while the customer cancels, and the expiry check while the customer cancels, give each use back exactly once', async () => {
    const p = await prepareProduct(server.database.db, { skip: 5, stock: 50_000, tiers: [[1, 100_000]] });
    await newCode({ code: 'RACEBACK', percent: 5 });
    // One enquiry keeps its use throughout: a use given back twice would show as one missing.
    await enquiryWith(ana, p.id, 'RACEBACK');
    const rounds = 6;
    for (let i = 0; i < rounds; i++) {
      const a = await enquiryWith(ana, p.id, 'RACEBACK');
      const b = await enquiryWith(ana, p.id, 'RACEBACK');
      await confirmAsIs(b.id);
      await expire(b.id);
      const answers = await Promise.all([
        reject(a.id),
        cancel(ana, a.factorNumber),
        cancel(ana, b.factorNumber),
        runScheduledChecks(server.database.db, server.deps.config, new Date()),
      ]);
      // Reject and cancel both may win in turn (a rejected enquiry may be deleted); neither fails with a 5xx.
      for (const r of answers.slice(0, 3) as { status: number }[]) expect([200, 409]).toContain(r.status);
      expect(answers[2]!).toMatchObject({ status: 200 });
      expect(await usesOf('RACEBACK')).toBe(1);
    }
    const held = await server.database.db.select({ id: orders.id }).from(orders).where(eq(orders.discountCode, 'RACEBACK'));
    expect(held).toHaveLength(1 + 2 * rounds);
    expect(
      (await server.database.db.select({ id: orders.id }).from(orders).where(eq(orders.discountHeld, true))).filter((o) =>
        held.some((h) => h.id === o.id),
      ),
    ).toHaveLength(1);
  }, 180_000);
});

describe('pre-invoice changes', () => {
  it('shows requested and confirmed quantity and price per line; a cut below the free threshold keeps shipping free', async () => {
    const a = await prepareProduct(server.database.db, { skip: 4, stock: 500, tiers: [[1, 100_000]] });
    const b = await prepareProduct(server.database.db, { skip: 5, stock: 500, tiers: [[1, 50_000]] });
    await fillCart(ana, a.id, 12);
    await server.api('/cart', json('POST', { product_id: b.id, cart_quantity: 10 }, as(ana)));
    // 1,700,000 rials: courier free from 1,500,000.
    const sent = await server.api('/order', json('POST', { address_id: ana.addressId, shipping_method: 'courier' }, as(ana)));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.total).toBe(1_700_000);
    const before = (await server.api(`/dashboard/factor/detail/${sent.body.data.factorNumber}`, { headers: as(ana) })).body.data;
    expect(before.changeSummary).toEqual([]);
    expect(before.changes).toBeNull();
    const [la, lb] = before.lines as { id: number }[];
    const confirmed = await server.api(
      `/staff/orders/${sent.body.data.id}/confirm`,
      json(
        'POST',
        {
          lines: [
            { id: la!.id, quantity: 6, unitPrice: 100_000, available: true, note: 'six left' },
            { id: lb!.id, quantity: 10, unitPrice: 50_000, available: false, note: 'sold out' },
          ],
        },
        as(staff),
      ),
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const pre = (await server.api(`/dashboard/factor/detail/${sent.body.data.factorNumber}`, { headers: as(ana) })).body.data;
    // 600,000 is under the courier threshold, but the store's cut does not cost the customer the free courier.
    expect(pre).toMatchObject({
      subtotal: 600_000,
      shipping: 0,
      total: 600_000,
      enquiry: { subtotal: 1_700_000, shipping: 0, total: 1_700_000 },
    });
    expect(pre.lines[0]).toMatchObject({
      requestedQuantity: 12,
      quantity: 6,
      requestedUnitPrice: 100_000,
      unitPrice: 100_000,
      changes: ['quantity_cut'],
    });
    expect(pre.lines[1]).toMatchObject({ requestedQuantity: 10, requestedUnitPrice: 50_000, available: false, changes: ['unavailable'] });
    expect(pre.changeSummary).toContain('تعداد 1 ردیف کمتر از درخواست شما تأیید شد.');
    expect(pre.changeSummary).toContain('1 ردیف موجود نیست و از فاکتور حذف شد.');
    expect(pre.changeSummary.join(' ')).toContain('مبلغ نهایی ۱۱۰٬۰۰۰ تومان کمتر از استعلام شماست.');
    // The same as counts and amounts, so English pages write it in English (src/lib/pre-invoice-changes.ts).
    expect(pre.changes).toEqual({
      unchanged: 0,
      quantityCut: 1,
      quantityRaised: 0,
      priceDown: 0,
      priceUp: 0,
      unavailable: 1,
      totalDifference: -1_100_000,
      shippingBefore: 0,
      shippingAfter: 0,
    });
  });

  it('recomputes and states shipping when the store raises a price', async () => {
    const a = await prepareProduct(server.database.db, { skip: 6, stock: 500, tiers: [[1, 100_000]] });
    await fillCart(ana, a.id, 16); // 1,600,000: free courier
    const sent = await server.api('/order', json('POST', { address_id: ana.addressId, shipping_method: 'courier' }, as(ana)));
    const detail = (await server.api(`/staff/orders/${sent.body.data.id}`, { headers: as(staff) })).body.data;
    await server.api(
      `/staff/orders/${sent.body.data.id}/confirm`,
      json(
        'POST',
        {
          lines: [{ id: detail.lines[0].id, quantity: 8, unitPrice: 120_000, available: true, note: 'new batch, dearer' }],
        },
        as(staff),
      ),
    );
    const pre = (await server.api(`/dashboard/factor/detail/${sent.body.data.factorNumber}`, { headers: as(ana) })).body.data;
    expect(pre).toMatchObject({ subtotal: 960_000, shipping: 800_000, total: 1_760_000 });
    expect(pre.lines[0].changes).toEqual(['quantity_cut', 'price_up']);
    expect(pre.changeSummary).toContain('هزینه ارسال از رایگان به ۸۰٬۰۰۰ تومان تغییر کرد.');
  });
});

describe('official invoice details', () => {
  it('refuses a national ID that fails its check and keeps valid ones for the invoice', async () => {
    const p = await prepareProduct(server.database.db, { skip: 7, stock: 500, tiers: [[1, 100_000]] });
    await fillCart(ana, p.id, 1);
    const bad = await server.api(
      '/order',
      json('POST', { address_id: ana.addressId, shipping_method: 'pickup', buyer: { national_id: '0499370898' } }, as(ana)),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors['buyer.national_id'][0]).toBe('کد ملی (۱۰ رقم) یا شناسه ملی شرکت (۱۱ رقم) معتبر نیست.');
    const companyOnly = await server.api(
      '/order',
      json('POST', { address_id: ana.addressId, shipping_method: 'pickup', buyer: { company: 'شرکت نمونه' } }, as(ana)),
    );
    expect(companyOnly.status).toBe(422);
    const good = await server.api(
      '/order',
      json(
        'POST',
        {
          address_id: ana.addressId,
          shipping_method: 'pickup',
          buyer: { company: 'شركت الكترونيك نمونه', national_id: '۱۰۳۸۰۲۸۴۷۹۰', economic_code: '411111111111' },
        },
        as(ana),
      ),
    );
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const detail = (await server.api(`/dashboard/factor/detail/${good.body.data.factorNumber}`, { headers: as(ana) })).body.data;
    expect(detail.buyer).toEqual({ company: 'شرکت الکترونیک نمونه', nationalId: '10380284790', economicCode: '411111111111' });
  });
});
