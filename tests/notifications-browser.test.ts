/**
 * Every notification event walked in a real Chromium by a customer and a clerk, reading the .eml
 * outbox and the SMS stand-in: an enquiry from the English checkout (store mail + SMS, customer mail) →
 * the clerk confirms it with a changed quantity → the customer's mail and SMS carry the pay link, which
 * opens the pre-invoice. The customer turns marketing mail off; a clerk sends a newsletter (not to
 * them) whose unsubscribe link works. Then, for that same opted-out customer, transactional mail still
 * goes: a bank receipt registered (store), rejected (customer), accepted (paid, invoice PDF; store),
 * shipped with carrier and tracking code; a pre-invoice's reminder and expiry (the scheduler driven by
 * moving the order's clock, as the API tests do); a question answered; a product back in stock.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../src/server/db/schema';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import {
  clickLive,
  fillLive,
  FIRST_AT_50000_SECOND_SOLD_OUT,
  hydrated,
  selectLive,
  signIn,
  startBrowserShop,
  type BrowserShop,
} from './support/browser';
import { readMails, waitForMails, type ParsedMail } from './support/outbox';
import type { TestServer } from './support/server';
import { bearer, json, newCustomer, type Customer } from './support/shop';
import { waitForSms } from './support/sms';
import { solvedCaptcha } from './support/captcha';

const STORE_MOBILE = '09120000009';
const STORE_MAIL = 'store-alerts@qateh.example';
let shop: BrowserShop;
let productId: number;
/** Out of stock when the site is built: its page offers "tell me when it is back". */
let missing: { id: number; slug: string };
let customer: Customer;

beforeAll(async () => {
  shop = await startBrowserShop({
    env: {
      STORE_ALERT_MOBILE: STORE_MOBILE,
      STORE_ALERT_EMAIL: STORE_MAIL,
      NOTIFY_POLL_SECONDS: '0.05',
      NOTIFY_SCHEDULE_SECONDS: '0.2',
      PREINVOICE_REMINDER_HOURS: '6',
    },
    // The first product: 500 in stock, the store asked above 1,000, sold one by one; the second sold out.
    fixture: FIRST_AT_50000_SECOND_SOLD_OUT,
    async prepare(database) {
      const [p, q] = await database.db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(eq(products.enable, true))
        .orderBy(products.id)
        .limit(2);
      productId = p!.id;
      missing = q!;
      await ensureStaffAccount(database.db);
    },
  });
  customer = await newCustomer({ api: shop.api, database: shop.database } as unknown as TestServer, 'mailreader');
}, 900_000);

afterAll(async () => {
  await shop?.close();
});

/** Links in mails use PUBLIC_BASE_URL; the test's shop listens elsewhere. */
const local = (link: string) => shop.url(new URL(link).pathname + new URL(link).search);
const mailsTo = (to: string, subjectPart: string) => (m: ParsedMail) => m.to.includes(to) && m.subject.includes(subjectPart);
/** The first link in a mail's text whose path starts with `path`. */
const linkIn = (mail: ParsedMail, path: string) => new RegExp(`https?://[^\\s"<>]+${path}[^\\s"<>]*`).exec(mail.text)![0];

async function signedIn(returnTo: string, username = customer.username, password = customer.password): Promise<Page> {
  const page = await shop.newPage();
  await page.goto(shop.url(`/account/login?return=${encodeURIComponent(returnTo)}`));
  await signIn(page, username, password);
  await page.waitForURL(shop.url(returnTo));
  return page;
}

/** A clerk in the staff console, on the tab labelled `tab`. */
async function clerkOn(tab: string): Promise<Page> {
  const page = await signedIn('/staff', DEMO_STAFF.username, DEMO_STAFF.password);
  await clickLive(page, `button[role=tab]:has-text("${tab}")`);
  return page;
}

/** An enquiry sent by the (English-shopping) customer and confirmed as it is by a clerk in the console. */
async function confirmedEnquiry(): Promise<{ factorNumber: string; total: number }> {
  expect((await shop.api('/cart', json('POST', { product_id: productId, cart_quantity: 2 }, bearer(customer.token)))).status).toBe(200);
  const res = await shop.api(
    '/order',
    json('POST', { address_id: customer.addressId, shipping_method: 'post', locale: 'en' }, bearer(customer.token)),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { factorNumber } = (res.body as { data: { factorNumber: string } }).data;
  const clerk = await clerkOn('استعلام‌های در انتظار');
  await clerk.click(`tr[data-row="${factorNumber}"] button`);
  await clerk.click('button[data-action=confirm]');
  await expect.poll(() => clerk.locator('[role=status]').textContent()).toBe('پیش‌فاکتور صادر شد.');
  await clerk.context().close();
  const [order] = await shop.database.db.select({ total: orders.total }).from(orders).where(eq(orders.factorNumber, factorNumber));
  return { factorNumber, total: order!.total };
}

/** The customer registers a bank receipt on the receipt page the pre-invoice links to. */
async function registerReceipt(page: Page, factorNumber: string, total: number, trackingCode: string) {
  await page.goto(shop.url(`/shop/receipt?factor=${factorNumber}&price=${total / 10}`));
  await fillLive(page, '#r-name', 'مشتری آزمایشی');
  await selectLive(page, '#r-date-month', '2');
  await selectLive(page, '#r-date-day', '15');
  await fillLive(page, '#r-tracking_code', trackingCode);
  await fillLive(page, '#r-account_number', '6037991122334455');
  await page.click('form.receipt-form button[type=submit]');
  await expect.poll(() => page.locator('[role=status]').textContent()).toContain('رسید شما ثبت شد');
}

describe('notifications in the browser', () => {
  it('English enquiry → clerk confirms in the console → mail and SMS with the pay link that opens the pre-invoice', async () => {
    expect((await shop.api('/cart', json('POST', { product_id: productId, cart_quantity: 4 }, bearer(customer.token)))).status).toBe(200);
    const page = await shop.newPage();
    await page.goto(shop.url('/en/account/login?return=%2Fen%2Fshop%2Fcheckout'));
    await signIn(page, customer.username, customer.password);
    await page.waitForURL(shop.url('/en/shop/checkout'));
    await hydrated(page, 'input[name=shipping_method]');
    await page.check('input[name=shipping_method][value=post]');
    await page.click('form.checkout button[type=submit]');
    await page.waitForURL(/\/en\/shop\/checkout\/prefactor\/\d+$/);
    const factorNumber = page.url().split('/').at(-1)!;
    await waitForMails(
      shop.dataDir,
      (m) => m.to.includes(customer.username) && m.subject.includes(`We received your enquiry ${factorNumber}`),
    );
    await waitForSms(shop.server.url, STORE_MOBILE, (m) => m.message.includes(factorNumber));
    const [storeMail] = await waitForMails(shop.dataDir, mailsTo(STORE_MAIL, factorNumber));
    expect(storeMail!.html).toMatch(/<html dir="rtl" lang="fa">/);

    const clerk = await shop.newPage();
    await clerk.goto(shop.url('/account/login?return=%2Fstaff'));
    await signIn(clerk, DEMO_STAFF.username, DEMO_STAFF.password);
    await clerk.waitForURL(shop.url('/staff'));
    await clerk.click(`tr[data-row="${factorNumber}"] button`);
    await clerk.fill('.staff-order input[aria-label^="تعداد"]', '3');
    await clerk.fill('.staff-order input[aria-label^="دلیل تغییر"]', 'only three left');
    await clerk.click('button[data-action=confirm]');
    await expect.poll(() => clerk.locator('[role=status]').textContent()).toBe('پیش‌فاکتور صادر شد.');

    const [mail] = await waitForMails(
      shop.dataDir,
      (m) => m.to.includes(customer.username) && m.subject.includes(`pre-invoice ${factorNumber} is ready`),
    );
    expect(mail!.html).toMatch(/<html dir="ltr" lang="en">/);
    expect(mail!.text).toContain('quantity 4 → 3');
    const payLink = /https?:\/\/\S+\/en\/shop\/checkout\/prefactor\/\d+/.exec(mail!.text)![0];
    expect(payLink.endsWith(factorNumber)).toBe(true);
    const [sms] = await waitForSms(shop.server.url, '09121234567', (m) => m.message.includes(factorNumber));
    expect(sms!.message).toContain(payLink);

    const customerPage = await shop.newPage();
    await customerPage.goto(shop.url('/en/account/login'));
    await signIn(customerPage, customer.username, customer.password);
    await customerPage.waitForURL((u) => !u.pathname.includes('/login'));
    await customerPage.goto(local(payLink));
    await expect.poll(() => customerPage.locator('[data-testid=factor-state]').textContent()).not.toBe(null);
    expect(await customerPage.locator('[data-testid=factor-state]').textContent()).not.toMatch(/awaiting approval|در انتظار تأیید/i);
    await Promise.all([page.context().close(), clerk.context().close(), customerPage.context().close()]);
  });

  it('the customer turns the newsletter off in mail settings; a clerk sends a newsletter from the console to the others', async () => {
    for (const email of ['reader@example.com', `${customer.username}@example.com`])
      expect((await shop.api('/newsletters', json('POST', { email, captcha: await solvedCaptcha(shop) }))).status).toBe(200);
    const page = await shop.newPage();
    await page.goto(shop.url('/account/login?return=%2Faccount%2Fnotifications'));
    await signIn(page, customer.username, customer.password);
    await page.waitForURL(shop.url('/account/notifications'));
    await hydrated(page, '[data-notification-settings]');
    expect(await page.isChecked('input[name=marketing_mail]')).toBe(true);
    await page.uncheck('input[name=marketing_mail]');
    await page.click('[data-notification-settings] button[type=submit]');
    await expect
      .poll(() => page.locator('[data-notification-settings] .notice, [data-notification-settings] [role=status]').first().textContent())
      .toBe('ذخیره شد.');
    const settings = await page.evaluate(
      async () => (await (await fetch('/api/site/v1/dashboard/notifications')).json()) as { data: { marketing_mail: boolean } },
    );
    expect(settings.data.marketing_mail).toBe(false);

    const clerk = await shop.newPage();
    await clerk.goto(shop.url('/account/login?return=%2Fstaff'));
    await signIn(clerk, DEMO_STAFF.username, DEMO_STAFF.password);
    await clerk.waitForURL(shop.url('/staff'));
    await clerk.click('button[role=tab]:has-text("خبرنامه‌ها")');
    await fillLive(clerk, '#newsletter-subject', 'قطعه‌های تازه رسید');
    await clerk.fill('#newsletter-body', 'آی‌سی‌های تازه STM32 رسید.\n\nارسال رایگان تا پایان هفته.');
    await clerk.click('button[data-action=save-newsletter]');
    await clerk.waitForSelector('tr[data-newsletter] button[data-action=send-newsletter]');
    await clerk.click('tr[data-newsletter] button[data-action=send-newsletter]');
    await expect.poll(() => clerk.locator('[role=status]').first().textContent()).toContain('در صف ارسال');
    const [mail] = await waitForMails(shop.dataDir, (m) => m.subject.includes('قطعه‌های تازه رسید'));
    expect(mail!.to).toBe('reader@example.com');
    // The unsubscribe link works in the browser: the page asks, the button unsubscribes.
    const link = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/.exec(mail!.text)![0];
    await page.goto(local(link));
    await page.click('button[type=submit]');
    await expect.poll(() => page.locator('h1').textContent()).toBe('اشتراک لغو شد');
    expect(
      readMails(shop.dataDir).filter((m) => m.to.includes(customer.username) && m.subject.includes('قطعه‌های تازه رسید')),
    ).toHaveLength(0);
    await Promise.all([page.context().close(), clerk.context().close()]);
  });

  it('marketing mail is off, transactional mail still goes: receipt registered (store), rejected (customer), accepted (paid with the invoice PDF; store), shipped with carrier and tracking', async () => {
    const { factorNumber, total } = await confirmedEnquiry();
    const page = await signedIn(`/shop/checkout/prefactor/${factorNumber}`);
    expect(
      (
        await page.evaluate(
          async () => (await (await fetch('/api/site/v1/dashboard/notifications')).json()) as { data: { marketing_mail: boolean } },
        )
      ).data.marketing_mail,
    ).toBe(false);

    await registerReceipt(page, factorNumber, total, '661100');
    const [registered] = await waitForMails(shop.dataDir, (m) => m.to.includes(STORE_MAIL) && m.text.includes('661100'));
    expect(registered!.subject).toContain('رسید بانکی');
    const clerk = await clerkOn('رسیدهای بانکی');
    await clerk.click(`tr[data-row="${factorNumber}"] button[data-action=reject]`);
    await expect.poll(() => clerk.locator('[role=status]').textContent()).toBe('انجام شد.');
    // The customer shops in English (their enquiries come from /en): their mails are English, the store's Persian.
    const [rejected] = await waitForMails(shop.dataDir, mailsTo(customer.username, `receipt for ${factorNumber} was not accepted`));
    expect(rejected!.text).toContain('661100');

    await registerReceipt(page, factorNumber, total, '662200');
    await waitForMails(shop.dataDir, (m) => m.to.includes(STORE_MAIL) && m.text.includes('662200'));
    await clerk.reload();
    await clickLive(clerk, 'button[role=tab]:has-text("رسیدهای بانکی")');
    await clerk.click(`tr[data-row="${factorNumber}"] button[data-action=accept]`);
    await expect.poll(() => clerk.locator('[role=status]').textContent()).toBe('انجام شد.');
    const [paid] = await waitForMails(shop.dataDir, mailsTo(customer.username, `Payment received for ${factorNumber}`));
    expect(paid!.attachments.map((a) => a.filename)).toEqual([`invoice-${factorNumber}.pdf`]);
    expect(paid!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    await waitForMails(shop.dataDir, mailsTo(STORE_MAIL, `فاکتور ${factorNumber} پرداخت شد`));

    // The clerk ships it from the order page: status (never preselected), carrier, tracking code.
    await clickLive(clerk, 'button[role=tab]:has-text("همهٔ سفارش‌ها")');
    await clerk.click(`tr[data-row="${factorNumber}"] button`);
    await clerk.selectOption('.staff-shipping select', 'shipped');
    await clerk.fill('.staff-shipping input[maxlength="500"]', 'تیپاکس');
    await clerk.fill('.staff-shipping input[dir=ltr]', 'TPX-40417');
    await clerk.click('.staff-shipping button[type=submit]');
    await expect.poll(() => clerk.locator('[role=status]').first().textContent()).toBe('وضعیت ارسال ثبت شد.');
    const [shipped] = await waitForMails(shop.dataDir, mailsTo(customer.username, `order ${factorNumber} is on its way`));
    expect(shipped!.text).toContain('Parcel tracking code: TPX-40417');
    expect(shipped!.text).toContain('Carrier: تیپاکس');
    // Its "Track your order" link opens the tracking page, which looks the order up by itself.
    await page.goto(local(linkIn(shipped!, '/en/shop/track-order')));
    await expect.poll(() => page.locator('[data-testid=track-result]').textContent()).toContain('TPX-40417');
    expect(await page.locator('[data-testid=track-result]').textContent()).toContain(factorNumber);
    await Promise.all([page.context().close(), clerk.context().close()]);
  }, 300_000);

  it('reminder before expiry and then expired: each mail opens the pre-invoice, which shows its state', async () => {
    const { factorNumber } = await confirmedEnquiry();
    // The clock of the order is moved, as the API tests do: confirmed 20 h ago, 2 h left (reminder at 6 h).
    const now = Date.now();
    await shop.database.db
      .update(orders)
      .set({ confirmedAt: new Date(now - 20 * 3_600_000), expiresAt: new Date(now + 2 * 3_600_000) })
      .where(eq(orders.factorNumber, factorNumber));
    const [reminder] = await waitForMails(shop.dataDir, mailsTo(customer.username, `pre-invoice ${factorNumber} expires soon`));
    const page = await signedIn('/account');
    await page.goto(local(linkIn(reminder!, `/en/shop/checkout/prefactor/${factorNumber}`)));
    await page.locator('.factor[data-state=confirmed] button.button--primary:has-text("Pay")').waitFor();

    await shop.database.db
      .update(orders)
      .set({ expiresAt: new Date(now - 60_000) })
      .where(eq(orders.factorNumber, factorNumber));
    const [expired] = await waitForMails(shop.dataDir, mailsTo(customer.username, `pre-invoice ${factorNumber} has expired`));
    expect(expired!.text).toContain('ask again from your orders page');
    // Its "Ask again" link opens the order, which says it expired and offers to ask again.
    await page.goto(local(linkIn(expired!, `/en/account/orders/${factorNumber}`)));
    await expect
      .poll(() => page.locator('.factor[data-state=expired] .notice--red').first().textContent())
      .toContain('This pre-invoice has expired.');
    expect(await page.locator('.factor button.button--primary:has-text("Pay")').count()).toBe(0);
    await new Promise((r) => setTimeout(r, 600));
    expect(readMails(shop.dataDir).filter(mailsTo(customer.username, `pre-invoice ${factorNumber} expires soon`))).toHaveLength(1);
    expect(readMails(shop.dataDir).filter(mailsTo(customer.username, `pre-invoice ${factorNumber} has expired`))).toHaveLength(1);
    await page.context().close();
  }, 300_000);

  it('a question asked on the product page and answered in the console: the asker is mailed and the link shows the answer', async () => {
    const [p] = await shop.database.db.select({ slug: products.slug }).from(products).where(eq(products.id, productId));
    const page = await signedIn(`/shop/products/${p!.slug}`);
    await page.click('.product-tabs[data-ready] #tab-comments');
    await page.locator('#comments-sec[data-ready=true]').waitFor();
    await page.fill('#comments-sec textarea', 'این آی‌سی با ۳٫۳ ولت کار می‌کند؟');
    await page.click('.question-form button[type=submit]');
    await page.locator('.toast--success').waitFor();

    const clerk = await clerkOn('پرسش‌های بی‌پاسخ');
    const item = clerk.locator('li[data-question]', { hasText: 'این آی‌سی با ۳٫۳ ولت کار می‌کند؟' });
    await item.locator('textarea').fill('بله، از ۳ ولت به بالا.');
    await item.locator('button[data-action=answer]').click();
    await expect.poll(() => clerk.locator('[role=status]').textContent()).toBe('پاسخ ثبت شد.');
    const [mail] = await waitForMails(shop.dataDir, mailsTo(customer.username, 'was answered'));
    expect(mail!.text).toContain('بله، از ۳ ولت به بالا.');
    await page.goto(local(linkIn(mail!, `/en/shop/products/${p!.slug}`)));
    await page.click('.product-tabs[data-ready] #tab-comments');
    await page.locator('#comments-sec[data-ready=true]').waitFor();
    await expect
      .poll(() => page.locator('#comments-sec .question .answer .engagement__text').first().textContent())
      .toBe('بله، از ۳ ولت به بالا.');
    await Promise.all([page.context().close(), clerk.context().close()]);
  }, 300_000);

  it('"tell me when it is back" on a missing product; a clerk restocks it in the console; the requester is mailed once', async () => {
    const page = await signedIn(`/shop/products/${missing.slug}`);
    await clickLive(page, '.restock__open');
    const dialog = page.locator('dialog.restock-dialog');
    await dialog.locator('#restock-number').fill('۱۰');
    const reloaded = page.waitForEvent('load');
    await dialog.locator('button[type=submit]').click();
    await reloaded;
    await page.locator('.toast--success').waitFor();

    const clerk = await clerkOn('کالاها');
    await fillLive(clerk, '.staff-filters input[name=q]', missing.slug);
    await clerk.click('.staff-filters button[type=submit]');
    await clerk.click(`tr[data-product="${missing.slug}"] button[data-action=edit]`);
    await clerk.fill('input[name=stock]', '40');
    await clerk.click('button[data-action=save]');
    await expect.poll(() => clerk.locator('[role=status]').first().textContent()).toMatch(/ذخیره شد/);
    const [mail] = await waitForMails(shop.dataDir, mailsTo(customer.username, 'is back in stock'));
    const opened = await page.goto(local(linkIn(mail!, `/en/shop/products/${missing.slug}`)));
    expect(opened!.status()).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(readMails(shop.dataDir).filter(mailsTo(customer.username, 'is back in stock'))).toHaveLength(1);
    await Promise.all([page.context().close(), clerk.context().close()]);
  }, 300_000);
});
