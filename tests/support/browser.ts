/**
 * A whole small shop for browser tests: the shared catalogue with only one category's products enabled
 * (a handful of product pages keeps the build short), a real static build served beside the real API
 * (one build per run, copied and brought up to date per file: tests/support/browser-site.ts),
 * and Debian's Chromium. Each browser test file starts one and closes it in afterAll.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { products } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { makeTestSite, type SiteFixture } from './browser-site';
import { freshDatabase } from './database';
import { ownAddressEnv, type TestServer } from './server';
import { prepareProduct } from './shop';

export const CHROMIUM = '/usr/bin/chromium';
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
 * The buying-path files' products: the first enabled product on sale at 50,000 toman a unit (one price
 * tier) with plenty in stock (500, the store asked above 1,000, sold one by one, no arrival date), the
 * second sold out (0 in stock, no arrival date). Their pages are rendered once per run for every file
 * that names this.
 */
export const FIRST_AT_50000_SECOND_SOLD_OUT: SiteFixture = {
  name: 'first-at-50000-toman-second-sold-out',
  async apply(database) {
    const first = await prepareProduct(database.db, { stock: 500, threshold: 1000, tiers: [[1, 500_000]] });
    const [second] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.enable, true), ne(products.id, first.id)))
      .orderBy(products.id)
      .limit(1);
    await database.db.update(products).set({ stock: 0, availabilityDate: null }).where(eq(products.id, second!.id));
  },
};

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
