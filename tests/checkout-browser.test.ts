/**
 * Checkout in a real Chromium: staff create a discount code in the console; the product page states the
 * free-shipping thresholds; the customer enters the code in the cart and sees the shipping estimate and
 * how much more reaches free courier and post; checkout shows goods, discount, VAT, every method's
 * shipping and grand total, refuses the courier for an address outside the store's city, and the
 * pre-invoice carries the same total.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/server/db/schema';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import { vatIncluded } from '../src/lib/vat';
import { toman } from '../src/site/islands/shop/buy-texts';
import { clickLive, fillLive, FIRST_AT_50000_SECOND_SOLD_OUT, signIn, startBrowserShop, type BrowserShop } from './support/browser';
import type { TestServer } from './support/server';
import { bearer, json, newCustomer } from './support/shop';

let shop: BrowserShop;
let slug: string;
let productId: number;

beforeAll(async () => {
  shop = await startBrowserShop({
    // The first product: 50,000 toman a unit, 500 in stock, no arrival date.
    fixture: FIRST_AT_50000_SECOND_SOLD_OUT,
    async prepare(database) {
      const [p] = await database.db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(and(eq(products.enable, true), isNull(products.deletedAt)))
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
const asServer = () => ({ api: shop.api, database: shop.database }) as unknown as TestServer;
const fa = (rials: number) => toman('fa', rials);
const text = (page: Page, selector: string) => page.locator(selector).first().textContent();

describe('checkout totals', () => {
  it('staff create a code in the console', async () => {
    const page = await shop.newPage();
    await page.goto(url('/account/login?return=%2Fstaff'));
    await signIn(page, DEMO_STAFF.username, DEMO_STAFF.password);
    await page.waitForURL(url('/staff'));
    await clickLive(page, 'button[role=tab]:has-text("کدهای تخفیف")');
    await page.fill('#dc-code', 'browser10');
    await page.fill('#dc-percent', '10');
    await page.fill('#dc-limit', '5');
    await page.click('button[data-action=create-discount]');
    await expect.poll(() => text(page, '[role=status]')).toBe('کد BROWSER10 ساخته شد.');
    await expect.poll(() => text(page, 'tr[data-discount-code=BROWSER10]')).toContain('فعال');
    // A percent above the cap is refused with the reason next to the field.
    await page.fill('#dc-code', 'TOOMUCH');
    await page.fill('#dc-percent', '95');
    await page.click('button[data-action=create-discount]');
    await expect.poll(() => text(page, '#dc-percent-error')).toBe('درصد تخفیف حداکثر 90 است.');
    await page.context().close();
  });

  it('cart with the code → checkout shows every total and each method for the address', async () => {
    const customer = await newCustomer(asServer(), 'checkout');
    // A second address outside Tehran.
    const provinces = await shop.api('/dashboard/getProvince', { headers: bearer(customer.token) });
    const isfahanProvince = (provinces.body as { data: { id: number; name: string }[] }).data.find((p) => p.name === 'اصفهان')!.id;
    const province = await shop.api(`/dashboard/province/${isfahanProvince}`, { headers: bearer(customer.token) });
    const isfahanCity = (province.body as { data: { cities: { id: number; name: string }[] } }).data.cities.find(
      (c) => c.name === 'اصفهان',
    )!.id;
    const added = await shop.api(
      '/dashboard/address',
      json(
        'POST',
        {
          name: 'کارگاه اصفهان',
          mobile: '09131234567',
          province_id: isfahanProvince,
          city_id: isfahanCity,
          address: 'خیابان چهارباغ، پلاک ۵',
          postCode: '8134567891',
        },
        bearer(customer.token),
      ),
    );
    expect(added.status).toBe(201);
    expect((await shop.api('/cart', json('POST', { product_id: productId, cart_quantity: 2 }, bearer(customer.token)))).status).toBe(200);

    const page = await shop.newPage();
    await page.goto(url(`/account/login?return=${encodeURIComponent(`/shop/products/${slug}`)}`));
    await signIn(page, customer.username, customer.password);
    await page.waitForURL(url(`/shop/products/${slug}`));
    // The product page states the thresholds.
    expect(await text(page, '[data-testid=free-shipping]')).toBe(
      'ارسال رایگان: پیک در تهران از ۱۵۰٬۰۰۰ تومان، پست به سراسر ایران از ۳۰۰٬۰۰۰ تومان (مبلغ کالاها پس از تخفیف).',
    );

    await page.goto(url('/shop/cart'));
    await page.waitForSelector('.cart-line');
    // A mistyped code is refused with the reason.
    await fillLive(page, '#discount-code', 'NOSUCH');
    await page.click('form.discount-code button[type=submit]');
    await expect.poll(() => text(page, '#discount-code-error')).toBe('کد تخفیف واردشده معتبر نیست.');
    await page.fill('#discount-code', 'browser۱۰');
    await page.click('form.discount-code button[type=submit]');
    await expect.poll(() => text(page, '[data-testid=discount-applied]')).toContain('کد «BROWSER10» اعمال شد: ۱۰٪ تخفیف.');
    // 100,000 toman of goods, 10 % off: 90,000.
    await expect.poll(() => text(page, '[data-testid=cart-total]')).toBe(fa(900_000));
    expect(await text(page, '[data-testid=cart-vat]')).toBe(fa(vatIncluded(900_000)));
    expect(await text(page, '[data-testid=shipping-estimate] tr[data-method=courier]')).toContain(fa(800_000));
    expect(await text(page, '[data-testid=shipping-estimate] tr[data-method=post]')).toContain(fa(1_800_000));
    expect(await page.locator('[data-testid=until-free] li').allTextContents()).toEqual([
      '۶۰٬۰۰۰ تومان دیگر تا پیک رایگان (تهران)',
      '۲۱۰٬۰۰۰ تومان دیگر تا پست رایگان',
    ]);
    await page.click('a:has-text("ثبت استعلام موجودی و قیمت")');
    await page.waitForURL(url('/shop/checkout'));
    await page.waitForSelector('[data-testid=checkout-totals]');
    expect(await text(page, '[data-testid=checkout-subtotal]')).toBe(fa(1_000_000));
    expect(await text(page, '[data-testid=checkout-discount]')).toBe(fa(-100_000));
    expect(await text(page, '[data-testid=checkout-vat]')).toBe(fa(vatIncluded(900_000)));
    expect(await text(page, '[data-testid=checkout-total]')).toBe('—');
    for (const [method, shipping, total] of [
      ['courier', fa(800_000), fa(1_700_000)],
      ['post', fa(900_000), fa(1_800_000)],
      ['carrier', fa(1_200_000), fa(2_100_000)],
      ['pickup', 'رایگان', fa(900_000)],
    ] as const) {
      expect(await text(page, `[data-testid=shipping-${method}]`), method).toBe(shipping);
      expect(await text(page, `[data-testid=total-${method}]`), method).toBe(total);
    }
    await page.check('input[name=shipping_method][value=courier]');
    await expect.poll(() => text(page, '[data-testid=checkout-total]')).toBe(fa(1_700_000));
    expect(await text(page, '[data-testid=checkout-shipping]')).toBe(fa(800_000));

    // The Isfahan address: the courier cannot be chosen there.
    await page.check(`input[name=address_id][value="${added.body.data.id}"]`);
    expect(await page.isDisabled('input[name=shipping_method][value=courier]')).toBe(true);
    expect(await text(page, 'tr[data-method=courier]')).toContain('برای این نشانی در دسترس نیست (فقط تهران)');
    expect(await text(page, '[data-testid=checkout-total]')).toBe('—');
    await page.check('input[name=shipping_method][value=post]');
    await expect.poll(() => text(page, '[data-testid=checkout-total]')).toBe(fa(1_800_000));
    await page.click('button:has-text("ارسال استعلام")');
    await page.waitForURL(/\/shop\/checkout\/prefactor\/\d+$/);
    await expect.poll(() => text(page, '[data-testid=factor-total]')).toBe(fa(1_800_000));
    expect(await text(page, '.cart-totals')).toContain('BROWSER10');
    await page.context().close();
  }, 120_000);
});
