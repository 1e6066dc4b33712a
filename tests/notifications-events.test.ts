/**
 * Every notification of the order cycle, end to end over the real server: the change is made through
 * the API (or, for the back-in-stock and expiry checks, the database state they watch), the outbox
 * worker sends, and the test reads the .eml outbox and the SMS stand-in's records.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/server/config';
import { notificationOutbox, orders, products, resupplyRequests } from '../src/server/db/schema';
import { enqueueOrderPaid, enqueuePreInvoiceReady } from '../src/server/notifications/order-events';
import { settleOrder } from '../src/server/services/shop/settle';
import { insertConfirmedOrder, insertCustomer } from './support/orders';
import { readMails, waitForMails, type ParsedMail } from './support/outbox';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, prepareProduct, staffToken, type Customer } from './support/shop';
import { smsTo, waitForSms } from './support/sms';
import { solvedCaptcha } from './support/captcha';

const STORE_MOBILE = '09120000001';
const STORE_MAIL = 'alerts@qateh.example';
const BASE = 'https://shop.example';

let server: TestServer;
let dataDir: string;
let staff: string;
let ana: Customer;
let john: Customer;

const as = (c: Customer | string) => bearer(typeof c === 'string' ? c : c.token);
const emailOf = (c: Customer) => `${c.username}@example.com`;
const mailsTo = (to: string, subjectPart: string) => (m: ParsedMail) => m.to.includes(to) && m.subject.includes(subjectPart);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-notify-'));
  server = await startTestServer({
    env: {
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: BASE,
      STORE_ALERT_MOBILE: STORE_MOBILE,
      STORE_ALERT_EMAIL: STORE_MAIL,
      NOTIFY_POLL_SECONDS: '0.05',
      NOTIFY_SCHEDULE_SECONDS: '0.2',
      PREINVOICE_REMINDER_HOURS: '6',
    },
  });
  staff = await staffToken(server);
  ana = await newCustomer(server, 'ana');
  john = await newCustomer(server, 'john');
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function enquiry(customer: Customer, productId: number, quantity: number, locale?: 'fa' | 'en') {
  expect((await server.api('/cart', json('POST', { product_id: productId, cart_quantity: quantity }, as(customer)))).status).toBe(200);
  const res = await server.api(
    '/order',
    json(
      'POST',
      { address_id: customer.addressId, shipping_method: 'post', note: 'لطفاً با جعبه بفرستید', ...(locale ? { locale } : {}) },
      as(customer),
    ),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; factorNumber: string; trackingCode: string; total: number };
}

async function confirm(orderId: number, change?: (l: { id: number; quantity: number; unitPrice: number }) => Record<string, unknown>) {
  const detail = await server.api(`/staff/orders/${orderId}`, { headers: as(staff) });
  const lines = detail.body.data.lines.map((l: { id: number; quantity: number; unitPrice: number }) => ({
    id: l.id,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    available: true,
    ...change?.(l),
  }));
  const res = await server.api(`/staff/orders/${orderId}/confirm`, json('POST', { lines }, as(staff)));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { total: number };
}

async function registerReceipt(factorNumber: string, price: number, trackingCode: string) {
  const res = await server.api(
    '/paymentBank/create',
    json(
      'POST',
      {
        name: 'مشتری',
        payment_date: '2026-01-05T10:00:00Z',
        price,
        factor_number: factorNumber,
        tracking_code: trackingCode,
        account_number: '0101234567',
        captcha: await solvedCaptcha(server),
      },
      as(ana),
    ),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const list = await server.api('/staff/receipts?status=pending', { headers: as(staff) });
  return (list.body.data as { id: number; trackingCode: string }[]).find((r) => r.trackingCode === trackingCode)!.id;
}

describe('order notifications', () => {
  let factor: { id: number; factorNumber: string; total: number };

  it('enquiry received: the store by mail and SMS, the customer by a right-to-left Persian mail in the shop look', async () => {
    const p = await prepareProduct(server.database.db, { skip: 3, stock: 50, tiers: [[1, 120_000]] });
    factor = await enquiry(ana, p.id, 3);
    const [store] = await waitForMails(dataDir, mailsTo(STORE_MAIL, factor.factorNumber));
    expect(store!.text).toContain('لطفاً با جعبه بفرستید');
    expect(store!.html).toContain(`${BASE}/staff`);
    const [sms] = await waitForSms(server.url, STORE_MOBILE, (m) => m.message.includes(factor.factorNumber));
    expect(sms!.kind).toBe('send');
    expect(sms!.message).toContain(`${new Intl.NumberFormat('fa-IR').format(factor.total / 10)} تومان`);
    const [customer] = await waitForMails(dataDir, mailsTo(emailOf(ana), factor.factorNumber));
    expect(customer!.html).toMatch(/<html dir="rtl" lang="fa">/);
    expect(customer!.html).toContain('Vazirmatn');
    expect(customer!.html).toContain('#0b5cad');
    expect(customer!.html).toContain('قطعه');
    expect(customer!.text).toContain('استعلام موجودی و قیمت شما');
    expect(customer!.html).toContain(`${BASE}/account/orders/${factor.factorNumber}`);
  });

  it('pre-invoice ready: what changed per line, total, expiry and the pay link, by mail and SMS, once', async () => {
    const confirmed = await confirm(factor.id, () => ({ quantity: 2, unitPrice: 110_000, note: 'فقط ۲ عدد در انبار' }));
    const [mail] = await waitForMails(dataDir, mailsTo(emailOf(ana), 'پیش‌فاکتور'));
    const payLink = `${BASE}/shop/checkout/prefactor/${factor.factorNumber}`;
    expect(mail!.html).toContain(payLink);
    expect(mail!.text).toContain('تعداد از ۳ به ۲');
    expect(mail!.text).toContain('فقط ۲ عدد در انبار');
    expect(mail!.text).toContain('قیمت از ۱۲٬۰۰۰ تومان به ۱۱٬۰۰۰ تومان');
    expect(mail!.text).toContain(new Intl.NumberFormat('fa-IR').format(confirmed.total / 10));
    expect(mail!.text).toContain('قابل پرداخت است');
    const [sms] = await waitForSms(
      server.url,
      '09121234567',
      (m) => m.message.includes(factor.factorNumber) && m.message.includes('prefactor'),
    );
    expect(sms!.message).toContain(payLink);
    // Sent once: the outbox row is deduplicated by event and round.
    await new Promise((r) => setTimeout(r, 300));
    expect(readMails(dataDir).filter(mailsTo(emailOf(ana), 'پیش‌فاکتور'))).toHaveLength(1);
  });

  it('receipt registered (store), receipt rejected (customer), receipt accepted: paid with the invoice PDF (customer) and the store told', async () => {
    const rejected = await registerReceipt(factor.factorNumber, factor.total, 'BANK-111');
    const [storeMail] = await waitForMails(dataDir, (m) => m.to.includes(STORE_MAIL) && m.text.includes('BANK-111'));
    expect(storeMail!.subject).toContain('رسید بانکی');
    expect((await server.api(`/staff/receipts/${rejected}/reject`, json('POST', undefined, as(staff)))).status).toBe(200);
    const [rejectMail] = await waitForMails(dataDir, mailsTo(emailOf(ana), 'پذیرفته نشد'));
    expect(rejectMail!.text).toContain('BANK-111');

    const accepted = await registerReceipt(factor.factorNumber, factor.total, 'BANK-222');
    expect((await server.api(`/staff/receipts/${accepted}/accept`, json('POST', undefined, as(staff)))).status).toBe(200);
    const [paid] = await waitForMails(dataDir, mailsTo(emailOf(ana), 'پرداخت فاکتور'));
    expect(paid!.attachments).toHaveLength(1);
    expect(paid!.attachments[0]!.filename).toBe(`invoice-${factor.factorNumber}.pdf`);
    expect(paid!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    await waitForMails(dataDir, mailsTo(STORE_MAIL, `فاکتور ${factor.factorNumber} پرداخت شد`));
  });

  it('shipped: carrier and tracking code to the customer', async () => {
    const res = await server.api(
      `/staff/orders/${factor.id}/shipping`,
      json('POST', { shippingStatus: 'shipped', shippingTrackingCode: 'PX-77881', shippingDescription: 'پست پیشتاز' }, as(staff)),
    );
    expect(res.status).toBe(200);
    const [mail] = await waitForMails(dataDir, mailsTo(emailOf(ana), 'ارسال شد'));
    expect(mail!.text).toContain('PX-77881');
    expect(mail!.text).toContain('پست پیشتاز');
  });

  it('paid through the gateway (ZarinPal sandbox): the customer gets the invoice PDF, the store an alert', async () => {
    const p = await prepareProduct(server.database.db, { skip: 8, stock: 50, tiers: [[1, 70_000]] });
    const order = await enquiry(ana, p.id, 2);
    await confirm(order.id);
    const detail = (await server.api(`/dashboard/factor/detail/${order.factorNumber}`, { headers: as(ana) })).body.data as {
      total: number;
      orderToken: string;
    };
    const start = await fetch(`${server.url}/api/site/v1/payment_zarin?sp=${detail.total}&token=${detail.orderToken}&gateway=zarinpal`, {
      headers: as(ana),
      redirect: 'manual',
    });
    expect(start.status).toBe(303);
    const bank = new URL(start.headers.get('location')!);
    const back = await fetch(`${server.url}${bank.pathname}/pay`, { method: 'POST', redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    const done = await fetch(`${server.url}${callback.pathname}${callback.search}`, { redirect: 'manual' });
    expect(done.headers.get('location')).toMatch(/\/shop\/checkout\/success\//);
    const [paid] = await waitForMails(dataDir, mailsTo(emailOf(ana), `پرداخت فاکتور ${order.factorNumber}`));
    expect(paid!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    await waitForMails(dataDir, mailsTo(STORE_MAIL, `فاکتور ${order.factorNumber} پرداخت شد`));
  });

  it('an English customer (enquiry from /en) gets left-to-right English mails with /en links', async () => {
    const p = await prepareProduct(server.database.db, { skip: 4, stock: 50, tiers: [[1, 80_000]] });
    const order = await enquiry(john, p.id, 1, 'en');
    const [received] = await waitForMails(dataDir, mailsTo(emailOf(john), order.factorNumber));
    expect(received!.subject).toContain('We received your enquiry');
    expect(received!.html).toMatch(/<html dir="ltr" lang="en">/);
    expect(received!.html).toContain('Qateh');
    await confirm(order.id);
    const [ready] = await waitForMails(dataDir, mailsTo(emailOf(john), 'is ready'));
    expect(ready!.html).toContain(`${BASE}/en/shop/checkout/prefactor/${order.factorNumber}`);
    expect(ready!.text).toContain('Every line was confirmed as you asked.');
    // The store's own alerts stay in Persian.
    const [store] = await waitForMails(dataDir, mailsTo(STORE_MAIL, order.factorNumber));
    expect(store!.html).toMatch(/<html dir="rtl" lang="fa">/);
  });

  it('reminder before expiry and expired, each once', async () => {
    const p = await prepareProduct(server.database.db, { skip: 5, stock: 50, tiers: [[1, 50_000]] });
    const order = await enquiry(ana, p.id, 1);
    await confirm(order.id);
    const now = Date.now();
    await server.database.db
      .update(orders)
      .set({ confirmedAt: new Date(now - 20 * 3_600_000), expiresAt: new Date(now + 2 * 3_600_000) })
      .where(eq(orders.id, order.id));
    const [reminder] = await waitForMails(dataDir, mailsTo(emailOf(ana), `مهلت پرداخت پیش‌فاکتور ${order.factorNumber}`));
    expect(reminder!.html).toContain(`${BASE}/shop/checkout/prefactor/${order.factorNumber}`);
    await server.database.db
      .update(orders)
      .set({ expiresAt: new Date(now - 60_000) })
      .where(eq(orders.id, order.id));
    const [expired] = await waitForMails(dataDir, mailsTo(emailOf(ana), `پیش‌فاکتور ${order.factorNumber} منقضی شد`));
    expect(expired!.text).toContain('دوباره استعلام');
    // Several scheduled passes later, still one of each.
    await new Promise((r) => setTimeout(r, 800));
    expect(readMails(dataDir).filter(mailsTo(emailOf(ana), `مهلت پرداخت پیش‌فاکتور ${order.factorNumber}`))).toHaveLength(1);
    expect(readMails(dataDir).filter(mailsTo(emailOf(ana), `پیش‌فاکتور ${order.factorNumber} منقضی شد`))).toHaveLength(1);
  });

  it('question answered: the asker gets the answer', async () => {
    const p = await prepareProduct(server.database.db, { skip: 6, stock: 5 });
    const asked = await server.api('/comments', json('POST', { content: 'این قطعه با ۳٫۳ ولت کار می‌کند؟', product_id: p.id }, as(ana)));
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const answered = await server.api(
      `/staff/questions/${asked.body.data.id}/answer`,
      json('POST', { content: 'بله، از ۲٫۷ تا ۵٫۵ ولت.' }, as(staff)),
    );
    expect(answered.status).toBe(201);
    const [mail] = await waitForMails(dataDir, mailsTo(emailOf(ana), 'پاسخ پرسش شما'));
    expect(mail!.text).toContain('بله، از ۲٫۷ تا ۵٫۵ ولت.');
    expect(mail!.html).toContain(`${BASE}/shop/products/${p.slug}`);
  });

  it('back in stock: everyone who asked is told once when stock goes from 0 to more', async () => {
    const p = await prepareProduct(server.database.db, { skip: 7, stock: 0 });
    for (const c of [ana, john]) {
      const res = await server.api(
        '/resupply/products',
        json('POST', { product_id: p.id, number: 10, captcha: await solvedCaptcha(server) }, as(c)),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(readMails(dataDir).filter((m) => m.subject.includes(p.slug) || m.subject.includes('دوباره موجود'))).toHaveLength(0);
    // A staff edit or an import writes the new stock.
    await server.database.db
      .update(products)
      .set({ stock: 25, updatedAt: sql`now()` })
      .where(eq(products.id, p.id));
    await waitForMails(dataDir, mailsTo(emailOf(ana), 'دوباره موجود شد'));
    const [en] = await waitForMails(dataDir, mailsTo(emailOf(john), 'is back in stock'));
    expect(en!.html).toContain(`${BASE}/en/shop/products/${p.slug}`);
    const requests = await server.database.db.select().from(resupplyRequests).where(eq(resupplyRequests.productId, p.id));
    expect(requests.every((r) => r.status === 'answered')).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(readMails(dataDir).filter(mailsTo(emailOf(ana), 'دوباره موجود شد'))).toHaveLength(1);
  });
});

describe('notification functions for the payment code', () => {
  it('enqueueOrderPaid, called in the transaction that settles the order, mails the invoice PDF and tells the store', async () => {
    const config = server.deps.config;
    const userId = await insertCustomer(server.database.db, 'سارا رضایی');
    const order = await insertConfirmedOrder(server.database.db, { userId, total: 2_500_000 });
    await settleOrder(server.database.db, order.id);
    await server.database.db.transaction((tx) => enqueueOrderPaid(tx, config, order.id));
    await server.database.db.transaction((tx) => enqueueOrderPaid(tx, config, order.id));
    const mails = await waitForMails(dataDir, (m) => m.subject.includes(`پرداخت فاکتور ${order.factorNumber}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toMatch(/buyer_/);
    expect(mails[0]!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    await waitForMails(dataDir, mailsTo(STORE_MAIL, `فاکتور ${order.factorNumber} پرداخت شد`));
  });

  it('in production without an SMS key, SMS are recorded as skipped, not queued forever', async () => {
    // The test server's settings as production would have them without a key (loadConfig would also ask for every production secret).
    const production: Config = { ...server.deps.config, NODE_ENV: 'production', KAVENEGAR_API_KEY: undefined };
    const userId = await insertCustomer(server.database.db);
    const order = await insertConfirmedOrder(server.database.db, { userId, total: 900_000 });
    await server.database.db.transaction((tx) => enqueuePreInvoiceReady(tx, production, order.id));
    const rows = await server.database.db
      .select()
      .from(notificationOutbox)
      .where(sql`${notificationOutbox.dedupeKey} LIKE ${`preinvoice:${order.id}:%`}`);
    expect(rows.find((r) => r.channel === 'sms')!.status).toBe('skipped');
    expect(rows.find((r) => r.channel === 'mail')!.status).not.toBe('skipped');
    expect((await smsTo(server.url, '09121234567')).some((m) => m.message.includes(order.factorNumber))).toBe(false);
  });
});
