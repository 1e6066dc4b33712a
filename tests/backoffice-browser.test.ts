/**
 * The back office in a real Chromium over a static build served beside the API: staff write the
 * about page (in Markdown, with its preview) and a banner message in the «محتوا» tab and rename a category in «دسته‌بندی‌ها و منو»;
 * after the incremental rebuild the static pages a shopper opens show all three.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSite } from '../src/build/rebuild';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import { clickLive, fillLive, signIn, startBrowserShop, type BrowserShop } from './support/browser';

let shop: BrowserShop;

beforeAll(async () => {
  shop = await startBrowserShop({
    prepare: async (database) => {
      await ensureStaffAccount(database.db);
    },
  });
}, 900_000);
afterAll(async () => {
  await shop?.close();
});

async function staffConsole(): Promise<Page> {
  const page = await shop.newPage();
  await page.goto(shop.url('/account/login?return=%2Fstaff'));
  await signIn(page, DEMO_STAFF.username, DEMO_STAFF.password);
  await page.waitForURL(shop.url('/staff'));
  return page;
}

async function saved(page: Page, scope: string) {
  await page.locator(`${scope} [role=status]`, { hasText: 'ذخیره شد.' }).first().waitFor();
}

describe('back office in the browser', () => {
  it('content and category changes made in the console show on the static pages after the rebuild', async () => {
    const page = await staffConsole();
    await clickLive(page, 'button[role=tab]:has-text("محتوا")');

    const pageForm = 'form[aria-label="ویرایش صفحه"]';
    await fillLive(page, `${pageForm} input[name=slug]`, 'about-us');
    await page.selectOption(`${pageForm} select[name=kind]`, 'about');
    await page.fill(`${pageForm} input[name=title]`, 'درباره فروشگاه قطعه');
    // Written in Markdown: the preview beside it is the server's sanitised rendering, script dropped.
    await page.fill(`${pageForm} textarea[name=body]`, 'از سال ۱۳۸۵ در **پاساژ امجد**.\n\n<script>alert(1)</script>');
    await page.locator(`${pageForm} [data-preview=body] strong`, { hasText: 'پاساژ امجد' }).waitFor();
    expect(await page.locator(`${pageForm} [data-preview=body]`).innerHTML()).not.toContain('<script');
    await page.click(`${pageForm} button[type=submit]`);
    await saved(page, 'section[aria-label="محتوا"]');

    await page.click('section[aria-label="محتوا"] button[role=tab]:has-text("پیام سایت")');
    const messageForm = 'form[aria-label="پیام سایت"]';
    await page.locator(messageForm).waitFor();
    await page.fill(`${messageForm} input >> nth=0`, 'ارسال سفارش‌ها تا پایان تعطیلات نوروز با تأخیر است');
    await page.click(`${messageForm} button[type=submit]`);
    await saved(page, 'section[aria-label="محتوا"]');

    await page.click('button[role=tab]:has-text("دسته‌بندی‌ها و منو")');
    const row = page.locator('tr[data-category="op-amps"]');
    await row.waitFor();
    await row.locator('button:has-text("ویرایش")').click();
    const categoryForm = 'form[aria-label="ویرایش دسته‌بندی"]';
    await page.fill(`${categoryForm} input[name=nameFa]`, 'آپ‌امپ‌های تازه');
    await page.click(`${categoryForm} button[type=submit]`);
    await saved(page, 'section[aria-label="ساختار فروشگاه"]');

    const result = await rebuildSite(shop.server.deps.config, shop.database, shop.outDir, { logLevel: 'error' });
    expect(result.kind).toBe('full');

    const shopper = await shop.newPage();
    await shopper.goto(shop.url('/site/about-us'));
    expect(await shopper.locator('main').textContent()).toContain('از سال ۱۳۸۵ در پاساژ امجد.');
    expect(await shopper.locator('main strong', { hasText: 'پاساژ امجد' }).count()).toBe(1);
    expect(await shopper.locator('h1').first().textContent()).toContain('درباره فروشگاه قطعه');
    // GitHub's tag filter leaves the typed tag as visible text, never as an element.
    expect(await shopper.content()).not.toContain('<script>alert(1)');
    expect(await shopper.locator('[data-site-messages]').textContent()).toContain('ارسال سفارش‌ها تا پایان تعطیلات نوروز با تأخیر است');

    await shopper.goto(shop.url('/shop/catalog/op-amps'));
    expect(await shopper.locator('h1').first().textContent()).toContain('آپ‌امپ‌های تازه');
    expect(await shopper.locator('[data-site-messages]').textContent()).toContain('ارسال سفارش‌ها');
  }, 600_000);
});
