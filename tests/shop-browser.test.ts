/**
 * The buying journey in a real Chromium against one small static build served beside the API:
 * guest presses add → signs in → returns with the item in the cart → checkout → staff confirms in the
 * console → pays through the ZarinPal sandbox → success page; the same through Sadad; a cancelled
 * payment lands on the fail page; a bank transfer ends with staff accepting the receipt.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankReceipts, orders, products } from '../src/server/db/schema';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import { clickLive, fillLive, OP_AMPS_FIXTURE, hydrated, selectLive, signIn, startBrowserShop, type BrowserShop } from './support/browser';
import type { TestServer } from './support/server';
import { bearer, json, newCustomer, type Customer } from './support/shop';

let shop: BrowserShop;
let slug: string;
let productId: number;

beforeAll(async () => {
  shop = await startBrowserShop({
    // The first product: 500 in stock, the store asked above 1,000, sold one by one.
    fixture: OP_AMPS_FIXTURE,
    async prepare(database) {
      const [p] = await database.db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(eq(products.enable, true))
        .orderBy(products.id)
        .limit(1);
      slug = p!.slug;
      productId = p!.id;
      await ensureStaffAccount(database.db);
    },
  });
}, 900_000);

afterAll(async () => {
  await shop?.close();
});

const url = (path: string) => shop.url(path);
const api: TestServer['api'] = (path, init) => shop.api(path, init);
const asServer = () => ({ api, database: shop.database }) as unknown as TestServer;
const newPage = () => shop.newPage();

/** Staff confirm the enquiry of `factorNumber` as it is, in the console. */
async function staffConfirms(factorNumber: string) {
  const page = await newPage();
  await page.goto(url('/account/login?return=%2Fstaff'));
  await signIn(page, DEMO_STAFF.username, DEMO_STAFF.password);
  await page.waitForURL(url('/staff'));
  await page.click(`tr[data-row="${factorNumber}"] button`);
  await page.click('button[data-action=confirm]');
  await expect.poll(() => page.locator('[role=status]').textContent()).toBe('پیش‌فاکتور صادر شد.');
  await page.context().close();
}

/** An enquiry made and confirmed through the API, for the payment paths after the first journey. */
async function confirmedOrder(customer: Customer): Promise<string> {
  expect((await api('/cart', json('POST', { product_id: productId, cart_quantity: 2 }, bearer(customer.token)))).status).toBe(200);
  const order = await api('/order', json('POST', { address_id: customer.addressId, shipping_method: 'courier' }, bearer(customer.token)));
  const factorNumber = (order.body as { data: { factorNumber: string } }).data.factorNumber;
  await staffConfirms(factorNumber);
  return factorNumber;
}

async function openPayment(page: Page, factorNumber: string) {
  await page.goto(url(`/shop/checkout/prefactor/${factorNumber}`));
  await expect.poll(() => page.locator('[data-testid=factor-state]').textContent()).toBe('تأیید شده — در انتظار پرداخت');
  await page.click('button:has-text("پرداخت")');
}

/**
 * What scrolls sideways on the page: the document when it is wider than the viewport, and any box in
 * the page content holding a table wider than it (a table in a scrolling wrapper still makes the
 * shopper scroll sideways).
 */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement.scrollWidth;
    if (doc !== window.innerWidth) found.push(`document ${doc} px wide in a ${window.innerWidth} px viewport`);
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const overflow = getComputedStyle(el).overflowX;
      // Carousels and gallery thumbnails scroll sideways by design; a table must not.
      if (
        (overflow === 'auto' || overflow === 'scroll') &&
        el.scrollWidth > el.clientWidth + 1 &&
        el.clientWidth > 0 &&
        el.querySelector('table')
      ) {
        found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} scrolls ${el.scrollWidth} in ${el.clientWidth} px`);
      }
    }
    return found;
  });
}

describe('buying', () => {
  let customer: Customer;
  let page: Page;

  it('buy box: too many units ask the store and reset; + held repeats; nothing is sent', async () => {
    const guest = await newPage();
    const dialogs: string[] = [];
    guest.on('dialog', (d) => dialogs.push(d.message()));
    await guest.goto(url(`/shop/products/${slug}`));
    await guest.waitForSelector('astro-island:not([ssr]) [data-testid=buy-box] button.buy-box__add:enabled');
    await guest.fill('#buy-qty', '۶۰۰');
    await guest.click('[data-testid=buy-box] button.buy-box__add');
    await expect.poll(() => dialogs).toEqual(['برای سفارش این تعداد، لطفاً با فروشگاه تماس بگیرید.']);
    expect(await guest.inputValue('#buy-qty')).toBe('1');
    expect(guest.url()).toBe(url(`/shop/products/${slug}`));
    // Holding + keeps stepping after the first step.
    const plus = guest.locator('.qty__button').nth(1);
    await plus.hover();
    await guest.mouse.down();
    await expect.poll(async () => Number(await guest.inputValue('#buy-qty'))).toBeGreaterThan(3);
    await guest.mouse.up();
    const held = await guest.inputValue('#buy-qty');
    await guest.waitForTimeout(200);
    expect(await guest.inputValue('#buy-qty')).toBe(held);
    await guest.context().close();
  });

  it('guest add → sign-in → back with the item in the cart → checkout → staff confirm → ZarinPal → success', async () => {
    customer = await newCustomer(asServer(), 'buyer');
    page = await newPage();
    await page.goto(url(`/shop/products/${slug}`));
    // Hydrated (Astro drops the ssr attribute), so the click reaches the island.
    await page.waitForSelector('astro-island:not([ssr]) [data-testid=buy-box] button.buy-box__add:enabled');
    await page.fill('#buy-qty', '3');
    await page.click('[data-testid=buy-box] button.buy-box__add');
    await page.waitForURL(/\/account\/login\?return=/);
    await signIn(page, customer.username, customer.password);
    await page.waitForURL(url(`/shop/products/${slug}`));
    await expect.poll(() => page.locator('[data-testid=cart-count]').textContent(), { timeout: 10_000 }).toBe('۱');
    const cart = await page.evaluate(async () => (await (await fetch('/api/site/v1/cart')).json()) as { items: { quantity: number }[] });
    expect(cart.items.map((i) => i.quantity)).toEqual([3]);
    // The header's off-canvas cart lists the line with the cart's total and its way to checkout.
    await page.click('.cart-indicator > button');
    await expect.poll(() => page.locator('.dropcart--offcanvas .dropcart__items li').count()).toBe(1);
    expect(await page.locator('.dropcart--offcanvas').textContent()).toContain('هزینه ارسال');
    await page.click('.dropcart__head button');

    await page.goto(url('/shop/cart'));
    await page.waitForSelector('.cart-line');
    await page.click('a:has-text("ثبت استعلام موجودی و قیمت")');
    await page.waitForURL(url('/shop/checkout'));
    await page.waitForSelector('input[name=shipping_method]');
    await page.click('button:has-text("ارسال استعلام")');
    await expect.poll(() => page.locator('.field-error').first().textContent()).toBe('لطفاً این فیلد را پر کنید');
    await page.check('input[name=shipping_method][value=post]');
    await page.click('button:has-text("ارسال استعلام")');
    await page.waitForURL(/\/shop\/checkout\/prefactor\/\d+$/);
    const factorNumber = page.url().split('/').at(-1)!;
    await expect.poll(() => page.locator('[data-testid=factor-state]').textContent()).toBe('در انتظار تأیید');

    await staffConfirms(factorNumber);
    await openPayment(page, factorNumber);
    await page.click('a[data-gateway=zarinpal]');
    await page.waitForURL(/\/sandbox\/zarinpal\/pg\/StartPay\//);
    expect(await page.textContent('body')).toContain('پرداخت آزمایشی');
    await page.click('button.pay');
    await page.waitForURL(/\/shop\/checkout\/success\/[A-Z0-9]+\/\w+/);
    await expect.poll(() => page.locator('.order-meta li').count()).toBe(4);
    await expect.poll(() => page.locator('.order-meta li').nth(2).textContent()).toContain(factorNumber);
    const [row] = await shop.database.db.select({ status: orders.status }).from(orders).where(eq(orders.factorNumber, factorNumber));
    expect(row!.status).toBe('paid');
    // The paid invoice downloads as a PDF from the success page.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a:has-text("دریافت فاکتور (PDF)")')]);
    expect(download.suggestedFilename()).toBe(`invoice-${factorNumber}.pdf`);
    const { readFileSync } = await import('node:fs');
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.goto(url('/account/orders/history/f'));
    await expect.poll(() => page.locator(`tr[data-factor="${factorNumber}"] .state`).textContent()).toBe('پرداخت شده');
  });

  it('Sadad: pays and lands on the success page', async () => {
    const factorNumber = await confirmedOrder(customer);
    await openPayment(page, factorNumber);
    await page.click('a[data-gateway=sadad]');
    await page.waitForURL(/\/sandbox\/sadad\/VPG\/Purchase/);
    await page.click('button.pay');
    await page.waitForURL(/\/shop\/checkout\/success\//);
    await expect.poll(() => page.locator('.order-meta li').nth(2).textContent()).toContain(factorNumber);
  });

  it('a cancelled payment lands on the fail page, which leads back to the pre-invoice', async () => {
    const factorNumber = await confirmedOrder(customer);
    await openPayment(page, factorNumber);
    await page.click('a[data-gateway=zarinpal]');
    await page.waitForURL(/\/sandbox\/zarinpal\//);
    await page.click('button.cancel');
    await page.waitForURL(url(`/shop/checkout/fail/${factorNumber}?reason=not_paid`));
    expect(await page.textContent('h1')).toBe('پرداخت انجام نشد');
    await expect.poll(() => page.locator('[data-testid=fail-reason]').textContent()).toBe('بانک پرداخت را تأیید نکرد.');
    await page.click('a:has-text("بازگشت به پیش‌فاکتور")');
    await expect.poll(() => page.locator('[data-testid=factor-state]').textContent()).toBe('تأیید شده — در انتظار پرداخت');
  });

  it('bank transfer: details, receipt with a Jalali date, staff accept → paid', async () => {
    const factorNumber = await confirmedOrder(customer);
    await openPayment(page, factorNumber);
    await page.click('button[data-gateway=bank]');
    await expect.poll(() => page.locator('[data-testid=bank-details]').textContent()).toContain('IR120170000000101234567001');
    await page.click('a:has-text("ثبت رسید واریز")');
    await page.waitForURL(/\/shop\/receipt\?factor=/);
    await fillLive(page, '#r-name', 'مشتری آزمایشی');
    await selectLive(page, '#r-date-month', '2');
    await selectLive(page, '#r-date-day', '15');
    await fillLive(page, '#r-tracking_code', '778899');
    await fillLive(page, '#r-account_number', '6037991122334455');
    await page.click('form.receipt-form button[type=submit]');
    await expect.poll(() => page.locator('[role=status]').textContent()).toContain('رسید شما ثبت شد');

    const staff = await newPage();
    await staff.goto(url('/account/login?return=%2Fstaff'));
    await signIn(staff, DEMO_STAFF.username, DEMO_STAFF.password);
    await staff.waitForURL(url('/staff'));
    // A flood of fake receipts for the same factor, all newer than the real one.
    await shop.database.db.insert(bankReceipts).values(
      Array.from({ length: 60 }, (_, i) => ({
        name: `جعلی ${i}`,
        paymentDate: new Date(),
        price: 10_000 + i,
        factorNumber,
        trackingCode: String(500_000 + i),
        accountNumber: '1111222233334444',
      })),
    );
    await clickLive(staff, 'button[role=tab]:has-text("رسیدهای بانکی")');
    // One page of 20 at a time; the search box finds the real one by its tracking code.
    await expect.poll(() => staff.locator('tr[data-receipt]').count()).toBe(20);
    await staff.fill('form.staff-filters input[name=q]', '۷۷۸۸۹۹');
    await staff.click('form.staff-filters button[type=submit]');
    await expect.poll(() => staff.locator('tr[data-receipt]').count()).toBe(1);
    await staff.click(`tr[data-row="${factorNumber}"] button[data-action=accept]`);
    await expect.poll(() => staff.locator('[role=status]').textContent()).toBe('انجام شد.');
    await staff.context().close();
    await page.goto(url(`/account/orders/${factorNumber}`));
    await expect.poll(() => page.locator('[data-testid=factor-state]').textContent()).toBe('پرداخت شده');
  });

  it('a 422 from the server shows its first error and resets the quantity', async () => {
    // The page was built with 500 in stock; the store now has 2, which only the server knows.
    await shop.database.db.update(products).set({ stock: 2 }).where(eq(products.id, productId));
    const dialogs: string[] = [];
    page.on('dialog', (d) => dialogs.push(d.message()));
    await page.goto(url(`/shop/products/${slug}`));
    await page.waitForSelector('astro-island:not([ssr]) [data-testid=buy-box] button.buy-box__add:enabled');
    await page.fill('#buy-qty', '5');
    await page.click('[data-testid=buy-box] button.buy-box__add');
    await expect.poll(() => dialogs).toEqual(['برای سفارش این تعداد، لطفاً با فروشگاه تماس بگیرید.']);
    expect(await page.inputValue('#buy-qty')).toBe('1');
    await shop.database.db.update(products).set({ stock: 500 }).where(eq(products.id, productId));
  });

  it('a customer in the staff console is refused; a guest can track an order', async () => {
    await page.goto(url('/staff'));
    await expect.poll(() => page.locator('main [role=alert]').textContent()).toBe('این بخش فقط برای کارکنان فروشگاه است.');
    const [row] = await shop.database.db.select({ code: orders.trackingCode }).from(orders).where(eq(orders.status, 'paid')).limit(1);
    const guest = await newPage();
    await guest.goto(url('/shop/track-order'));
    await fillLive(guest, '#track-code', row!.code);
    await guest.click('.track-order__form button');
    await expect.poll(() => guest.locator('[data-testid=track-result]').textContent()).toContain('پرداخت شده');
    await guest.context().close();
  });

  it('at 375 px every page type fits the screen: the document is no wider than the viewport', async () => {
    const phone = { width: 375, height: 800 };
    const cookies = await page.context().cookies();
    const mobile = await shop.newPage(phone);
    await mobile.context().addCookies(cookies);
    // Something in each list: a cart line, a compared pair, a wished product, a parts-list result.
    expect((await api('/cart', json('POST', { product_id: productId, cart_quantity: 2 }, bearer(customer.token)))).status).toBe(200);
    await mobile.goto(url('/shop/catalog/op-amps'));
    await hydrated(mobile, '.card');
    for (const [kind, n, count] of [
      ['compare', 0, '۱'],
      ['compare', 1, '۲'],
      ['wishlist', 0, '۱'],
    ] as const) {
      await mobile.locator(`.card [data-list-add=${kind}]`).nth(n).click();
      await expect.poll(() => mobile.locator(`[data-list-count=${kind}]`).textContent()).toBe(count);
    }
    const form = new FormData();
    form.append('newFile', new Blob([readFileSync(new URL('./fixtures/bom/opamp-board.csv', import.meta.url))]), 'opamp-board.csv');
    const bom = await api('/SaveCustomerFile', { method: 'POST', body: form, headers: bearer(customer.token) });
    expect(bom.status).toBe(200);
    const [paid] = await shop.database.db.select({ factor: orders.factorNumber }).from(orders).where(eq(orders.status, 'paid')).limit(1);
    // Page → what shows its content is there (islands read the API after load).
    const pages: [string, string][] = [
      ['/', '.home-block'],
      ['/shop/catalog', '.card'],
      ['/shop/catalog/op-amps', '.card'],
      [`/shop/products/${slug}`, '[data-testid=buy-box]'],
      ['/blog/category-classic', 'main'],
      ['/site/faq', 'main'],
      ['/site/terms', 'main'],
      ['/site/returns', 'main'],
      ['/site/about-us', 'main'],
      ['/shop/cart', '.cart-line'],
      ['/shop/checkout', 'input[name=shipping_method]'],
      ['/shop/compare', '[data-testid=compare-table]'],
      ['/shop/wishlist', '[data-testid=wishlist-remove]'],
      [`/shop/customer/excel/${(bom.body as { identityKey: string }).identityKey}`, '[data-testid=bom-result]'],
      ['/account/dashboard', 'main'],
      ['/account/orders/history/f', `[data-factor="${paid!.factor}"]`],
      [`/account/orders/${paid!.factor}`, '[data-testid=factor-state]'],
      ['/account/addresses', 'main'],
      ['/account/profile', 'main'],
      ['/shop/track-order', 'main'],
      ['/en/shop/cart', '.cart-line'],
      [`/en/shop/products/${slug}`, '[data-testid=buy-box]'],
    ];
    const tooWide: string[] = [];
    const measure = async (p: Page, path: string, ready: string) => {
      await p.goto(url(path));
      await p.locator(ready).first().waitFor({ state: 'attached' });
      await p.waitForLoadState('networkidle');
      tooWide.push(...(await sideways(p)).map((what) => `${path}: ${what}`));
    };
    // Two tabs of the phone's one context (its cookies and lists) take every other page side by side:
    // a visit is mostly waiting for the network to fall quiet, so one tab waits while the other works.
    const tabs = [mobile, await mobile.context().newPage()];
    tabs[1]!.on('dialog', (d) => void d.accept());
    await Promise.all(
      tabs.map(async (tab, t) => {
        for (const [path, ready] of pages.filter((_, i) => i % tabs.length === t)) await measure(tab, path, ready);
      }),
    );
    // A table an island renders after load becomes cards on a phone, each cell naming its column: the
    // page's one observer (header/shell/page-changes.ts) saw the rows arrive.
    await mobile.goto(url('/shop/wishlist'));
    const wished = mobile.locator('[data-testid=wishlist-table]');
    await expect.poll(() => wished.locator('tbody td:nth-child(4)').first().getAttribute('data-label')).toBe('قیمت');
    expect((await wished.locator('thead th:nth-child(4)').textContent())?.trim()).toBe('قیمت');
    const staff = await shop.newPage(phone);
    await staff.goto(url('/account/login?return=%2Fstaff'));
    await signIn(staff, DEMO_STAFF.username, DEMO_STAFF.password);
    await staff.waitForURL(url('/staff'));
    await measure(staff, '/staff', 'button[role=tab]');
    for (const [tab, row] of [
      ['همهٔ سفارش‌ها', 'tr[data-row]'],
      ['رسیدهای بانکی', 'tr[data-receipt]'],
    ]) {
      await clickLive(staff, `button[role=tab]:has-text("${tab}")`);
      await staff.locator(row!).first().waitFor();
      tooWide.push(...(await sideways(staff)).map((what) => `/staff ${tab}: ${what}`));
    }
    expect(tooWide).toEqual([]);
    await staff.context().close();
    await mobile.context().close();
  }, 300_000);
});
