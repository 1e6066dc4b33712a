/**
 * The storefront's islands in Debian Chromium, over one small real build (the op-amps category only)
 * served by the real server beside the real API: header suggestions, the live listing's rules (a
 * filter change goes back to page 1, the back button restores the list), keyboard use of the header
 * menus, the search's 429 page, the gallery viewer, and axe-core's serious/critical findings.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build/site';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { startServer, type RunningServer } from '../src/server/server';
import { importCatalogue } from '../src/server/services/catalogue-import';
import { freshDatabase } from './support/database';
import { readSharedCatalogue } from './support/server';

const CHROMIUM = '/usr/bin/chromium';
const CATEGORY = 'op-amps';
const PRODUCT = 'lm358n-dip8';
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let database: Database;
let server: RunningServer;
/** Same site and database, but a search limit of one request a minute. */
let strictServer: RunningServer;
let outDir: string;
let browser: Browser;

const env = { NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' };

beforeAll(async () => {
  database = await freshDatabase();
  await importCatalogue(database.db, readSharedCatalogue());
  await database.db.execute(sql`UPDATE products SET enable = false
    WHERE category_id <> (SELECT id FROM categories WHERE slug = ${CATEGORY})`);
  const config = loadConfig(env);
  outDir = mkdtempSync(join(tmpdir(), 'qateh-islands-'));
  await buildSite(config, database, { outDir, logLevel: 'error', searchIndex: false });
  server = await startServer(config, database, { siteDir: outDir });
  strictServer = await startServer(loadConfig({ ...env, SEARCH_RATE_LIMIT: '1' }), database, { siteDir: outDir });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await strictServer?.close();
  await server?.close();
  await database?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** A page whose islands named in `islands` have hydrated (Astro drops `ssr` from a live island). */
async function open(path: string, islands: string[], width = 1280, base = server.url): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(base + path);
  for (const name of islands) {
    await page.locator(`astro-island[component-url*="/${name}."]:not([ssr])`).first().waitFor({ state: 'attached' });
  }
  return page;
}

const currentPage = (page: Page) => page.locator('.pagination [aria-current="page"]').textContent();

describe.skipIf(!existsSync(CHROMIUM))('storefront islands in Chromium', () => {
  it('suggests parts while the shopper types; keyboard selection opens the product', async () => {
    const page = await open('/', ['SearchBox']);
    await page.locator('#search-q').fill('LM358');
    const rows = page.locator('.suggestion');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const first = rows.first();
    expect(await first.locator('.suggestion__pn').getAttribute('dir')).toBe('ltr');
    expect(await first.locator('.suggestion__pn').textContent()).toMatch(/^LM358/);
    expect(await first.locator('.suggestion__price').textContent()).toContain('تومان');
    expect(await page.locator('.suggestion__badge').first().textContent()).toMatch(/دقیق|هم‌خانواده/);
    // Escape closes the list, ↓ reopens it and moves into it, Enter opens that product.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.suggestions').isVisible()).toBe(false);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/shop/products/lm358**');
    await page.close();
  });

  it('submitting empty text opens the chosen category; text opens the search page with results', async () => {
    const page = await open('/en', ['SearchBox']);
    await page.selectOption('#search-category', CATEGORY);
    await page.locator('#search-q').press('Enter');
    await page.waitForURL(`**/en/shop/catalog/${CATEGORY}`);
    await page.locator('astro-island[component-url*="/SearchBox."]:not([ssr])').waitFor({ state: 'attached' });
    await page.locator('#search-q').fill('lm358');
    await page.locator('#search-q').press('Enter');
    await page.waitForURL('**/en/shop/search/all/lm358');
    await expect.poll(() => page.locator('.card').count()).toBeGreaterThan(0);
    expect(await page.locator('h1').textContent()).toContain('lm358');
    await page.close();
  });

  it('a filter change goes back to page 1 and writes the filter, not page 1, into the URL', async () => {
    const page = await open(`/shop/catalog/${CATEGORY}?page=2`, ['CatalogListing']);
    await expect.poll(() => currentPage(page)).toBe('۲');
    await page.locator('input[name="quality"][value="original"]').check();
    await expect.poll(() => page.url()).toContain('quality=original');
    expect(page.url()).not.toContain('page=');
    await expect.poll(() => currentPage(page)).toBe('۱');
    await expect.poll(() => page.locator('.card').count()).toBeGreaterThan(0);
    // Reset clears everything.
    await page.getByRole('button', { name: 'حذف همه فیلترها' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/shop/catalog/${CATEGORY}`);
    await page.close();
  });

  it('the back button and a reload bring the listing back as it was', async () => {
    const page = await open(`/shop/catalog/${CATEGORY}`, ['CatalogListing']);
    const firstCard = () => page.locator('.card__pn').first().textContent();
    const onPage1 = await firstCard();
    await page.locator('.pagination a[rel="next"]').click();
    await expect.poll(() => page.url()).toContain('?page=2');
    await expect.poll(firstCard).not.toBe(onPage1);
    const onPage2 = await firstCard();
    await page.selectOption('.toolbar select >> nth=0', 'price_desc');
    await expect.poll(() => page.url()).toContain('sort=price_desc');
    await page.goBack();
    await expect.poll(() => page.url()).toMatch(/\?page=2$/);
    await expect.poll(() => currentPage(page)).toBe('۲');
    await expect.poll(firstCard).toBe(onPage2);
    expect(await page.locator('.toolbar select >> nth=0').inputValue()).toBe('default');
    await page.goBack();
    await expect.poll(firstCard).toBe(onPage1);
    await page.goForward();
    await expect.poll(firstCard).toBe(onPage2);
    await page.reload();
    await page.locator('astro-island[component-url*="/CatalogListing."]:not([ssr])').waitFor({ state: 'attached' });
    await expect.poll(firstCard).toBe(onPage2);
    // A page past the end is clamped to the last one.
    await page.goto(`${server.url}/shop/catalog/${CATEGORY}?page=999`);
    await expect.poll(() => page.url()).not.toContain('page=999');
    await page.close();
  });

  it('header menus work from the keyboard alone', async () => {
    const page = await open('/en', ['HeaderControls']);
    const button = page.locator('.departments__button');
    for (let i = 0; i < 40 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    const firstLink = page.locator('.departments__menu > li > a').first();
    expect(await firstLink.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await firstLink.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.departments__menu').isVisible()).toBe(false);
    await page.close();

    // Phone width: the slide-in menu opens from the keyboard, locks page scroll, Escape closes it.
    const phone = await open('/en', ['HeaderControls'], 375);
    const summary = phone.locator('.mobile-menu > summary');
    for (let i = 0; i < 40 && !(await summary.evaluate((el) => el === document.activeElement)); i++) await phone.keyboard.press('Tab');
    await phone.keyboard.press('Enter');
    await expect.poll(() => phone.locator('.mobile-menu__panel').isVisible()).toBe(true);
    await expect.poll(async () => (await phone.locator('html').getAttribute('class')) ?? '').toContain('scroll-locked');
    await phone.keyboard.press('Tab');
    expect(await phone.evaluate(() => document.activeElement?.closest('.mobile-menu__panel') !== null)).toBe(true);
    await phone.keyboard.press('Escape');
    await expect.poll(() => phone.locator('.mobile-menu__panel').isVisible()).toBe(false);
    await expect.poll(async () => (await phone.locator('html').getAttribute('class')) ?? '').not.toContain('scroll-locked');
    await phone.close();
  });

  it('a refused search (429) lands on the too-many-attempts page', async () => {
    // The one search this server allows per minute is spent here; the page's own search is refused.
    await fetch(`${strictServer.url}/api/site/v1/getProduct?filter_part=lm358`);
    const page = await browser.newPage();
    await page.goto(`${strictServer.url}/shop/search/all/lm358`);
    await page.waitForURL('**/site/too-many-attemp-error');
    expect(await page.locator('h1').textContent()).toContain('۴۲۹');
    await page.close();
  });

  it('the product page keeps the build-time price in its HTML and opens the gallery viewer', async () => {
    const html = await (await fetch(`${server.url}/shop/products/${PRODUCT}`)).text();
    expect(html).toContain('۱۴٬۰۰۰ تومان');
    const page = await open(`/shop/products/${PRODUCT}`, ['Gallery', 'LiveBuyBox']);
    await expect.poll(() => page.locator('.buybox[data-fresh]').count()).toBe(1);
    expect(await page.locator('.buybox .price--big').textContent()).toContain('تومان');
    await page.locator('.gallery__main').click();
    await expect.poll(() => page.locator('.pswp').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.pswp img').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.pswp').count()).toBe(0);
    await page.close();
  });

  it('axe-core finds no serious or critical accessibility violations on home, listing and product pages', async () => {
    for (const [path, islands] of [['/', ['SearchBox']], [`/shop/catalog/${CATEGORY}`, ['CatalogListing']], [`/shop/products/${PRODUCT}`, ['LiveBuyBox']], [`/en/shop/products/${PRODUCT}`, ['LiveBuyBox']]] as const) {
      const page = await open(path, [...islands]);
      await page.addScriptTag({ path: AXE_SOURCE });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations, path).toEqual([]);
      await page.close();
    }
  });
});
