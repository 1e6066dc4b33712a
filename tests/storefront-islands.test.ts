/**
 * The storefront's islands in Debian Chromium, over one small real build (the op-amps category only)
 * served by the real server beside the real API: header suggestions, the live listing's rules (a
 * filter change goes back to page 1, the back button restores the list, price range and attribute
 * filters, page size, reset), keyboard use of the header menus, the sticky header's pullToShow and
 * scroll-to-top, language switching and prefixes, the search's 429 page and its Pagefind fallback
 * when the API cannot be reached, the gallery viewer, and axe-core's serious/critical findings.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { homeSlides } from '../src/server/db/schema';
import { approximateIn, parseCurrencyRates } from '../src/lib/currency';
import { bundlesForQuery, type SearchRoutes } from '../src/lib/pagefind-routes';
import { CHROMIUM, CHROMIUM_FLAGS } from './support/browser';
import { freshDatabase } from './support/database';

const CATEGORY = 'op-amps';
const PRODUCT = 'lm358n-dip8';
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let database: Database;
let server: RunningServer;
/** Same site and database, but a search limit of one request a minute. */
let strictServer: RunningServer;
let outDir: string;
let browser: Browser;
let preOrders: { slug: string; date: string }[] = [];

const env = {
  NODE_ENV: 'test',
  PORT: '0',
  SEED_DEMO: '0',
  PUBLIC_BASE_URL: 'https://shop.example',
  TRUST_SEAL_URL: 'https://trustseal.enamad.ir/?id=12345&Code=abc',
};

beforeAll(async () => {
  database = await freshDatabase({ catalogue: true });
  await database.db.execute(sql`UPDATE products SET enable = false
    WHERE category_id <> (SELECT id FROM categories WHERE slug = ${CATEGORY})`);
  // Two pre-orders: one due in the future, one whose date passed without the store updating it.
  const due = await database.db
    .execute(sql`UPDATE products SET stock = 0, availability_date = CASE WHEN id % 2 = 0 THEN '2099-06-01'::date ELSE '2020-03-20'::date END
    WHERE id IN (SELECT id FROM products WHERE enable AND category_id = (SELECT id FROM categories WHERE slug = ${CATEGORY}) AND slug <> ${PRODUCT} ORDER BY id DESC LIMIT 2)
    RETURNING slug, availability_date::text AS date`);
  preOrders = (due as unknown as { rows: { slug: string; date: string }[] }).rows;
  await database.db.insert(homeSlides).values([
    { kind: 'slide', title: 'آپ‌امپ‌های دقیق', titleEn: 'Precision op-amps', url: `/shop/catalog/${CATEGORY}`, sort: 1 },
    { kind: 'slide', title: 'ابزار اندازه‌گیری', titleEn: 'Measuring tools', sort: 2 },
  ]);
  const config = loadConfig(env);
  outDir = mkdtempSync(join(tmpdir(), 'qateh-islands-'));
  // With the Pagefind index: the search's offline fallback reads it. Bundles of a few products, so this
  // small shop's index has several and a search can show it loads only the one(s) its query needs.
  await buildSite(config, database, { outDir, logLevel: 'error', searchBundles: { products: 8, common: { over: 8, keep: 8 } } });
  server = await startServer(config, database, { siteDir: outDir });
  strictServer = await startServer(loadConfig({ ...env, SEARCH_RATE_LIMIT: '1' }), database, { siteDir: outDir });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await strictServer?.close();
  await server?.close();
  await database?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/**
 * A page whose header script is running (it marks the header data-ready) and whose islands named in
 * `islands` have hydrated (Astro drops `ssr` from a live island).
 */
async function open(path: string, islands: string[], width = 1280, base = server.url): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(base + path);
  await page.locator('.site-header[data-ready]').waitFor({ state: 'attached' });
  for (const name of islands) {
    const island = `astro-island[component-url*="/${name}."]`;
    // An island that waits for the shopper (client:interaction: the listing) is reached for with the pointer.
    if (await page.locator(`${island}[client="interaction"][ssr]`).count()) await page.locator(`${island} > *`).first().hover();
    await page.locator(`${island}:not([ssr])`).first().waitFor({ state: 'attached' });
  }
  return page;
}

const currentPage = (page: Page) => page.locator('.pagination [aria-current="page"]').textContent();

/** Persian or Latin digits in a text → the numbers in it ("نمایش ۱ تا ۱۲ از ۴۰ کالا" → [1, 12, 40]). */
const numbersIn = (text: string | null): number[] =>
  (text ?? '')
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٬,]/g, '')
    .match(/\d+/g)
    ?.map(Number) ?? [];
/** The listing's "showing a to b of total" count. */
const listTotal = async (page: Page) => numbersIn(await page.locator('.listing__count').textContent()).at(-1);
/** The category's product count for these getProduct filters, from the API itself. */
async function apiTotal(filters: Record<string, string>): Promise<number> {
  const q = new URLSearchParams({ filter_category: CATEGORY, ...filters });
  const res = await fetch(`${server.url}/api/site/v1/getProduct?${q}`);
  expect(res.status, `getProduct?${q}`).toBe(200);
  return ((await res.json()) as { total: number }).total;
}
/** Scrolls the window (no smooth scrolling) and lets the scroll event reach the page's listeners. */
async function scrollWindowTo(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: 'instant' });
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, y);
}

describe.skipIf(!existsSync(CHROMIUM))('storefront islands in Chromium', () => {
  it('suggests parts while the shopper types; keyboard selection opens the product', async () => {
    const page = await open('/', []);
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

  it('the suggestions list asks for the rows it shows; scrolling near its end or ↓ towards it brings the rest (up to 50)', async () => {
    const page = await open('/', []);
    const asked: URLSearchParams[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/site/v1/suggestion?')) asked.push(new URL(r.url()).searchParams);
    });
    const rows = page.locator('.suggestion');
    const list = page.locator('#search-suggestions');
    const rowsOf = async (q: string) => {
      const res = await fetch(`${server.url}/api/site/v1/suggestion?filter_searchPart=${q}&limit=150&take=50`);
      return ((await res.json()) as { items: unknown[] }).items.length;
    };
    // This shop shows one category: 40 op-amps, 21 of them LM parts.
    const all = await rowsOf('OP');
    expect(all).toBe(40);
    expect(await rowsOf('LM')).toBe(21);
    await page.locator('#search-q').fill('OP');
    await expect.poll(() => rows.count()).toBe(10);
    expect(asked.map((q) => [q.get('filter_searchPart'), q.get('take'), q.get('limit')])).toEqual([['OP', '10', '150']]);
    const firstTen = await rows.locator('.suggestion__pn').allTextContents();
    // Scrolled to its end: the same query's 50 rows, the first ten unchanged, the scroll kept.
    await list.evaluate((ul) => ul.scrollTo({ top: ul.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => rows.count()).toBe(all);
    expect(asked.map((q) => [q.get('filter_searchPart'), q.get('take')])).toEqual([
      ['OP', '10'],
      ['OP', '50'],
    ]);
    expect((await rows.locator('.suggestion__pn').allTextContents()).slice(0, 10)).toEqual(firstTen);
    expect(await list.evaluate((ul) => ul.scrollTop)).toBeGreaterThan(0);
    // A new query starts again from its first rows; ↓ towards the end asks for the rest by itself.
    await page.locator('#search-q').fill('LM');
    await expect.poll(() => asked.length).toBe(3);
    await expect.poll(() => rows.count()).toBe(10);
    expect(await list.evaluate((ul) => ul.scrollTop)).toBe(0);
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => rows.count()).toBe(21);
    expect(asked.at(-1)?.get('take')).toBe('50');
    expect(await rows.nth(7).getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  it('submitting empty text opens the chosen category; text opens the search page with results', async () => {
    const page = await open('/en', []);
    await page.selectOption('#search-category', CATEGORY);
    await page.locator('#search-q').press('Enter');
    await page.waitForURL(`**/en/shop/catalog/${CATEGORY}`);
    await page.locator('.site-header[data-ready]').waitFor({ state: 'attached' });
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
    // Page 1 as the API orders it now: views counted by earlier tests may have moved it since the build.
    const livePage1 = await fetch(`${server.url}/api/site/v1/getProduct?filter_category=${CATEGORY}`).then(
      (r) => r.json() as Promise<{ items: { partNumber: string }[] }>,
    );
    await expect.poll(firstCard).toBe(livePage1.items[0]!.partNumber);
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
    const page = await open('/en', []);
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

    // Help in the top bar: the two guides (addresses from downloadHelpFile: without file storage
    // configured, the shop's own help page in the page's language), contact and about pages.
    const help = page.locator('[data-testid=help-menu]');
    await help.locator('summary').focus();
    await page.keyboard.press('Enter');
    const helpLinks = help.locator('ul a');
    await expect.poll(() => helpLinks.first().isVisible()).toBe(true);
    expect(await helpLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/en/site/faq',
      '/en/site/faq',
      '/en/site/contact-us',
      '/en/site/about-us',
    ]);
    await page.keyboard.press('Escape');
    await expect.poll(() => helpLinks.first().isVisible()).toBe(false);
    expect(await help.locator('summary').evaluate((el) => el === document.activeElement)).toBe(true);
    await help.locator('summary').click();
    await expect.poll(() => helpLinks.first().isVisible()).toBe(true);
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => helpLinks.first().isVisible()).toBe(false);
    await page.close();

    // Phone width: the slide-in menu opens from the keyboard, locks page scroll, Escape closes it.
    const phone = await open('/en', [], 375);
    const summary = phone.locator('.mobile-menu > summary');
    for (let i = 0; i < 40 && !(await summary.evaluate((el) => el === document.activeElement)); i++) await phone.keyboard.press('Tab');
    await phone.keyboard.press('Enter');
    await expect.poll(() => phone.locator('.mobile-menu__panel').isVisible()).toBe(true);
    await expect.poll(async () => (await phone.locator('html').getAttribute('class')) ?? '').toContain('scroll-locked');
    await phone.keyboard.press('Tab');
    expect(await phone.evaluate(() => document.activeElement?.closest('.mobile-menu__panel') !== null)).toBe(true);
    // The slide-in menu ends with Help: the guides and the contact and about pages.
    expect(await phone.locator('.mobile-menu__panel a[href="/en/site/faq"]').first().isVisible()).toBe(true);
    expect(await phone.locator('.mobile-menu__panel a[href="/en/site/about-us"]').count()).toBe(1);
    await phone.keyboard.press('Escape');
    await expect.poll(() => phone.locator('.mobile-menu__panel').isVisible()).toBe(false);
    await expect.poll(async () => (await phone.locator('html').getAttribute('class')) ?? '').not.toContain('scroll-locked');
    await phone.close();
  });

  it('price range and attribute filters narrow the list and the URL; reset clears them all', async () => {
    const page = await open(`/shop/catalog/${CATEGORY}`, ['CatalogListing']);
    const all = await apiTotal({});
    expect(await listTotal(page)).toBe(all);

    // 10,000 to 20,000 toman, typed in Persian digits, is 100,000-200,000 rials in the URL.
    const [from, to] = [page.locator('.price-range input').nth(0), page.locator('.price-range input').nth(1)];
    await from.fill('۱۰۰۰۰');
    await to.fill('20000');
    await page.locator('.price-range button[type=submit]').click();
    await expect.poll(() => page.url()).toContain('price=100000-200000');
    const priced = await apiTotal({ filter_price: '100000-200000' });
    expect(priced).toBeGreaterThan(0);
    expect(priced).toBeLessThan(all);
    await expect.poll(() => listTotal(page)).toBe(priced);
    for (const price of await page.locator('.card .price').allTextContents()) {
      const toman = numbersIn(price)[0]!;
      expect(toman, price).toBeGreaterThanOrEqual(10_000);
      expect(toman, price).toBeLessThanOrEqual(20_000);
    }

    // An attribute value on top of the price: both filters apply, both are in the URL.
    // Two channels (LM358 and friends, several of them in this price range).
    const [attribute, value] = ['channels', '2'];
    const both = await apiTotal({ filter_price: '100000-200000', filter_attributes: `${attribute}:${value}` });
    expect(both).toBeGreaterThan(0);
    await page.locator(`input[name="attr_${attribute}"][value="${value}"]`).check();
    await expect.poll(() => page.url()).toContain(`attributes=${attribute}:${value}`);
    expect(page.url()).toContain('price=100000-200000');
    expect(both).toBeLessThanOrEqual(priced);
    await expect.poll(() => listTotal(page)).toBe(both);

    // Reset clears every filter: the bare URL, the whole category, empty price fields, nothing ticked.
    await page.getByRole('button', { name: 'حذف همه فیلترها' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/shop/catalog/${CATEGORY}`);
    await expect.poll(() => listTotal(page)).toBe(all);
    expect(await from.inputValue()).toBe('');
    expect(await to.inputValue()).toBe('');
    expect(await page.locator(`input[name="attr_${attribute}"][value="${value}"]`).isChecked()).toBe(false);
    await page.close();
  });

  it('page size: 24 and 48 per page show that many cards from page 1; the default size leaves the URL', async () => {
    const page = await open(`/shop/catalog/${CATEGORY}?page=2`, ['CatalogListing']);
    const all = await apiTotal({});
    expect(all).toBeGreaterThan(24);
    await expect.poll(() => currentPage(page)).toBe('۲');
    const size = page.locator('.toolbar select >> nth=1');
    await size.selectOption('24');
    await expect.poll(() => page.url()).toContain('?limit=24');
    expect(page.url()).not.toContain('page=');
    await expect.poll(() => page.locator('.card').count()).toBe(24);
    expect(await currentPage(page)).toBe('۱');
    await size.selectOption('48');
    await expect.poll(() => page.locator('.card').count()).toBe(Math.min(all, 48));
    expect(page.url()).toContain('?limit=48');
    await size.selectOption('12');
    await expect.poll(() => page.url()).toBe(`${server.url}/shop/catalog/${CATEGORY}`);
    await expect.poll(() => page.locator('.card').count()).toBe(12);
    await page.close();
  });

  it('pullToShow: the header leaves after 25 px down, comes back after 10 px up; scroll-to-top after 300 px', async () => {
    const page = await open(`/shop/catalog/${CATEGORY}?limit=48`, ['CatalogListing']);
    await expect.poll(() => page.locator('.card').count()).toBeGreaterThan(24);
    const header = page.locator('.site-header');
    const hidden = () => header.evaluate((el) => el.classList.contains('site-header--hidden'));
    const onScreen = () => header.evaluate((el) => el.getBoundingClientRect().bottom > 1);

    await scrollWindowTo(page, 900);
    await expect.poll(hidden).toBe(true);
    await expect.poll(onScreen).toBe(false);
    await scrollWindowTo(page, 892); // 8 px up: not yet
    expect(await hidden()).toBe(true);
    await scrollWindowTo(page, 888); // 12 px up in all: back
    await expect.poll(hidden).toBe(false);
    await expect.poll(onScreen).toBe(true);
    await scrollWindowTo(page, 908); // 20 px down: stays
    expect(await hidden()).toBe(false);
    await scrollWindowTo(page, 918); // 30 px down in all: gone
    await expect.poll(hidden).toBe(true);

    // Scroll-to-top shows past 300 px (outside the hidden header), and takes the shopper back up.
    const top = page.locator('.scroll-top');
    await expect.poll(() => top.isVisible()).toBe(true);
    await top.click();
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    await expect.poll(onScreen).toBe(true);
    await expect.poll(() => top.isVisible()).toBe(false);
    await page.close();
  });

  it('the language switcher keeps the path; /fa/... redirects with 301; an unknown prefix is a 404', async () => {
    const page = await open(`/shop/catalog/${CATEGORY}`, []);
    await page.locator('.lang-switch a[hreflang="en"]').click();
    await page.waitForURL(`${server.url}/en/shop/catalog/${CATEGORY}`);
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    await page.locator('.lang-switch a[hreflang="ru"]').click();
    await page.waitForURL(`${server.url}/ru/shop/catalog/${CATEGORY}`);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    await page.locator('.lang-switch a[hreflang="fa"]').click();
    await page.waitForURL(`${server.url}/shop/catalog/${CATEGORY}`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');

    const moved = await page.goto(`${server.url}/fa/shop/products/${PRODUCT}`);
    expect(page.url()).toBe(`${server.url}/shop/products/${PRODUCT}`);
    expect(moved?.status()).toBe(200);
    expect((await moved!.request().redirectedFrom()?.response())?.status()).toBe(301);

    const unknown = await page.goto(`${server.url}/de/shop/catalog/${CATEGORY}`);
    expect(unknown?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toContain('۴۰۴');
    await page.close();
  });

  it('header controls: the currency choice is kept across pages; guest account menu; empty cart panel', async () => {
    const page = await open('/en', []);
    expect(await page.locator('.currency select').inputValue()).toBe('USD');
    await page.locator('.currency select').selectOption('EUR');
    await page.goto(`${server.url}/shop/catalog/${CATEGORY}`);
    await page.locator('.site-header[data-ready]').waitFor({ state: 'attached' });
    expect(await page.locator('.currency select').inputValue()).toBe('EUR');
    // Toman first, then the chosen currency at the store's rate (CURRENCY_RATES_TOMAN), on every price.
    const rates = (parseCurrencyRates(loadConfig(env).CURRENCY_RATES_TOMAN) as { ok: true; rates: Record<string, number> }).rates;
    const card = page.locator('.card .price[data-rials]').first();
    const rials = Number(await card.getAttribute('data-rials'));
    const euros = approximateIn(rials, 'EUR', rates)!;
    await expect
      .poll(() => card.evaluate((el) => getComputedStyle(el, '::after').content))
      .toBe(JSON.stringify(`≈ €${euros.toLocaleString('fa-IR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`));
    expect(await card.textContent()).toContain('تومان');

    // The guest's account menu: sign in comes back to this page; a click elsewhere closes it.
    await page.locator('.account-menu[data-ready] > button').click();
    expect(await page.locator('.account-menu__who').textContent()).toContain('کاربر مهمان');
    const signIn = await page.locator('.account-menu__panel a').first().getAttribute('href');
    expect(signIn).toBe(`/account/login?return=${encodeURIComponent(`/shop/catalog/${CATEGORY}`)}`);
    await page.locator('h1').click();
    expect(await page.locator('.account-menu__panel').count()).toBe(0);

    // The cart's panel (loaded on first use) says the cart is empty; Escape closes it.
    await page.locator('.cart-indicator[data-ready] > button').click();
    await expect.poll(() => page.locator('.dropcart').textContent()).toContain('سبد خرید شما خالی است');
    expect(await page.locator('[data-testid=cart-count]').isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.dropcart').count()).toBe(0);
    await page.close();
  });

  it('the English product page shows the approximation beside the toman price, in the buy box too', async () => {
    const page = await open(`/en/shop/products/${PRODUCT}`, ['LiveBuyBox']);
    await page.locator('.currency select').selectOption('USD');
    const price = page.locator('.product__buy .price--big');
    await expect.poll(() => price.evaluate((el) => getComputedStyle(el, '::after').content)).toMatch(/^"≈ \$\d+\.\d\d"$/);
    expect(await price.textContent()).toMatch(/Toman$/);
    await page.close();
  });

  it("the spec's remaining routes: /shop/products, /offcanvas-cart and the three product layouts", async () => {
    const all = await open('/shop/products', ['CatalogListing']);
    expect(await all.locator('.card').count()).toBeGreaterThan(0);
    await all.close();
    const offcanvas = await open('/en/offcanvas-cart', []);
    await expect.poll(() => offcanvas.locator('.dropcart--offcanvas').isVisible()).toBe(true);
    await offcanvas.keyboard.press('Escape');
    await expect.poll(() => offcanvas.locator('.dropcart').count()).toBe(0);
    await offcanvas.close();
    for (const layout of ['standard', 'sidebar', 'columnar']) {
      const page = await open(`/shop/product-${layout}`, ['LiveBuyBox']);
      expect(
        await page
          .locator(`[data-product-layout=${layout}] .product [data-testid=buy-box], [data-product-layout=${layout}] .product .buybox`)
          .count(),
      ).toBeGreaterThan(0);
      expect(await page.locator('[data-widget]').count()).toBe(layout === 'sidebar' ? 2 : 0);
      if (layout === 'standard') {
        // The demo shows the product page's own block: the same facts, links and list buttons as that page.
        const block = (p: Page) =>
          p
            .locator('.product .product__facts, .product .product__links, .product .list-buttons')
            .evaluateAll((els) => els.map((e) => e.textContent));
        const demo = await block(page);
        const real = await open((await page.locator('.product .product__name a').getAttribute('href'))!, []);
        expect(demo).toEqual(await block(real));
        expect(demo).toHaveLength(3);
        await real.close();
      }
      if (layout === 'sidebar') {
        // The latest-products widget: at most five, cheapest first (spec §9).
        const prices = await page
          .locator('[data-widget=latest] [data-rials]')
          .evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.rials)));
        expect(await page.locator('[data-widget=latest] li').count()).toBeLessThanOrEqual(5);
        expect(prices.length).toBeGreaterThan(0);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        expect(
          await page
            .locator(`[data-widget=categories] a[href="/shop/catalog/${CATEGORY}"], [data-widget=categories] a[aria-current]`)
            .count(),
        ).toBeGreaterThan(0);
      }
      await page.close();
    }
  });

  it('home: slideshow with dots, store features from its configuration, brands; footer trust seal; idle prefetch', async () => {
    const page = await open('/', []);
    const dots = page.locator('.slideshow [data-go]');
    expect(await dots.count()).toBe(2);
    await dots.nth(1).click();
    await expect.poll(() => dots.nth(1).getAttribute('aria-current')).not.toBeNull();
    expect(await page.locator('[data-feature=guarantee]').textContent()).toContain('۴۸');
    expect(await page.locator('[data-feature=shipping]').textContent()).toContain('۱۵۰٬۰۰۰ تومان');
    expect(await page.locator('[data-home-brands] li').count()).toBeGreaterThan(0);
    expect(await page.locator('footer a[data-trust-seal]').getAttribute('href')).toBe(env.TRUST_SEAL_URL);
    // Once idle, the pages linked from the screen are fetched ahead (never the API or private pages).
    await expect.poll(() => page.locator('link[rel=prefetch]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const ahead = await page
      .locator('link[rel=prefetch]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(ahead.filter((p) => /^\/(api|account|staff)/.test(p))).toEqual([]);
    await page.close();
  });

  it('a page whose code chunk fails to load reloads once, not again', async () => {
    const page = await open('/en/site/faq', []);
    await page.route('**/_astro/CartPanel*', (route) => route.abort());
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++;
    });
    await page.locator('.cart-indicator[data-ready] > button').click();
    await expect.poll(() => navigations).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('qateh:chunk-reload'))).toContain('/en/site/faq');
    // The same failure again right after the reload: seen by the page, which stays.
    await Promise.all([page.waitForEvent('pageerror'), page.locator('.cart-indicator[data-ready] > button').click()]);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    expect(navigations).toBe(1);
    await page.close();
  });

  it('when the API cannot be reached, the search page answers from the Pagefind index, loading only the bundle its query needs', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Every API request fails as if the network were down; the static files still load.
    await page.route('**/api/site/v1/**', (route) => route.abort('internetdisconnected'));
    const fetched: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/pagefind/')) fetched.push(path);
    });
    const routes = JSON.parse(readFileSync(join(outDir, 'pagefind', 'routes.json'), 'utf8')) as SearchRoutes;
    const bundleNames = new Set(routes.routes.map((r) => r[2]));
    const bundleOf = (path: string) => path.split('/')[2]!;
    /** The bundle folders the page fetched files of (not the root's Pagefind code and placeholder index). */
    const bundlesFetched = () => [...new Set(fetched.map(bundleOf).filter((name) => bundleNames.has(name)))].sort();
    /** Pagefind's code and wasm come once, from /pagefind/ itself: a bundle serves only its own index files. */
    const expectSharedCode = () => {
      expect(fetched).toContain('/pagefind/pagefind.js');
      expect(
        fetched.filter((p) => bundleNames.has(bundleOf(p)) && !/\/(index|fragment|filter)\/|\/pagefind-entry\.json$|\.pf_meta$/.test(p)),
      ).toEqual([]);
    };
    const needed = bundlesForQuery(routes, 'LM۳۵۸').bundles;
    expect(needed.length).toBeGreaterThan(0);
    expect(needed.length).toBeLessThan(routes.routes.length);

    await page.goto(`${server.url}/shop/search/all/${encodeURIComponent('LM۳۵۸')}`);
    const hits = page.locator('.offline-hits a');
    await expect.poll(() => hits.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('.listing__notice').textContent()).toContain('آفلاین');
    const hrefs = await hits.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
    expect(
      hrefs.some((h) => h.startsWith('/shop/products/lm358')),
      hrefs.join(' '),
    ).toBe(true);
    // The routing file once, then the files of the part-number's bundle(s) only: none of the other bundles.
    expect(fetched.filter((p) => p === '/pagefind/routes.json')).toHaveLength(1);
    expect(bundlesFetched()).toEqual([...needed].sort());
    // Pagefind's entry, index and fragment files of that bundle, counted: one entry file per bundle loaded.
    expect(fetched.filter((p) => p.endsWith('/pagefind-entry.json') && bundleNames.has(bundleOf(p)))).toHaveLength(needed.length);
    expect(fetched.filter((p) => bundleNames.has(bundleOf(p)) && /\/(index|fragment)\//.test(p)).length).toBeGreaterThan(0);
    expectSharedCode();
    // One record serves both languages: Persian titles here, English titles and /en addresses there.
    expect(await hits.first().textContent()).toMatch(/[\u0600-\u06FF]/);

    fetched.length = 0;
    await page.goto(`${server.url}/en/shop/search/all/lm358`);
    await expect.poll(() => hits.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const english = await hits.evaluateAll((links) =>
      links.map((a) => ({ path: (a as HTMLAnchorElement).pathname, text: a.textContent ?? '' })),
    );
    expect(
      english.every((h) => h.path.startsWith('/en/shop/products/')),
      JSON.stringify(english),
    ).toBe(true);
    expect(
      english.some((h) => /LM358/i.test(h.text) && !/[\u0600-\u06FF]/.test(h.text)),
      JSON.stringify(english),
    ).toBe(true);
    expect(bundlesFetched()).toEqual([...bundlesForQuery(routes, 'lm358').bundles].sort());
    expectSharedCode();

    // A word no bundle holds: "nothing found" after the routing file alone.
    fetched.length = 0;
    await page.goto(`${server.url}/en/shop/search/all/zzqx`);
    await expect.poll(() => page.locator('.listing__notice + .empty').count()).toBe(1);
    expect(await hits.count()).toBe(0);
    expect(fetched).toEqual(['/pagefind/routes.json']);
    await page.close();
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
    const page = await open(`/shop/products/${PRODUCT}`, ['LiveBuyBox']);
    await expect.poll(() => page.locator('.buybox[data-fresh]').count()).toBe(1);
    expect(await page.locator('.buybox .price--big').textContent()).toContain('تومان');
    await page.locator('.gallery__main').click();
    await expect.poll(() => page.locator('.pswp').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.pswp img').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.pswp').count()).toBe(0);
    await page.close();
  });

  it('on a phone the product page loads no island code with the page; the gallery gets it when touched', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, hasTouch: true });
    // Counts the Intl formatters the page makes: the first one costs a phone tens of milliseconds. (Source
    // text, not a function: the test's compiler must not wrap it in helpers the page does not have.)
    await page.addInitScript(`window.__intlMade = [];
      for (const name of ['NumberFormat', 'DateTimeFormat']) {
        const construct = (real, args) => (window.__intlMade.push(name), Reflect.construct(real, args));
        Intl[name] = new Proxy(Intl[name], { construct, apply: (real, self, args) => construct(real, args) });
      }`);
    const scripts: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.url}/shop/products/${PRODUCT}`, { waitUntil: 'networkidle' });
    await page.locator('.site-header[data-ready]').waitFor({ state: 'attached' });
    // The stylesheet is in the page: nothing holds up the first paint but the page itself.
    expect(await page.locator('link[rel=stylesheet]').count()).toBe(0);
    const renderer = await page.locator('astro-island[component-url*="/Gallery."]').getAttribute('renderer-url');
    const gallery = await page.locator('astro-island[component-url*="/Gallery."]').getAttribute('component-url');
    expect(scripts).not.toContain(renderer);
    expect(scripts).not.toContain(gallery);
    // Header, list counts, currency approximations and idle prefetch have run without an Intl formatter.
    await expect.poll(() => page.locator('link[rel=prefetch]').count()).toBeGreaterThan(0);
    expect(await page.locator('.price[data-rials]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade)).toEqual([]);
    // The first tap arrives before the code: it is held and given to the gallery once hydrated.
    await page.locator('.gallery__main').tap();
    await expect.poll(() => page.locator('.pswp').isVisible()).toBe(true);
    expect(await page.locator('.pswp').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(scripts).toContain(gallery);
    expect(problems.filter((p) => /hydrat|#41[89]|#42[35]/i.test(p))).toEqual([]);
    await page.close();
  });

  it('on a phone home and listing load no React or Swiper with the page; a product row and the filters work once touched', async () => {
    // Reduced motion: the rows do not autoplay, so Swiper comes only with the touch and a slide moves only on request.
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const scripts: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|#41[89]|#42[35]/i.test(m.text())) problems.push(m.text());
    });

    // Listing: its first page, filters and toolbar are the static HTML; the island's code waits for a touch.
    await page.goto(`${server.url}/shop/catalog/${CATEGORY}`, { waitUntil: 'networkidle' });
    await page.locator('.site-header[data-ready]').waitFor({ state: 'attached' });
    const island = page.locator('astro-island[component-url*="/CatalogListing."]');
    const [renderer, listing] = [await island.getAttribute('renderer-url'), await island.getAttribute('component-url')];
    expect(renderer).toBeTruthy();
    expect(scripts).not.toContain(renderer);
    expect(scripts).not.toContain(listing);
    expect(await page.locator('.card').count()).toBe(12);
    // The closed panel's groups are not rendered at load (content-visibility: hidden) and are once it opens.
    const quality = page.locator('input[name="quality"][value="original"]');
    const rendered = () => quality.evaluate((el) => el.checkVisibility());
    expect(await rendered()).toBe(false);
    // The first tap (open the filters panel) arrives before the code: it is held and given again once live.
    await page.locator('.toolbar__filters').tap();
    await expect.poll(() => page.locator('.filters--open').count()).toBe(1);
    await expect.poll(rendered).toBe(true);
    expect(scripts).toContain(listing);
    const all = await apiTotal({});
    const original = await apiTotal({ filter_quality: 'original' });
    expect(original).toBeLessThan(all);
    await quality.check();
    await expect.poll(() => page.url()).toContain('quality=original');
    await expect.poll(() => listTotal(page)).toBe(original);
    // A shared filtered address shows its list at once, without a touch.
    await page.goto(`${server.url}/shop/catalog/${CATEGORY}?quality=original`);
    await expect.poll(() => listTotal(page)).toBe(original);
    expect(await page.locator('input[name="quality"][value="original"]').isChecked()).toBe(true);

    // Home: the product rows are static HTML; Swiper arrives when the shopper reaches for a row.
    scripts.length = 0;
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.locator('.site-header[data-ready]').waitFor({ state: 'attached' });
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(scripts.filter((s) => s === renderer || /\/swiper-setup\./.test(s))).toEqual([]);
    const row = page.locator('[data-product-row]').first();
    expect(await row.locator('.card').count()).toBeGreaterThan(1);
    await row.scrollIntoViewIfNeeded();
    // A touch on a card's part number (not a link): the row's code comes, the page stays.
    await row.locator('.card__pn').first().tap();
    await expect.poll(() => row.locator('.swiper-initialized').count()).toBe(1);
    expect(scripts.some((s) => /\/swiper-setup\./.test(s))).toBe(true);
    const active = () =>
      row.locator('.swiper-slide').evaluateAll((slides) => slides.findIndex((s) => s.classList.contains('swiper-slide-active')));
    expect(await active()).toBe(0);
    // Phones swipe the row; the arrow buttons show from tablet width on, and now drive Swiper.
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.locator('.carousel__nav--next').click();
    await expect.poll(active).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a pre-order shows its arrival date while it is ahead, and "arriving soon" once it has passed', async () => {
    expect(preOrders).toHaveLength(2);
    for (const { slug, date } of preOrders) {
      const page = await open(`/shop/products/${slug}`, ['LiveBuyBox']);
      const arrival = page.locator('[data-testid="arrival"]');
      if (date.startsWith('2099')) {
        // 12 Khordad 1478 in the Persian calendar.
        await expect.poll(() => arrival.textContent()).toContain('زمان تقریبی رسیدن');
        expect(await arrival.textContent()).toContain('۱۴۷۸');
      } else {
        await expect.poll(() => arrival.textContent()).toContain('به‌زودی می‌رسد');
        expect(await arrival.textContent()).not.toContain('۱۳۹۹');
      }
      await page.close();
    }
  });

  it('axe-core finds no serious or critical accessibility violations on home, listing and product pages', async () => {
    for (const [path, islands] of [
      ['/', []],
      [`/shop/catalog/${CATEGORY}`, ['CatalogListing']],
      [`/shop/products/${PRODUCT}`, ['LiveBuyBox']],
      [`/en/shop/products/${PRODUCT}`, ['LiveBuyBox']],
    ] as const) {
      const page = await open(path, [...islands]);
      // Through DevTools, not a <script>: the site's Content-Security-Policy rightly refuses an injected inline script.
      await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                ctx: Document,
                opts: object,
              ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe;
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id}: ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(', ')}`,
          );
      });
      expect(violations, path).toEqual([]);
      await page.close();
    }
  });
});
