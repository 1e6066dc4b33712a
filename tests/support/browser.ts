/**
 * A whole small shop for browser tests: the shared catalogue with only one category's products enabled
 * (a handful of product pages keeps the build short), a real static build served beside the real API
 * (one build per run, copied and brought up to date per file: tests/support/browser-site.ts),
 * and Debian's Chromium. Each browser test file starts one and closes it in afterAll.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { productFiles, products, reviews } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { makeTestSite, type SiteFixture } from './browser-site';
import { freshDatabase } from './database';
import { ownAddressEnv, type TestServer } from './server';
import { prepareProduct } from './shop';

/** Debian's old headless shell (package chromium-headless-shell, the same Chromium build's Blink). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * The browser the tests drive: CHROMIUM_PATH when set; else the headless shell when installed (.ci/run
 * installs it), as Playwright itself prefers for headless runs: it renders with the same engine but
 * without the full browser's own interface processes, whose CPU the two cores need (the isolated group
 * took 802 s against 1,044 s with the full browser); else the full browser.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/**
 * How long a page's navigations and actions (goto, waitForURL, click, waitFor) may take before they fail:
 * Playwright's 30 s is too short for CI, whose two cores run two or three browser files at once beside
 * other jobs (load 10–15): a staff sign-in's argon2 check, then the console's first load, took over
 * 30 s there (csp-browser's zarinpal walk). A wait that ends sooner costs nothing; only a real failure
 * now takes longer to be reported.
 */
export const PAGE_TIMEOUT_MS = 90_000;

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserShopOptions {
  /** The one category whose products stay enabled (and so get pages). */
  category?: string;
  /** Extra configuration (environment variable names → values). */
  env?: Record<string, string>;
  /** Product changes other files make too, before `prepare`: their pages are rendered once per run. */
  fixture?: SiteFixture;
  /** Changes to the database made before the site is built. */
  prepare?: (database: Database) => Promise<void>;
}

/**
 * The product changes the op-amps browser files make before their journeys, in one fixture: its pages
 * are rendered once per run (one partial rebuild, tests/support/browser-site.ts) for every file that
 * names it, instead of once per file. Each change is on products no other file's checks read:
 * - the first enabled product (lowest id): on sale at 50,000 toman a unit (one price tier) with plenty
 *   in stock (500, the store asked above 1,000, sold one by one, no arrival date), with a footprint and
 *   an application note (its title given only in Persian): the buying-path files' product, and the
 *   first card of the listing for the wishlist, compare and file dialogs (lists-browser);
 * - the second: sold out (0 in stock, no arrival date): "tell me when it is back" (notifications,
 *   engagement);
 * - the third: in stock (100 + its id, sold one by one, no arrival date), so the listing's second card
 *   is buyable with another stock than the first (lists-browser's compare), with one earlier review
 *   (3 stars), so its card and page carry stars and a count at build time (engagement-browser);
 * - MCP6002-I/SN sold in tens: a parts list's 5 wanted are raised to 10, with a note (forms-browser).
 */
export const OP_AMPS_FIXTURE: SiteFixture = {
  name: 'op-amps-first-at-50000-second-sold-out-third-reviewed',
  async apply(database) {
    const db = database.db;
    const first = await prepareProduct(db, { stock: 500, threshold: 1000, tiers: [[1, 500_000]] });
    const [second, third] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.enable, true), ne(products.id, first.id)))
      .orderBy(products.id)
      .limit(2);
    await db.update(products).set({ stock: 0, availabilityDate: null }).where(eq(products.id, second!.id));
    await db.insert(productFiles).values([
      {
        productId: first.id,
        kind: 'footprint',
        label: `فوت‌پرینت SOIC-8 شماره ${first.id}`,
        labelEn: `KiCad SOIC-8 ${first.id}`,
        fileLink: `https://files.example/fp-${first.id}.kicad_mod`,
      },
      {
        productId: first.id,
        kind: 'applicationnote',
        label: `راهنمای طراحی آپ‌امپ ${first.id}`,
        fileLink: `https://files.example/an-${first.id}.pdf`,
      },
    ]);
    await db
      .update(products)
      .set({ stock: 100 + third!.id, minimumPurchase: 1, availabilityDate: null, views: 0, rating: 3, reviewsCount: 1 })
      .where(eq(products.id, third!.id));
    await db.insert(reviews).values({ productId: third!.id, author: 'خریدار قبلی', rating: 3, content: 'معمولی بود' });
    await db.update(products).set({ minimumPurchase: 10 }).where(eq(products.partNumber, 'MCP6002-I/SN'));
  },
};

/** The fixture's first three enabled products (by id), as the files' checks name them. */
export async function fixtureProducts(database: Database): Promise<Record<'first' | 'soldOut' | 'reviewed', { id: number; slug: string }>> {
  const [first, soldOut, reviewed] = await database.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(eq(products.enable, true), isNull(products.deletedAt)))
    .orderBy(products.id)
    .limit(3);
  return { first: first!, soldOut: soldOut!, reviewed: reviewed! };
}

export interface BrowserShop {
  database: Database;
  server: RunningServer;
  browser: Browser;
  dataDir: string;
  outDir: string;
  url(path: string): string;
  api: TestServer['api'];
  /** A fresh browser context (no cookies or storage) at desktop size; browser dialogs are accepted. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function startBrowserShop(options: BrowserShopOptions = {}): Promise<BrowserShop> {
  const category = options.category ?? 'op-amps';
  const database = await freshDatabase({ catalogue: true });
  await database.db.execute(sql`UPDATE products SET enable = false
    WHERE category_id <> (SELECT id FROM categories WHERE slug = ${category})`);
  const dataDir = mkdtempSync(join(tmpdir(), 'qateh-browser-data-'));
  const outDir = mkdtempSync(join(tmpdir(), 'qateh-browser-site-'));
  // Every page of a test comes from one address: the guest-form allowance is lifted; proofs of work kept cheap.
  const env = {
    NODE_ENV: 'test',
    ...(await ownAddressEnv(options.env)),
    SEED_DEMO: '0',
    DATA_DIR: dataDir,
    GUEST_WRITE_RATE_LIMIT: '100000',
    CAPTCHA_MAX_NUMBER: '5000',
    ...options.env,
  };
  const config = loadConfig(env);
  // The run's shared build, brought up to date with what `prepare` changed (tests/support/browser-site.ts).
  const siteStarted = performance.now();
  const origin = await makeTestSite({ config, env, category, database, fixture: options.fixture, prepare: options.prepare, outDir });
  if (process.env.QATEH_TEST_TIMINGS) console.log(`site: ${origin} in ${((performance.now() - siteStarted) / 1000).toFixed(1)} s`);
  const server = await startServer(config, database, { siteDir: outDir });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const url = (path: string) => server.url + path;
  return {
    database,
    server,
    browser,
    dataDir,
    outDir,
    url,
    api: async (path, init) => {
      const res = await fetch(url(`/api/site/v1${path}`), init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body, headers: res.headers };
    },
    async newPage(viewport = { width: 1280, height: 900 }) {
      const context = await browser.newContext({ viewport });
      context.setDefaultTimeout(PAGE_TIMEOUT_MS);
      const page = await context.newPage();
      page.on('dialog', (d) => void d.accept());
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
      await database.close();
      for (const dir of [outDir, dataDir]) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once the island holding `selector` has hydrated (Astro removes `ssr` from a live island).
 * An island that waits for the shopper (`client:interaction`: the catalogue listing) is reached for
 * first, with the pointer over the element, as a shopper would.
 */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await reachFor(page, selector);
  await page.locator(`astro-island:not([ssr]) ${selector}`).first().waitFor({ state: 'attached' });
}

/** Moves the pointer over `selector` when it sits in a `client:interaction` island not yet hydrated. */
export async function reachFor(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ state: 'attached' });
  if (await page.locator(`astro-island[client="interaction"][ssr] ${selector}`).count()) await page.locator(selector).first().hover();
}

/** Types into a field once its island is live: text typed into the server-rendered copy first is lost. */
export async function fillLive(page: Page, selector: string, value: string): Promise<void> {
  await hydrated(page, selector);
  await page.fill(selector, value);
}

/** Chooses an option once the island owns the select. */
export async function selectLive(page: Page, selector: string, value: string): Promise<void> {
  await hydrated(page, selector);
  await page.selectOption(selector, value);
}

/** Clicks once the island is live: a click on the server-rendered copy does nothing. */
export async function clickLive(page: Page, selector: string): Promise<void> {
  await hydrated(page, selector);
  await page.click(selector);
}

/** Signs in on the login page the browser is showing. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await fillLive(page, '#f-username', username);
  await fillLive(page, '#f-password', password);
  await page.click('form.account-form button[type=submit]');
}
