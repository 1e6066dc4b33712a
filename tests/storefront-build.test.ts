/**
 * The static storefront, built for real by Astro from the real API over a database holding the
 * shared catalogue (only the op-amps category left enabled, to keep the build short), then served
 * by the real server beside the API. Asserts on what a shopper's browser receives.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, readSearchRecords, SHARD_FOLDER } from '../src/build/build-record';
import { buildSite } from '../src/build/site';
import { readBundleMap } from '../src/build/search-index';
import type { SearchRoutes } from '../src/lib/pagefind-routes';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { startServer, type RunningServer } from '../src/server/server';
import { CHROMIUM, CHROMIUM_FLAGS } from './support/browser';
import { freshDatabase } from './support/database';
import { pageExists, pageFile, pagePath, sitemapText } from './support/site-files';

const CATEGORY = 'op-amps';
const PRODUCT = 'lm358n-dip8';

let database: Database;
let server: RunningServer;
let outDir: string;

/** Every HTML page of the built site (not the Pagefind bundles or the scripts). */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'pagefind' || name === '_astro' ? [] : htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** A GET as a browser sends it, the body as it crossed the wire (fetch would decompress it). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(server.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

async function get(path: string) {
  const res = await fetch(server.url + path, { redirect: 'manual' });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

beforeAll(async () => {
  database = await freshDatabase({ catalogue: true });
  await database.db.execute(sql`UPDATE products SET enable = false
    WHERE category_id <> (SELECT id FROM categories WHERE slug = ${CATEGORY})`);
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
  outDir = mkdtempSync(join(tmpdir(), 'qateh-site-'));
  // Two worker processes, as a large catalogue is built: each renders half the product pages.
  await buildSite(config, database, { outDir, logLevel: 'error', workers: 2 });
  server = await startServer(config, database, { siteDir: outDir });
}, 300_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('static build', () => {
  it('writes the Persian pages unprefixed and the English and Russian ones under their prefix', () => {
    for (const page of ['index.html', `shop/catalog/${CATEGORY}.html`, `shop/products/${PRODUCT}.html`, 'site/terms.html']) {
      expect(existsSync(join(outDir, page)), page).toBe(true);
      expect(existsSync(join(outDir, 'en', page)), `en/${page}`).toBe(true);
      expect(existsSync(join(outDir, 'ru', page)), `ru/${page}`).toBe(true);
    }
    // A page is a file beside its siblings, not a folder of its own; index pages keep theirs.
    expect(existsSync(join(outDir, 'shop/products', PRODUCT))).toBe(false);
    expect(existsSync(join(outDir, 'en/index.html'))).toBe(true);
    expect(existsSync(join(outDir, 'shop/catalog/index.html'))).toBe(true);
    expect(existsSync(join(outDir, 'fa'))).toBe(false);
    // Disabled products get no page.
    expect(pageExists(outDir, 'shop/products/l7805cv-to220')).toBe(false);
    expect(existsSync(join(outDir, 'sitemap-index.xml'))).toBe(true);
  });

  it('home is Persian right-to-left, English left-to-right, Russian falls back to English texts', async () => {
    const fa = await get('/');
    expect(fa.status).toBe(200);
    expect(fa.headers.get('content-type')).toContain('text/html');
    expect(fa.html).toContain('<html lang="fa" dir="rtl">');
    expect(fa.html).toContain('<title>قطعه</title>');
    expect(fa.html).toContain('نیمه‌هادی‌ها');
    expect(fa.html).toMatch(/<link rel="canonical" href="https:\/\/shop\.example\/">/);
    expect(fa.html).toContain('hreflang="en" href="https://shop.example/en"');
    // Vazirmatn is served by us, not a font CDN: its Persian-script subset, preloaded on Persian pages.
    expect(fa.html).toMatch(/url\(\/_astro\/Vazirmatn-NL-Regular[^)]*\.woff2\)/);
    expect(fa.html).toMatch(/<link rel="preload" href="\/_astro\/Vazirmatn-NL-Regular[^"]*\.woff2" as="font"/);
    // Both weights are in the first screen; neither is swapped in later (that moved the painted page).
    expect(fa.html).toMatch(/<link rel="preload" href="\/_astro\/Vazirmatn-NL-Bold[^"]*\.woff2" as="font"/);
    expect(fa.html).not.toContain('font-display:swap');

    const en = await get('/en');
    expect(en.html).toContain('<html lang="en" dir="ltr">');
    expect(en.html).toContain('Semiconductors');
    // English pages do not preload the Persian font (unicode-range fetches it only if Persian text appears).
    expect(en.html).not.toMatch(/rel="preload" href="[^"]*Vazirmatn/);
    const ru = await get('/ru');
    expect(ru.html).toContain('<html lang="ru" dir="ltr">');
    expect(ru.html).toContain('Shop by category');
  });

  it('a product page shows the part number left-to-right and prices in toman with Persian digits', async () => {
    const { status, html } = await get(`/shop/products/${PRODUCT}`);
    expect(status).toBe(200);
    expect(html).toContain('<span dir="ltr" class="pn">LM358N</span>');
    // In the name, the part number and the package are isolated left-to-right runs, one each.
    expect(html).toContain(
      '<h1 class="product__name">آی‌سی <bdi dir="ltr"><span class="pn-run">LM358N</span></bdi> تقویت‌کننده عملیاتی دوبل پکیج <bdi dir="ltr">DIP-8</bdi> اورجینال</h1>',
    );
    expect(html).toContain('<title>آی‌سی LM358N تقویت‌کننده عملیاتی دوبل پکیج DIP-8 اورجینال | قطعه</title>');
    // 140,000 rials = 14,000 toman; the tiers 10–99 at 13,000 and 100+ at 12,000 toman.
    expect(html).toContain('۱۴٬۰۰۰ تومان');
    expect(html).toContain('۱۳٬۰۰۰ تومان');
    expect(html).toContain('۱۰۰ و بیشتر');
    expect(html).toContain('اورجینال');
    expect(html).toContain('id="datasheet-sec"');
    expect(html).toContain('href="https://www.st.com/resource/en/datasheet/lm358.pdf"');
    expect(html).toMatch(/<img src="\/media\/parts\/lm358n-dip8\.svg"[^>]*width="400" height="400"/);
    expect(html).toContain('href="/shop/catalog/op-amps"');

    const en = await get(`/en/shop/products/${PRODUCT}`);
    expect(en.html).toContain('14,000 Toman');
    expect(en.html).toContain('Original');
    // The picture the page points at is really served.
    const img = await fetch(`${server.url}/media/parts/${PRODUCT}.svg`);
    expect(img.status).toBe(200);
  });

  it('a category page lists its first products, with page links that omit page 1', async () => {
    const { status, html } = await get(`/shop/catalog/${CATEGORY}`);
    expect(status).toBe(200);
    expect(html).toContain('<h1>آی‌سی آپ‌امپ و مقایسه‌گر</h1>');
    const cards = html.match(/<article class="card">/g) ?? [];
    expect(cards).toHaveLength(12);
    expect(html).toContain('href="/shop/products/lm358p-pdip8"');
    expect(html).toContain(`href="/shop/catalog/${CATEGORY}?page=2"`);
    expect(html).not.toContain('?page=1"');
    // Filters come from the API's listing filters.
    expect(html).toContain('class="filters"');
  });

  it("repeats one header and footer on every page of a language, with each page's language switcher pointing at itself", () => {
    const read = (page: string) => readFileSync(pagePath(outDir, page), 'utf8');
    const header = (html: string) => /<header class="site-header"[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
    const footer = (html: string) => /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
    const switcher = (html: string) => /<nav class="lang-switch"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const pages = ['', `shop/catalog/${CATEGORY}`, `shop/products/${PRODUCT}`, 'site/terms'];
    for (const prefix of ['', 'en/']) {
      const htmls = pages.map((p) => read(prefix + p));
      for (const [i, html] of htmls.entries()) {
        const own = `/${prefix}${pages[i]}`;
        // The switcher names this page in each language; everything else in the header is shared.
        expect(switcher(html), own).toContain(`href="/${pages[i]}" hreflang="fa"`);
        expect(switcher(html), own).toContain(`href="${'/en' + (pages[i] ? '/' + pages[i] : '')}" hreflang="en"`);
        expect(header(html).replace(switcher(html), ''), own).toBe(header(htmls[0]!).replace(switcher(htmls[0]!), ''));
        expect(footer(html), own).toBe(footer(htmls[0]!));
        expect(footer(html).length).toBeGreaterThan(1000);
      }
    }
    // Persian and English headers are not the same one.
    expect(header(read(''))).not.toBe(header(read('en/')));
  });

  it('serves terms and the sitemap with every language', async () => {
    expect((await get('/site/terms')).status).toBe(200);
    // Product pages are listed in shards by product id (src/build/sitemap-patch.ts); the demo's ids are in the first.
    const sitemap = await get('/sitemap-products-0.xml');
    expect(sitemap.html).toContain(`<loc>https://shop.example/shop/products/${PRODUCT}</loc>`);
    expect(sitemap.html).toContain(`hreflang="en" href="https://shop.example/en/shop/products/${PRODUCT}"`);
  });

  it('lists in the sitemap every page meant to be found and none that says noindex', () => {
    const listed = new Set<string>();
    for (const m of sitemapText(outDir).matchAll(/<url><loc>https:\/\/shop\.example([^<]*)<\/loc>/g)) listed.add(m[1] || '/');
    const pages = htmlFiles(outDir).map((file) => ({
      path:
        `/${relative(outDir, file)
          .replace(/\\/g, '/')
          .replace(/(\/index)?\.html$/, '')
          .replace(/^index$/, '')}`.replace(/\/$/, '') || '/',
      noindex: readFileSync(file, 'utf8').includes('<meta name="robots" content="noindex">'),
    }));
    const hidden = pages.filter((p) => p.noindex).map((p) => p.path);
    const findable = pages.filter((p) => !p.noindex && !/^\/((en|ru)\/)?404$/.test(p.path)).map((p) => p.path);
    expect(hidden).toEqual(expect.arrayContaining(['/account/login', '/en/shop/cart', '/ru/staff', '/shop/search', '/site/not-found']));
    expect(hidden.filter((p) => listed.has(p))).toEqual([]);
    expect(findable.filter((p) => !listed.has(p))).toEqual([]);
    expect([...listed].filter((p) => !findable.includes(p))).toEqual([]);
  });

  it('tells crawlers to skip the private pages and the API, and where the sitemap is', async () => {
    const r = await get('/robots.txt');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    const rules = r.html.split('\n');
    expect(rules[0]).toBe('User-agent: *');
    expect(rules).toContain('Sitemap: https://shop.example/sitemap-index.xml');
    const disallowed = rules.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    expect(disallowed).toEqual(expect.arrayContaining(['/api/', '/account', '/en/account', '/ru/shop/checkout', '/shop/search', '/staff']));
    // Each one is a page that also says noindex; product and category pages stay open.
    for (const path of disallowed.filter((p) => p !== '/api/')) {
      const file = pageFile(outDir, path.slice(1)) ?? pageFile(outDir, `${path.slice(1)}/index`);
      if (file) expect(readFileSync(file, 'utf8'), path).toContain('<meta name="robots" content="noindex">');
    }
    for (const open of [`/shop/products/${PRODUCT}`, `/en/shop/catalog/${CATEGORY}`, '/blog', '/site/terms']) {
      expect(
        disallowed.some((d) => open === d || open.startsWith(`${d}/`)),
        open,
      ).toBe(false);
    }
  });

  it('holds every enabled product in every language, in the sitemap, the manifest and the search records, whichever worker rendered it', async () => {
    const rows = await database.db.execute(sql`SELECT slug FROM products WHERE enable AND deleted_at IS NULL ORDER BY id`);
    const slugs = (rows as unknown as { rows: { slug: string }[] }).rows.map((r) => r.slug);
    expect(slugs.length).toBeGreaterThan(4);
    const sitemap = sitemapText(outDir);
    // Read back from their shards (src/build/record-shards.ts), as a rebuild reads them.
    const manifest = readManifest(outDir)!;
    const search = readSearchRecords(outDir);
    for (const slug of slugs) {
      for (const prefix of ['', 'en/', 'ru/']) {
        expect(existsSync(join(outDir, `${prefix}shop/products/${slug}.html`)), `${prefix}${slug}`).toBe(true);
        expect(sitemap, `${prefix}${slug}`).toContain(`<loc>https://shop.example/${prefix}shop/products/${slug}</loc>`);
      }
      expect(manifest.products[slug], slug).toBeDefined();
      expect(search[slug], slug).toBeDefined();
      // Russian pages are made from the English ones as the workers write them: Russian all the same.
      const ru = readFileSync(join(outDir, `ru/shop/products/${slug}.html`), 'utf8');
      expect(ru, slug).toContain('<html lang="ru"');
      expect(ru, slug).toContain(`<link rel="canonical" href="https://shop.example/ru/shop/products/${slug}"`);
    }
    // The search fallback's bundles, indexed from every worker's records at once and cut by word range:
    // each holds the records its map names, every product is in at least one, and the routing file
    // the island reads names every bundle.
    const map = readBundleMap(outDir)!;
    const routes = JSON.parse(readFileSync(join(outDir, 'pagefind/routes.json'), 'utf8')) as SearchRoutes;
    expect(routes.routes.map((r) => r[2]).sort()).toEqual(Object.keys(map.bundles).sort());
    for (const [name, bundle] of Object.entries(map.bundles)) {
      const entry = JSON.parse(readFileSync(join(outDir, 'pagefind', name, 'pagefind-entry.json'), 'utf8')) as {
        languages: Record<string, { page_count: number }>;
      };
      expect(
        Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0),
        name,
      ).toBe(bundle.slugs.length);
    }
    expect(new Set(Object.values(map.bundles).flatMap((b) => b.slugs))).toEqual(new Set(slugs));
    // Each product page is in the sitemap once per language, no more.
    expect(sitemap.split('/shop/products/').length - 1).toBe(slugs.length * 3 * 4);
  });
});

describe('serving beside the API', () => {
  it('redirects /fa/... to the unprefixed page with 301', async () => {
    const r = await get(`/fa/shop/products/${PRODUCT}?q=1`);
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe(`/shop/products/${PRODUCT}?q=1`);
    expect((await get('/fa')).headers.get('location')).toBe('/');
  });

  it('answers unknown routes and unknown language codes with the 404 page and status 404', async () => {
    for (const path of ['/x', '/shop/products/no-such-part', '/de/shop/catalog']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.html).toContain('<html lang="fa" dir="rtl">');
      expect(r.html).toContain('اوه! خطای ۴۰۴');
      expect(r.html).toContain('این صفحه پیدا نشد.');
      expect(r.html).toContain('<a class="button" href="/">');
    }
    const en = await get('/en/nothing-here');
    expect(en.status).toBe(404);
    expect(en.html).toContain('Oops! Error 404');
    expect(en.html).toContain('This page could not be found.');
  });

  it('keeps API and media answers (and their JSON 404s) ahead of the site', async () => {
    const health = await get('/api/site/v1/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.html)).toMatchObject({ ok: true });
    const missing = await get('/api/site/v1/no-such-call');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect((await get('/media/parts/no-such-part.svg')).headers.get('content-type')).toContain('application/json');
  });

  it("keeps the build's own records beside the pages but never serves them", async () => {
    // The manifest, the search records and (from the first worker) the recorded browser bundle.
    // The shards of the manifest's products and of the search records too.
    const shard = `${SHARD_FOLDER}/${readdirSync(join(outDir, SHARD_FOLDER))[0]!}`;
    for (const file of ['.qateh-build.json', '.qateh-search.json', '.qateh-client-bundle.json', shard]) {
      expect(existsSync(join(outDir, file)), file).toBe(true);
      for (const path of [`/${file}`, `/en/${file}`, `/%2e${file.slice(1)}`]) {
        const r = await get(path);
        expect(r.status, path).toBe(404);
        expect(r.html, path).not.toContain('"products"');
      }
    }
    const record = JSON.parse(readFileSync(join(outDir, '.qateh-client-bundle.json'), 'utf8')) as {
      outputs: { fileName: string; type: string }[];
    };
    // The record's script chunks are the files the site holds (some tiny scripts are inlined into pages instead).
    const written = record.outputs.filter((o) => existsSync(join(outDir, o.fileName)));
    expect(written.length).toBeGreaterThan(record.outputs.length / 2);
    expect(written.every((o) => o.fileName.startsWith('_astro/'))).toBe(true);
  });

  it('sends pages, styles and API answers compressed to browsers that take it, and the same bytes to those that do not', async () => {
    const path = `/shop/products/${PRODUCT}`;
    const file = readFileSync(pagePath(outDir, path));
    const br = await rawGet(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(file.length / 3);
    expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
    const gz = await rawGet(path, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(file)).toBe(true);
    const plain = await rawGet(path, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
    // Pages carry their own CSS (no stylesheet request before the first paint); scripts go compressed and cached.
    expect(file.toString()).not.toMatch(/<link rel="stylesheet"/);
    // The island renderer's chunk: big enough to be sent compressed.
    const script = `/_astro/${
      readdirSync(join(outDir, '_astro'))
        .filter((f) => f.endsWith('.js'))
        .sort((a, b) => statSync(join(outDir, '_astro', b)).size - statSync(join(outDir, '_astro', a)).size)[0]!
    }`;
    const code = await rawGet(script, { 'Accept-Encoding': 'br' });
    expect(code.headers['content-encoding']).toBe('br');
    expect(code.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(code.body).equals(readFileSync(join(outDir, script)))).toBe(true);
    const api = await rawGet('/api/site/v1/categories', { 'Accept-Encoding': 'gzip' });
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(api.body).toString())).toHaveProperty('data');
    // The 404 page goes compressed too, with its status.
    const missing = await rawGet('/no-such-page', { 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(brotliDecompressSync(missing.body).toString()).toContain('اوه! خطای ۴۰۴');
  });

  it('sends pages and API answers with the headers that keep them from being sniffed or framed by other sites', async () => {
    for (const path of [`/shop/products/${PRODUCT}`, '/api/site/v1/categories', '/no-such-page']) {
      const r = await get(path);
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(r.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers 304 to a browser that already holds the page, until the page is rebuilt', async () => {
    const path = '/site/compression-probe';
    const file = join(outDir, 'site', 'compression-probe.html');
    writeFileSync(file, `<!doctype html><p>${'قطعه '.repeat(400)}</p>`);
    const first = await rawGet(path, { 'Accept-Encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await rawGet(path, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    writeFileSync(file, `<!doctype html><p>${'قطعه نو '.repeat(400)}</p>`);
    const rebuilt = await rawGet(path, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.headers.etag).not.toBe(etag);
    expect(brotliDecompressSync(rebuilt.body).toString()).toContain('قطعه نو');
    rmSync(file);
  });

  it('never serves files outside the built site', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.html).not.toContain('"dependencies"');
    }
  });
});

describe.skipIf(!existsSync(CHROMIUM))('in Chromium', () => {
  it('opens the Persian home, follows a category to a product', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(server.url + '/');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await page.locator('.category-tiles a', { hasText: 'نیمه‌هادی‌ها' }).click();
      await page.waitForURL('**/shop/catalog/semiconductors');
      await expect.poll(() => page.locator('.card').count()).toBeGreaterThan(0);
      await page.locator('.card__name a').first().click();
      await page.waitForURL('**/shop/products/**');
      const h1 = (await page.locator('h1').textContent()) ?? '';
      expect(h1.length).toBeGreaterThan(3);
      await expect.poll(() => page.locator('.product .price').first().textContent()).toContain('تومان');
      // The illustration loaded (a broken image has no natural width).
      expect(await page.locator('.product__gallery img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});
