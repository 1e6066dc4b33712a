/**
 * The back office in Chromium: staff sign in, find a product in the console, change its price and
 * save, writing the specification in Markdown with its live preview; the product's static page (rebuilt
 * by the running shop's site updater) then shows the new price and the specification as sanitised HTML.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteUpdater, type SiteUpdater } from '../src/build/site-updater';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import { fillLive, signIn, startBrowserShop, type BrowserShop } from './support/browser';
import { pagePath } from './support/site-files';

let shop: BrowserShop;
let updater: SiteUpdater;

beforeAll(async () => {
  shop = await startBrowserShop({ prepare: (database) => ensureStaffAccount(database.db).then(() => undefined) });
  updater = startSiteUpdater(shop.server.deps.config, shop.database, shop.outDir, { intervalSeconds: 1, log: () => undefined });
}, 900_000);
afterAll(async () => {
  await updater?.stop();
  await shop?.close();
});

describe('staff console: products', () => {
  it('edits a price in the console and the product page shows it', async () => {
    const slug = 'lm358p-pdip8';
    const productPage = () => readFileSync(pagePath(shop.outDir, `shop/products/${slug}`), 'utf8');
    expect(productPage()).not.toContain('۲۳٬۴۵۶');

    const page = await shop.newPage();
    await page.goto(shop.url('/account/login?return=%2Fstaff'));
    await signIn(page, DEMO_STAFF.username, DEMO_STAFF.password);
    await page.waitForURL(shop.url('/staff'));
    await page.getByRole('tab', { name: 'کالاها' }).click();
    await fillLive(page, '.staff-filters input[name=q]', 'LM358P');
    await page.click('.staff-filters button[type=submit]');
    await page.click(`tr[data-product="${slug}"] button[data-action=edit]`);
    await page.fill('input[name=price]', '23456');
    await page.fill('input[name=stock]', '321');
    // The specification in Markdown: the preview beside it is what the page will show, script dropped.
    await page.fill(
      'textarea[name=specificationMarkdown]',
      '## پایه‌ها\n\n| پایه | کار |\n| --- | --- |\n| ۸ | VCC |\n\n<script>window.pwned = 1</script>',
    );
    const preview = page.locator('[data-preview=specificationMarkdown]');
    await expect.poll(() => preview.locator('h2').textContent()).toBe('پایه‌ها');
    expect(await preview.locator('td').allTextContents()).toEqual(['۸', 'VCC']);
    expect(await preview.locator('script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await page.click('button[data-action=save]');
    await expect.poll(() => page.locator('[role=status]').first().textContent()).toMatch(/ذخیره شد/);
    await expect.poll(() => page.locator(`tr[data-product="${slug}"]`).textContent()).toContain('۲۳٬۴۵۶ تومان');

    // The history in the console names who changed the price.
    await page.click(`tr[data-product="${slug}"] button[data-action=edit]`);
    await expect.poll(() => page.locator('.staff-history').textContent()).toContain(DEMO_STAFF.username);

    // The running shop's updater rebuilds the page from the catalogue change.
    await expect.poll(() => productPage(), { timeout: 400_000, interval: 1000 }).toContain('۲۳٬۴۵۶');
    expect(productPage()).toContain('<h2>پایه‌ها</h2>');
    expect(productPage()).toContain('<td>VCC</td>');
    // Raw HTML in Markdown is never markup: at most the words show as text.
    expect(productPage()).not.toContain('<script>window.pwned');
    const served = await (await fetch(shop.url(`/shop/products/${slug}`))).text();
    expect(served).toContain('۲۳٬۴۵۶');
    await page.context().close();
  }, 600_000);
});
