/**
 * Product engagement in a real Chromium over one small static build served beside the API: a guest
 * pressing review or restock goes to sign-in; the product tabs work from the keyboard and a
 * #reviews-sec address opens the reviews tab; a customer posts a review and sees it with the new
 * average, a second review gives the server's error toast; a question answered by staff in the
 * console shows under it labelled Admin; the restock dialog checks the quantity, sends, reloads the
 * page with the success toast, and staff see the request; the page view is counted.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/server/db/schema';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import { clickLive, fixtureProducts, OP_AMPS_FIXTURE, signIn, startBrowserShop, type BrowserShop } from './support/browser';
import type { TestServer } from './support/server';
import { newCustomer, type Customer } from './support/shop';

let shop: BrowserShop;
let reviewed: { id: number; slug: string };
let missing: { id: number; slug: string };
let customer: Customer;

beforeAll(async () => {
  shop = await startBrowserShop({
    // The third product in stock with one earlier review (so the build-time card and page carry stars
    // and a count), the second sold out.
    fixture: OP_AMPS_FIXTURE,
    async prepare(database) {
      ({ reviewed, soldOut: missing } = await fixtureProducts(database));
      await ensureStaffAccount(database.db);
    },
  });
  customer = await newCustomer({ api: shop.api, database: shop.database } as unknown as TestServer, 'rev');
}, 900_000);

afterAll(async () => {
  await shop?.close();
});

const url = (path: string) => shop.url(path);
const productUrl = (slug: string) => url(`/shop/products/${slug}`);

async function signedIn(returnTo: string, username = customer.username, password = customer.password): Promise<Page> {
  const page = await shop.newPage();
  await page.goto(url(`/account/login?return=${encodeURIComponent(returnTo)}`));
  await signIn(page, username, password);
  await page.waitForURL(url(returnTo));
  return page;
}

/** Tabs are plain HTML whose script marks them data-ready; the panel hydrates on first show, then loads. */
async function openTab(page: Page, tab: 'reviews' | 'comments') {
  await page.click(`.product-tabs[data-ready] #tab-${tab}`);
  await page.locator(`#${tab}-sec[data-ready=true]`).waitFor();
}

async function staffConsole(tab: string): Promise<Page> {
  const page = await signedIn('/staff', DEMO_STAFF.username, DEMO_STAFF.password);
  await clickLive(page, `button[role=tab]:has-text("${tab}")`);
  return page;
}

describe('engagement in the browser', () => {
  it('shows build-time stars on the card and the page, and sends guests who review or ask for stock to sign-in', async () => {
    const page = await shop.newPage();
    await page.goto(url('/shop/catalog/op-amps'));
    const card = page.locator('.card', { has: page.locator(`a[href="/shop/products/${reviewed.slug}"]`) }).first();
    expect(await card.locator('.rating-line').textContent()).toContain('۱ نظر');

    await page.goto(productUrl(reviewed.slug));
    expect(await page.locator('.product__info .rating-line__count').textContent()).toContain('۱ نظر');
    await openTab(page, 'reviews');
    expect(await page.locator('#reviews-sec .review').count()).toBe(1);
    await page.fill('#reviews-sec textarea', 'می‌خواهم نظر بدهم');
    await page.click('.review-form button[type=submit]');
    await page.waitForURL(/\/account\/login\?return=/);
    expect(new URL(page.url()).searchParams.get('return')).toBe(`/shop/products/${reviewed.slug}#reviews-sec`);

    await page.goto(productUrl(missing.slug));
    expect(await page.locator('.restock-notice').textContent()).toContain('موجود نیست');
    await clickLive(page, '.restock__open');
    await page.waitForURL(/\/account\/login\?return=/);
    expect(new URL(page.url()).searchParams.get('return')).toBe(`/shop/products/${missing.slug}?restock=1`);
    await page.context().close();
  });

  it('switches tabs with the keyboard (mirrored right to left) and opens the reviews tab for a #reviews-sec address', async () => {
    const page = await shop.newPage();
    // The panels hydrate the server HTML when first shown: React would report a mismatch here.
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    await page.goto(productUrl(reviewed.slug));
    const tab = (id: string) => page.locator(`#tab-${id}`);
    await page.locator('.product-tabs[data-ready]').waitFor({ state: 'attached' });
    expect(await tab('specification').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#panel-reviews').isHidden()).toBe(true);
    // Tabs sit in a row above the panel, which takes the page's width (not squeezed beside the tabs).
    const list = (await page.locator('.product-tabs [role=tablist]').boundingBox())!;
    const panel = (await page.locator('#panel-specification').boundingBox())!;
    expect(list.y + list.height).toBeLessThanOrEqual(panel.y + 1);
    expect(panel.width).toBeGreaterThan(list.width * 0.9);
    await tab('specification').focus();
    // Persian pages run right to left: the arrow pointing left moves to the next tab.
    await page.keyboard.press('ArrowLeft');
    expect(await tab('reviews').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-reviews');
    expect(await tab('specification').getAttribute('tabindex')).toBe('-1');
    await page.locator('#reviews-sec[data-ready=true]').waitFor();
    await page.keyboard.press('End');
    expect(await tab('comments').getAttribute('aria-selected')).toBe('true');
    await page.locator('#comments-sec[data-ready=true]').waitFor();
    expect(await page.locator('#panel-reviews').isHidden()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await tab('reviews').getAttribute('aria-selected')).toBe('true');
    expect(problems.filter((p) => /hydrat|#41[89]|#42[35]/i.test(p))).toEqual([]);

    // Where sign-in sends a reviewer back: the reviews tab is shown and live.
    await page.goto(`${productUrl(reviewed.slug)}#reviews-sec`);
    await page.locator('#reviews-sec[data-ready=true]').waitFor();
    expect(await page.locator('#reviews-sec').isVisible()).toBe(true);
    expect(await tab('reviews').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#reviews-sec .review').count()).toBe(1);
    await page.context().close();
  });

  it("posts a review and shows it with the new average; a second review gives the server's error toast", async () => {
    const page = await signedIn(`/shop/products/${reviewed.slug}`);
    await openTab(page, 'reviews');
    await page.click('.star-input button[data-star="4"]');
    expect(await page.getAttribute('.star-input button[data-star="4"]', 'aria-checked')).toBe('true');
    await page.fill('#reviews-sec textarea', '<b>کیفیت</b> خوب و ارسال سريع');
    await page.click('.review-form button[type=submit]');
    await page.locator('.toast--success', { hasText: 'با موفقیت ثبت شد.' }).waitFor();
    await expect.poll(() => page.locator('#reviews-sec .review').count()).toBe(2);
    expect(await page.locator('#reviews-sec .review').first().locator('.engagement__text').textContent()).toBe('کیفیت خوب و ارسال سریع');
    expect(await page.locator('#reviews-sec .engagement__average').textContent()).toBe('۳٫۵');
    expect(await page.locator('#reviews-sec .engagement__count').textContent()).toBe('۲ نظر');

    await page.fill('#reviews-sec textarea', 'نظر دوم');
    await page.click('.review-form button[type=submit]');
    await page.locator('.toast--error', { hasText: 'از هر مشتری یک نظر برای هر کالا پذیرفته می‌شود' }).waitFor();

    await page.fill('#reviews-sec textarea', '');
    await page.click('.review-form button[type=submit]');
    const list = page.locator('#reviews-sec .engagement__errors');
    await list.waitFor();
    expect(await list.textContent()).toContain('لطفاً خطاهای زیر را اصلاح کنید:');
    expect(await list.locator('li').allTextContents()).toEqual(['لطفاً این فیلد را پر کنید.']);
    await page.context().close();
  });

  it('shows a staff answer under the question, labelled Admin', async () => {
    const page = await signedIn(`/shop/products/${reviewed.slug}`);
    await openTab(page, 'comments');
    await page.fill('#comments-sec textarea', 'با تغذیه ۳٫۳ ولت کار می‌کند؟');
    await page.click('.question-form button[type=submit]');
    await page.locator('.toast--success').waitFor();
    await expect.poll(() => page.locator('#comments-sec .question').count()).toBe(1);

    const staff = await staffConsole('پرسش‌های بی‌پاسخ');
    const item = staff.locator('li[data-question]', { hasText: 'با تغذیه ۳٫۳ ولت کار می‌کند؟' });
    await item.locator('textarea').fill('بله، از ۳ ولت به بالا کار می‌کند.');
    await item.locator('button[data-action=answer]').click();
    await expect.poll(() => staff.locator('[role=status]').textContent()).toBe('پاسخ ثبت شد.');
    await staff.context().close();

    await page.reload();
    await openTab(page, 'comments');
    const answer = page.locator('#comments-sec .question .answer');
    expect(await answer.locator('.engagement__admin').textContent()).toBe('مدیر');
    expect(await answer.locator('.engagement__text').textContent()).toBe('بله، از ۳ ولت به بالا کار می‌کند.');
    await page.context().close();
  });

  it('checks the restock quantity, sends the request, and staff see it in the console', async () => {
    const page = await signedIn(`/shop/products/${missing.slug}`);
    const sent: { captcha?: string }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/site/v1/resupply/products')) sent.push(JSON.parse(r.postData() ?? '{}'));
    });
    await clickLive(page, '.restock__open');
    const dialog = page.locator('dialog.restock-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('#restock-product').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.locator('#restock-number').inputValue()).toBe('1');
    await dialog.locator('#restock-number').fill('چند تا');
    await dialog.locator('button[type=submit]').click();
    expect(await dialog.locator('.field-error').textContent()).toBe('لطفاً این فیلد را با عدد پر کنید.');
    await dialog.locator('#restock-number').fill('');
    await dialog.locator('button[type=submit]').click();
    expect(await dialog.locator('.field-error').textContent()).toBe('لطفاً این فیلد را با عدد پر کنید.');
    await dialog.locator('#restock-number').fill('۲۵');
    await dialog.locator('#restock-description').fill('برای تولید ماه بعد');
    // Spec §7: success reloads the page; a mark left on this document is gone on the reloaded one.
    await page.evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    });
    const reloaded = page.waitForEvent('load');
    await dialog.locator('button[type=submit]').click();
    await reloaded;
    expect(page.url()).toBe(productUrl(missing.slug));
    // The dialog solved the captcha's proof of work and sent it with the request.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.captcha).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    // The success message is carried over the reload and shown once on the new page.
    await page.locator('.toast--success', { hasText: 'با موفقیت ثبت شد.' }).waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('qateh:toast'))).toBeNull();
    await page.reload();
    await page.locator('.site-header[data-ready]').waitFor({ state: 'attached' });
    expect(await page.locator('.toast').count()).toBe(0);
    await page.context().close();

    const staff = await staffConsole('درخواست‌های موجودی');
    const row = staff.locator('tr[data-resupply]', { hasText: 'برای تولید ماه بعد' });
    await row.waitFor();
    expect(await row.textContent()).toContain('۲۵');
    expect(await row.textContent()).toContain(customer.username);
    expect(await row.textContent()).toContain('صفحه کالا');
    await staff.context().close();
  });

  it('counts the product view once the page is idle', async () => {
    const viewsOf = async () =>
      (await shop.database.db.select({ v: products.views }).from(products).where(eq(products.id, reviewed.id)))[0]!.v;
    const before = await viewsOf();
    const page = await shop.newPage();
    await page.goto(productUrl(reviewed.slug));
    await page.locator('.product-tabs[data-ready]').waitFor({ state: 'attached' });
    await expect.poll(viewsOf).toBe(before + 1);
    await page.context().close();
  });
});
