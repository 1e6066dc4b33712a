/**
 * A clerk's day in the staff console, in real Chromium, mostly by keyboard: the tabs (no staff tab for
 * a clerk), an enquiry with its customer, note, address, shipping method and stock per line, a changed
 * line whose reason is required and whose new total shows before confirming, the timeline, shipping a
 * paid invoice (status not preselected, carrier and tracking code), the packing slip alone on paper,
 * and the server refusing a clerk's change of staff roles.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatToman } from '../src/lib/money';
import { products, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/services/accounts/passwords';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import { clickLive, FIRST_AT_50000_SECOND_SOLD_OUT, signIn, startBrowserShop, type BrowserShop } from './support/browser';
import type { TestServer } from './support/server';
import { bearer, json, newCustomer, tokenFor, type Customer } from './support/shop';
import { solvedCaptcha } from './support/captcha';

let shop: BrowserShop;
let productId: number;
let customer: Customer;
const CLERK = { username: 'clerk-sara', password: 'clerk-pass-123' };

beforeAll(async () => {
  shop = await startBrowserShop({
    // The first product: 500 in stock, sold one by one, no arrival date.
    fixture: FIRST_AT_50000_SECOND_SOLD_OUT,
    async prepare(database) {
      const [p] = await database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.enable, true))
        .orderBy(products.id)
        .limit(1);
      productId = p!.id;
      await ensureStaffAccount(database.db);
      await database.db.insert(users).values({
        username: CLERK.username,
        email: 'sara@qateh.example',
        name: 'سارا',
        mobile: '09120000002',
        passwordHash: await hashPassword(CLERK.password),
        role: 'staff',
        staffRole: 'clerk',
        emailVerifiedAt: new Date(),
      });
    },
  });
  customer = await newCustomer({ api: shop.api, database: shop.database } as unknown as TestServer, 'buyer');
}, 900_000);
afterAll(async () => {
  await shop?.close();
});

describe('the clerk', () => {
  it('answers an enquiry, ships the invoice and prints its packing slip, by keyboard', async () => {
    expect((await shop.api('/cart', json('POST', { product_id: productId, cart_quantity: 4 }, bearer(customer.token)))).status).toBe(200);
    const made = await shop.api(
      '/order',
      json('POST', { address_id: customer.addressId, shipping_method: 'post', note: 'لطفاً فاکتور رسمی' }, bearer(customer.token)),
    );
    expect(made.status).toBe(201);
    const factorNumber = made.body.data.factorNumber as string;

    const page = await shop.newPage();
    await page.goto(shop.url('/account/login?return=%2Fstaff'));
    await signIn(page, CLERK.username, CLERK.password);
    await page.waitForURL(shop.url('/staff'));
    await page.waitForSelector('.staff-whoami');
    expect(await page.textContent('.staff-whoami')).toContain('کارشناس فروش');
    const tabNames = await page.locator('[role=tab]').allTextContents();
    expect(tabNames).not.toContain('کارکنان');

    // Tabs by keyboard: the arrow moves to the next tab and back.
    await page.focus('[role=tab][aria-selected=true]');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getAttribute('[role=tab][aria-selected=true]', 'id')).toBe('staff-tab-orders');
    await page.keyboard.press('Home');
    expect(await page.getAttribute('[role=tab][aria-selected=true]', 'id')).toBe('staff-tab-enquiries');

    // Open the enquiry with the keyboard; the order page takes the focus.
    await page.focus(`tr[data-row="${factorNumber}"] button`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#staff-order-title');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('staff-order-title');
    const facts = await page.textContent('.staff-facts');
    expect(facts).toContain('مشتری آزمایشی');
    expect(facts).toContain('لطفاً فاکتور رسمی');
    expect(facts).toContain('خیابان آزادی');
    expect(facts).toContain('پست پیشتاز');
    expect(await page.textContent('.staff-lines tbody tr td:nth-child(3)')).toBe('۵۰۰');

    // Change the quantity: the total is recomputed before confirming, in toman.
    const unit = (
      await shop.api(`/staff/orders/${made.body.data.id}`, {
        headers: bearer(await tokenFor({ api: shop.api } as unknown as TestServer, CLERK.username, CLERK.password)),
      })
    ).body.data.lines[0].unitPrice as number;
    await page.fill('.staff-lines input[aria-label^="تعداد"]', '3');
    await expect.poll(() => page.textContent('.staff-totals dd[data-total]')).not.toBe(formatToman(made.body.data.total));
    const goods = formatToman(3 * unit);
    expect(await page.textContent('.staff-totals div:first-child dd')).toBe(goods);

    // No reason for the change: refused, nothing confirmed.
    await page.focus('button[data-action=confirm]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('[role=status]')).toContain('دلیل');
    await page.fill('.staff-lines input[aria-label^="دلیل تغییر"]', 'فقط سه عدد سالم مانده');
    await page.click('button[data-action=confirm]');
    await expect.poll(() => page.textContent('[role=status]')).toBe('پیش‌فاکتور صادر شد.');
    expect(await page.textContent('#staff-order-title')).toContain('تأیید شده — در انتظار پرداخت');
    const confirmEntry = await page.textContent('.staff-timeline li[data-verb=confirm]');
    expect(confirmEntry).toContain('تأیید و صدور پیش‌فاکتور');
    expect(confirmEntry).toContain(CLERK.username);

    // The customer pays by bank transfer; the admin accepts the receipt.
    const admin = await tokenFor({ api: shop.api } as unknown as TestServer, DEMO_STAFF.username, DEMO_STAFF.password);
    expect(
      (
        await shop.api(
          '/paymentBank/create',
          json('POST', {
            name: 'مشتری',
            payment_date: '2025-01-05T10:00:00Z',
            price: 1000,
            factor_number: factorNumber,
            tracking_code: 'RC-5566',
            account_number: '0101234567',
            captcha: await solvedCaptcha(shop),
          }),
        )
      ).status,
    ).toBe(201);
    const receipts = await shop.api(`/staff/receipts?q=${factorNumber}`, { headers: bearer(admin) });
    expect((await shop.api(`/staff/receipts/${receipts.body.data[0].id}/accept`, json('POST', {}, bearer(admin)))).status).toBe(200);

    // Find it through the search of all orders; ship it.
    await page.click('.staff-order button:has-text("بازگشت")');
    await clickLive(page, '#staff-tab-orders');
    await page.fill('form.staff-filters input[name=q]', factorNumber);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tr[data-row]').count()).toBe(1);
    await page.click(`tr[data-row="${factorNumber}"] button`);
    await page.waitForSelector('form.staff-shipping select');
    expect(await page.inputValue('form.staff-shipping select')).toBe('');
    expect(await page.isDisabled('form.staff-shipping button[type=submit]')).toBe(true);
    await page.selectOption('form.staff-shipping select', 'shipped');
    await page.fill('form.staff-shipping input:not([dir])', 'تیپاکس');
    await page.fill('form.staff-shipping input[dir=ltr]', 'TPX-42');
    await page.click('form.staff-shipping button[type=submit]');
    await expect.poll(() => page.textContent('[role=status]')).toBe('وضعیت ارسال ثبت شد.');
    expect(await page.textContent('.staff-timeline li[data-verb=shipping]')).toContain('تیپاکس — TPX-42');

    // On paper only the packing slip shows, with the lines to pick.
    await page.emulateMedia({ media: 'print' });
    const visibility = await page.evaluate(() => ({
      slip: getComputedStyle(document.querySelector('.packing-slip')!).visibility,
      tabs: getComputedStyle(document.querySelector('[role=tablist]')!).visibility,
      timeline: getComputedStyle(document.querySelector('.staff-timeline')!).visibility,
    }));
    expect(visibility).toEqual({ slip: 'visible', tabs: 'hidden', timeline: 'hidden' });
    const slip = await page.textContent('.packing-slip');
    expect(slip).toContain('TPX-42');
    expect(slip).toContain('۳');
    await page.emulateMedia({ media: 'screen' });

    // A clerk cannot change staff roles: the server refuses, whatever the page shows.
    const refused = await page.evaluate(async () => {
      const csrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('qateh_csrf='))
          ?.split('=')[1] ?? '';
      const res = await fetch('/api/site/v1/staff/members', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: JSON.stringify({ username: 'clerk-sara', role: 'admin' }),
      });
      return res.status;
    });
    expect(refused).toBe(403);
    await page.context().close();
  }, 240_000);
});
