/**
 * The notification journey in a real Chromium: a customer sends an enquiry from the English checkout →
 * a clerk confirms it in the staff console with a changed quantity → the customer's English mail and
 * SMS carry the pay link, which opens the confirmed pre-invoice. Then the customer turns the newsletter
 * off in their mail settings, and a clerk writes and sends a newsletter from the console.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/server/db/schema';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import { fillLive, hydrated, signIn, startBrowserShop, type BrowserShop } from './support/browser';
import { readMails, waitForMails } from './support/outbox';
import type { TestServer } from './support/server';
import { bearer, json, newCustomer, type Customer } from './support/shop';
import { waitForSms } from './support/sms';
import { solvedCaptcha } from './support/captcha';

const STORE_MOBILE = '09120000009';
let shop: BrowserShop;
let productId: number;
let customer: Customer;

beforeAll(async () => {
  shop = await startBrowserShop({
    env: { STORE_ALERT_MOBILE: STORE_MOBILE, NOTIFY_POLL_SECONDS: '0.05' },
    async prepare(database) {
      const [p] = await database.db.select({ id: products.id }).from(products).where(eq(products.enable, true)).orderBy(products.id).limit(1);
      productId = p!.id;
      await database.db.update(products).set({ stock: 500, threshold: 1000, minimumPurchase: 1, availabilityDate: null }).where(eq(products.id, productId));
      await ensureStaffAccount(database.db);
    },
  });
  customer = await newCustomer({ api: shop.api, database: shop.database } as unknown as TestServer, 'mailreader');
}, 300_000);

afterAll(async () => {
  await shop?.close();
});

/** Links in mails use PUBLIC_BASE_URL; the test's shop listens elsewhere. */
const local = (link: string) => shop.url(new URL(link).pathname + new URL(link).search);

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
    await waitForMails(shop.dataDir, (m) => m.to.includes(customer.username) && m.subject.includes(`We received your enquiry ${factorNumber}`));
    await waitForSms(shop.server.url, STORE_MOBILE, (m) => m.message.includes(factorNumber));

    const clerk = await shop.newPage();
    await clerk.goto(shop.url('/account/login?return=%2Fstaff'));
    await signIn(clerk, DEMO_STAFF.username, DEMO_STAFF.password);
    await clerk.waitForURL(shop.url('/staff'));
    await clerk.click(`tr[data-row="${factorNumber}"] button`);
    await clerk.fill('.staff-order input[aria-label^="تعداد"]', '3');
    await clerk.fill('.staff-order input[aria-label^="دلیل تغییر"]', 'only three left');
    await clerk.click('button[data-action=confirm]');
    await expect.poll(() => clerk.locator('[role=status]').textContent()).toBe('پیش‌فاکتور صادر شد.');

    const [mail] = await waitForMails(shop.dataDir, (m) => m.to.includes(customer.username) && m.subject.includes(`pre-invoice ${factorNumber} is ready`));
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
    expect(await customerPage.locator('[data-testid=factor-state]').textContent()).not.toMatch(/awaiting|در انتظار تأیید/i);
    await Promise.all([page.context().close(), clerk.context().close(), customerPage.context().close()]);
  });

  it('the customer turns the newsletter off in mail settings; a clerk sends a newsletter from the console to the others', async () => {
    for (const email of ['reader@example.com', `${customer.username}@example.com`]) expect((await shop.api('/newsletters', json('POST', { email, captcha: await solvedCaptcha(shop) }))).status).toBe(200);
    const page = await shop.newPage();
    await page.goto(shop.url('/account/login?return=%2Faccount%2Fnotifications'));
    await signIn(page, customer.username, customer.password);
    await page.waitForURL(shop.url('/account/notifications'));
    await hydrated(page, '[data-notification-settings]');
    expect(await page.isChecked('input[name=marketing_mail]')).toBe(true);
    await page.uncheck('input[name=marketing_mail]');
    await page.click('[data-notification-settings] button[type=submit]');
    await expect.poll(() => page.locator('[data-notification-settings] .notice, [data-notification-settings] [role=status]').first().textContent()).toBe('ذخیره شد.');
    const settings = await page.evaluate(async () => (await (await fetch('/api/site/v1/dashboard/notifications')).json()) as { data: { marketing_mail: boolean } });
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
    expect(readMails(shop.dataDir).filter((m) => m.to.includes(customer.username) && m.subject.includes('قطعه‌های تازه رسید'))).toHaveLength(0);
    await Promise.all([page.context().close(), clerk.context().close()]);
  });
});
