/**
 * The Content-Security-Policy holds on every kind of page in a real Chromium: one small build served
 * by the real server, each page type visited (Persian, English and Russian), islands driven until
 * they work (the gallery viewer, the buy box, the ALTCHA proof of work in its Web Worker, the address
 * map's tiles from another host), a parts-list upload, the staff console and the payment flow through
 * both bank sandboxes, and reCAPTCHA through a stand-in — while every CSP violation the browser
 * reports (the `securitypolicyviolation` event and its "Refused to …" console line) fails the test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INLINE_HASHES_FILE, readInlineHashes, scanSitePages } from '../../src/build/inline-hashes';
import { rebuildSite } from '../../src/build/rebuild';
import { loadConfig } from '../../src/server/config';
import { products } from '../../src/server/db/schema';
import { DEMO_STAFF, ensureStaffAccount } from '../../src/server/seed/staff';
import { startServer, type RunningServer } from '../../src/server/server';
import { clickLive, fillLive, OP_AMPS_FIXTURE, hydrated, signIn, startBrowserShop, type BrowserShop } from '../support/browser';
import { startRecaptchaStandin, type RecaptchaStandin } from '../support/recaptcha-standin';
import type { TestServer } from '../support/server';
import { bearer, json, newCustomer, type Customer } from '../support/shop';

/** A tile server on another origin: the address map's tiles must pass img-src. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let tiles: Server;
let tilesUrl: string;
const tileRequests: string[] = [];

let shop: BrowserShop;
let slug: string;
let productId: number;
let customer: Customer;
/** Every violation seen, as "page url: report". */
const violations: string[] = [];

beforeAll(async () => {
  tiles = createServer((req, res) => {
    tileRequests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  tilesUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
  shop = await startBrowserShop({
    env: { MAP_TILE_URL: `${tilesUrl}/{z}/{x}/{y}.png`, CAPTCHA_MAX_NUMBER: '20000' },
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
  customer = await newCustomer({ api: shop.api, database: shop.database } as unknown as TestServer, 'csp');
}, 900_000);

afterAll(async () => {
  await shop?.close();
  await new Promise((resolve) => tiles?.close(resolve));
});

/** A fresh context whose pages report every CSP violation, across navigations, into `violations`. */
async function watchedPage(): Promise<Page> {
  const page = await shop.newPage();
  const context: BrowserContext = page.context();
  await context.exposeBinding('__reportCsp', ({ page: p }, report: string) => {
    violations.push(`${p.url()}: ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(r: string): void }).__reportCsp(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Refused to|Content.Security.Policy|Permissions.Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  return page;
}

/** Scrolls through the page (client:visible islands wake up) and waits for the network to settle. */
async function visit(page: Page, path: string, base = shop.server.url): Promise<void> {
  const res = await page.goto(base + path);
  expect(res?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
  await page
    .evaluate(async () => {
      const height = document.body.scrollHeight;
      for (let y = 0; y <= height; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
    })
    .catch(() => undefined); // a page that sends a guest on (checkout → sign-in) ends the scroll
  // Islands that wait for the shopper (client:interaction) are reached for, as a shopper would: their
  // code then loads under the policy too.
  for (const island of await page.locator('astro-island[client="interaction"][ssr]').all())
    await island
      .locator(':scope > *:visible')
      .first()
      .hover({ timeout: 5_000 })
      .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  // Islands that wake on load or when the browser is idle have all hydrated (Astro drops `ssr`).
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:is([client=load], [client=idle], [client=only])'), null, {
    timeout: 60_000,
  });
}

const noViolations = () => expect(violations).toEqual([]);
// Each test answers for its own pages.
beforeEach(() => {
  violations.length = 0;
});
/** Browser tests drive many pages on a shared two-core machine. */
const SLOW = 600_000;

const PAGES = [
  '/',
  '/shop/catalog',
  '/shop/catalog/op-amps',
  '/shop/search/all/lm358',
  '/shop/cart',
  '/shop/checkout',
  '/shop/compare',
  '/shop/wishlist',
  '/shop/track-order',
  '/shop/receipt',
  '/shop/customer/excel',
  '/account/login',
  '/account/register',
  '/account/forgot-password',
  '/blog/category-classic',
  '/blog/post-classic',
  '/site/about-us',
  '/site/terms',
  '/site/returns',
  '/site/faq',
  '/no-such-page',
];

describe('every page type satisfies the policy', () => {
  it(
    'Persian pages: islands hydrate and nothing is refused',
    async () => {
      // Two watched tabs of their own take every other page, side by side: a visit is mostly waiting
      // (scrolling, the network falling quiet), so one tab waits while the other works.
      const tabs = await Promise.all([watchedPage(), watchedPage()]);
      await Promise.all(
        tabs.map(async (page, tab) => {
          for (const path of PAGES.filter((_, i) => i % tabs.length === tab)) {
            await visit(page, path);
            if (await page.locator('astro-island').count())
              await expect
                .poll(() => page.locator('astro-island:not([ssr])').count(), { message: `${path}: islands hydrated` })
                .toBeGreaterThan(0);
          }
        }),
      );
      noViolations();
      for (const page of tabs) await page.context().close();
    },
    SLOW,
  );

  it(
    'English and Russian pages too',
    async () => {
      // One watched tab per language, side by side (as the Persian pages' two tabs).
      await Promise.all(
        ['/en', '/ru'].map(async (lang) => {
          const page = await watchedPage();
          for (const path of [
            '',
            '/shop/catalog/op-amps',
            `/shop/products/${slug}`,
            '/site/contact-us',
            '/account/login',
            '/shop/cart',
            '/no-such-page',
          ]) {
            await visit(page, lang + path);
          }
          await page.context().close();
        }),
      );
      noViolations();
    },
    SLOW,
  );

  it(
    'product page: the gallery viewer opens and the buy box answers a click',
    async () => {
      const page = await watchedPage();
      await visit(page, `/shop/products/${slug}`);
      await page.locator('.gallery__main').click();
      await expect.poll(() => page.locator('.pswp').isVisible()).toBe(true);
      await expect.poll(() => page.locator('.pswp img').count()).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.pswp').count()).toBe(0);
      // A guest's add goes to sign-in: the island is live.
      await page.waitForSelector('astro-island:not([ssr]) [data-testid=buy-box] button.buy-box__add:enabled');
      await page.click('[data-testid=buy-box] button.buy-box__add');
      await page.waitForURL(/\/account\/login\?return=/);
      noViolations();
      await page.context().close();
    },
    SLOW,
  );

  it(
    'contact form: the ALTCHA proof of work runs in its Web Worker',
    async () => {
      const page = await watchedPage();
      await visit(page, '/site/contact-us');
      await fillLive(page, '#contact-name', 'سارا احمدی');
      await page.fill('#contact-email', 'sara@example.com');
      await page.fill('#contact-subject', 'استعلام OPA2134PA');
      await page.fill('#contact-comment', 'سلام؛ ۲۰ عدد از این آی‌سی موجود دارید؟');
      await page.locator('.captcha[data-state=verified]').waitFor({ timeout: 60_000 });
      await page.click('[data-testid=contact-form] button[type=submit]');
      await expect.poll(() => page.locator('[data-testid=contact-sent]').textContent()).toMatch(/موفقیت/);
      noViolations();
      await page.context().close();
    },
    SLOW,
  );
});

describe('signed-in pages and the payment flow', () => {
  let page: Page;

  it(
    'account pages, the address map with tiles from the configured host, a parts-list upload',
    async () => {
      page = await watchedPage();
      await visit(page, '/account/login?return=%2Faccount%2Fdashboard');
      await signIn(page, customer.username, customer.password);
      await page.waitForURL(/\/account\/dashboard$/);
      for (const path of ['/account/dashboard', '/account/profile', '/account/orders/history/f', '/account/addresses'])
        await visit(page, path);

      await visit(page, '/account/addresses/create');
      await page.waitForSelector('.address-map.leaflet-container');
      await expect.poll(() => tileRequests.length).toBeGreaterThan(0);
      await expect.poll(() => page.locator('.address-map img.leaflet-tile-loaded').count()).toBeGreaterThan(0);

      await visit(page, '/shop/customer/excel?upload=1');
      const dialog = page.locator('[data-testid=bom-upload-dialog]');
      await dialog.waitFor();
      const fixture = readFileSync(new URL('../fixtures/bom/opamp-board.csv', import.meta.url));
      await dialog.locator('input[name=newFile]').setInputFiles({ name: 'opamp-board.csv', mimeType: 'text/csv', buffer: fixture });
      await dialog.getByRole('button', { name: 'بارگذاری و بررسی' }).click();
      await page.waitForURL(/\/shop\/customer\/excel\/[A-Za-z0-9_-]{32}$/);
      await page.locator('[data-testid=bom-result]').waitFor();
      noViolations();
    },
    SLOW,
  );

  /** An enquiry made through the API and confirmed by staff in the console. */
  async function confirmedOrder(): Promise<string> {
    expect((await shop.api('/cart', json('POST', { product_id: productId, cart_quantity: 1 }, bearer(customer.token)))).status).toBe(200);
    const order = await shop.api(
      '/order',
      json('POST', { address_id: customer.addressId, shipping_method: 'courier' }, bearer(customer.token)),
    );
    const factorNumber = (order.body as { data: { factorNumber: string } }).data.factorNumber;
    const staff = await watchedPage();
    await visit(staff, '/account/login?return=%2Fstaff');
    await signIn(staff, DEMO_STAFF.username, DEMO_STAFF.password);
    await staff.waitForURL(shop.url('/staff'));
    await staff.click(`tr[data-row="${factorNumber}"] button`);
    await staff.click('button[data-action=confirm]');
    await expect.poll(() => staff.locator('[role=status]').textContent(), { timeout: 30_000 }).toBe('پیش‌فاکتور صادر شد.');
    await staff.context().close();
    return factorNumber;
  }

  for (const gateway of ['zarinpal', 'sadad'] as const) {
    it(
      `pays through the ${gateway} sandbox to the success page`,
      async () => {
        const factorNumber = await confirmedOrder();
        await visit(page, `/shop/checkout/prefactor/${factorNumber}`);
        await expect
          .poll(() => page.locator('[data-testid=factor-state]').textContent(), { timeout: 30_000 })
          .toBe('تأیید شده — در انتظار پرداخت');
        await clickLive(page, 'button:has-text("پرداخت")');
        await page.click(`a[data-gateway=${gateway}]`);
        await page.waitForURL(/\/sandbox\//);
        await page.click('button.pay');
        await page.waitForURL(/\/shop\/checkout\/success\//);
        // The success page reads the order back from the API: slow on a busy machine.
        await expect.poll(() => page.locator('.order-meta li').nth(2).textContent(), { timeout: 30_000 }).toContain(factorNumber);
        noViolations();
      },
      SLOW,
    );
  }
});

describe('reCAPTCHA', () => {
  let google: RecaptchaStandin;
  let server: RunningServer;

  beforeAll(async () => {
    google = await startRecaptchaStandin({ secret: 'standin-secret', siteKey: 'standin-site-key' });
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      SEED_DEMO: '0',
      DATA_DIR: shop.dataDir,
      MAP_TILE_URL: `${tilesUrl}/{z}/{x}/{y}.png`,
      RECAPTCHA_SECRET_KEY: 'standin-secret',
      RECAPTCHA_SITE_KEY: 'standin-site-key',
      RECAPTCHA_VERSION: '2',
      RECAPTCHA_SCRIPT_URL: google.scriptUrl,
      RECAPTCHA_VERIFY_URL: google.verifyUrl,
    });
    server = await startServer(config, shop.database, { siteDir: shop.outDir });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  it(
    'its script host is allowed only where it is configured, and its box works there',
    async () => {
      const recaptchaOrigin = new URL(google.scriptUrl).origin;
      const plain = await fetch(shop.url('/site/contact-us'));
      expect(plain.headers.get('content-security-policy')).not.toContain(recaptchaOrigin);
      const page = await watchedPage();
      await visit(page, '/site/contact-us', server.url);
      await hydrated(page, '.captcha[data-provider=recaptcha]');
      await expect.poll(() => google.scriptQueries.length).toBeGreaterThan(0);
      await page.locator('.standin-recaptcha input').first().check();
      noViolations();
      await page.context().close();
    },
    SLOW,
  );
});

describe("the build's record of inline hashes", () => {
  /** Every inline script and style the served pages hold is in the record the server builds its policy from. */
  function recordCoversSite() {
    const recorded = readInlineHashes(shop.outDir)!;
    const onPages = scanSitePages(shop.outDir);
    expect(onPages.scripts.length).toBeGreaterThan(0);
    expect(recorded.scripts).toEqual(expect.arrayContaining(onPages.scripts));
    expect(recorded.styles).toEqual(expect.arrayContaining(onPages.styles));
  }

  it('covers every page of the full build and is never served', async () => {
    recordCoversSite();
    expect((await fetch(shop.url(`/${INLINE_HASHES_FILE}`))).status).toBe(404);
  });

  it(
    'still covers them after an incremental rebuild, whose pages pass in the browser',
    async () => {
      await shop.database.db.execute(sql`UPDATE products SET price = price + 10, updated_at = now() WHERE id = ${productId}`);
      // The settings the site was built with (its public address among them): another configuration would rebuild it whole.
      const result = await rebuildSite(shop.server.deps.config, shop.database, shop.outDir, { logLevel: 'error' });
      expect(result.kind).toBe('partial');
      recordCoversSite();
      const page = await watchedPage();
      await visit(page, `/shop/products/${slug}`);
      await page.waitForSelector('astro-island:not([ssr]) [data-testid=buy-box] button.buy-box__add:enabled');
      await visit(page, '/');
      noViolations();
      await page.context().close();
    },
    SLOW,
  );
});
