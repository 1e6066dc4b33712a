/**
 * Build manifest, incremental rebuild, SEO tags and the Pagefind index, on a real Astro build of a
 * small shop (the shared catalogue with only the op-amps category enabled). Products are changed
 * through the database, as a staff tool or an import would, then `rebuildSite` runs as `npm run
 * rebuild` does; the test reads the HTML a shopper would get.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, readManifest, readSearchRecords, SHARD_FOLDER } from '../src/build/build-record';
import { shardOf } from '../src/build/record-shards';
import { siteFreshness } from '../src/build/freshness';
import { rebuildSite, type RebuildResult } from '../src/build/rebuild';
import { startSiteUpdater } from '../src/build/site-updater';
import { buildSite } from '../src/build/site';
import { sameExceptIslandIds } from '../src/build/russian-pages';
import { shellOf } from '../src/build/shell-swap';
import { pagefindQuery } from '../src/lib/pagefind-query';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { writeDemoContent } from '../src/server/seed/demo-content';
import { setProductDeleted } from '../src/server/services/back-office/product-editor';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import { startServer } from '../src/server/server';
import { freshDatabase } from './support/database';
import { bundleCounts, bundlesHolding, indexedProducts, pageExists, pagePath, readPage, sitemapText } from './support/site-files';

const CATEGORY = 'op-amps';
const CHANGED = 'lm358n-dip8';
const UNTOUCHED = 'lm358p-pdip8';
const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });

let database: Database;
let outDir: string;
const page = (rel: string) => readFileSync(pagePath(outDir, rel), 'utf8');
const mtime = (rel: string) => statSync(pagePath(outDir, rel)).mtimeMs;

/** Resolves once `ready` holds, checking every 100 ms; fails after a minute (or `ms`). */
async function until(ready: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every page file under `dir`, relative to it, sorted. */
function htmlFiles(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...htmlFiles(full, base));
    else if (entry.name.endsWith('.html')) out.push(relative(base, full));
  }
  return out.sort();
}

/** The shard files (build-record.ts) with their inode and modification time. */
function shardFiles(): Map<string, string> {
  const folder = join(outDir, SHARD_FOLDER);
  return new Map(readdirSync(folder).map((f) => [f, `${statSync(join(folder, f)).ino}:${statSync(join(folder, f)).mtimeMs}`]));
}

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

beforeAll(async () => {
  database = await freshDatabase({ catalogue: true });
  await database.db.execute(sql`UPDATE products SET enable = false
    WHERE category_id <> (SELECT id FROM categories WHERE slug = ${CATEGORY})`);
  await writeDemoContent(database.db);
  outDir = mkdtempSync(join(tmpdir(), 'qateh-rebuild-site-'));
  await buildSite(config, database, { outDir, logLevel: 'error' });
}, 900_000);

afterAll(async () => {
  await database?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('full build', () => {
  it('writes a manifest of every product page with its data hash and listings', async () => {
    const manifest = readManifest(outDir)!;
    expect(manifest).not.toBeNull();
    const enabled = await database.db.execute(sql`select count(*)::int as n from products where enable`);
    expect(Object.keys(manifest.products)).toHaveLength((enabled as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(manifest.products[CHANGED]!.listings).toContain(CATEGORY);
    expect(manifest.listings).toHaveProperty(CATEGORY);
    expect(await siteFreshness(database, outDir)).toBe('fresh');
    // The products and their search records are kept in shards (a million would pass one file's
    // string limit): the manifest file itself names them, and reading them back gives every product.
    const head = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8'));
    expect(head).not.toHaveProperty('products');
    const shards = Object.values(head.productShards as Record<string, string>);
    expect(shards.length).toBeGreaterThan(1);
    for (const file of shards) expect(existsSync(join(outDir, SHARD_FOLDER, file))).toBe(true);
    const records = readSearchRecords(outDir);
    expect(Object.keys(records).sort()).toEqual(Object.keys(manifest.products).sort());
    expect(records[CHANGED]!.price.en).toBe('14,000 Toman');
  });

  it('product pages carry Open Graph tags, Product JSON-LD with the price in rials, and BreadcrumbList', () => {
    const html = page(`shop/products/${CHANGED}`);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(`<meta property="og:url" content="https://shop.example/shop/products/${CHANGED}">`);
    expect(html).toContain('<meta property="og:locale" content="fa_IR">');
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/shop\.example\/media\/parts\/lm358n-dip8\.svg">/);
    expect(html).toContain(`<link rel="canonical" href="https://shop.example/shop/products/${CHANGED}">`);
    expect(html).toContain(`hreflang="ru" href="https://shop.example/ru/shop/products/${CHANGED}"`);
    const [product, crumbs] = jsonLd(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      mpn: 'LM358N',
      sku: CHANGED,
      offers: { '@type': 'Offer', priceCurrency: 'IRR', price: 140000, availability: 'https://schema.org/InStock' },
    });
    expect(crumbs!['@type']).toBe('BreadcrumbList');
    expect(crumbs!.itemListElement[0]).toMatchObject({ position: 1, item: 'https://shop.example/' });
    expect(crumbs!.itemListElement.at(-1).item).toBe(`https://shop.example/shop/products/${CHANGED}`);
    // Error pages are not indexed and carry no structured data.
    expect(readFileSync(join(outDir, '404.html'), 'utf8')).toContain('<meta name="robots" content="noindex">');
  });

  it('indexes every product with Pagefind (one record for all languages, in the bundles of its words), with a folded search field', () => {
    expect(indexedProducts(outDir)).toEqual(new Set(Object.keys(readManifest(outDir)!.products)));
    for (const c of bundleCounts(outDir)) expect(c).toEqual({ written: c.mapped, mapped: c.mapped, languages: ['en'] });
    const html = page(`shop/products/${CHANGED}`);
    expect(html).toContain('data-pagefind-body');
    // The hidden field holds the folded text a folded query matches: Arabic ي and Persian digits fold.
    const field = /<p hidden data-pagefind-weight="2">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
    expect(field).toContain('lm358n');
    expect(field).toContain(pagefindQuery('آي‌سي'));
    expect(pagefindQuery('LM۳۵۸')).toBe('lm358');
  });
});

describe('product pages rendered on their first request', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(config, database, { siteDir: outDir });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A product of the shop whose built pages are taken away: the page a deploy has not built yet. */
  async function someSlug(enabled: boolean): Promise<string> {
    const rows = (
      (await database.db.execute(sql`SELECT p.slug FROM products p JOIN categories c ON c.id = p.category_id
      WHERE (c.slug = ${CATEGORY}) = ${enabled} AND p.slug NOT IN (${CHANGED}, ${UNTOUCHED}) ORDER BY p.id DESC LIMIT 1`)) as unknown as {
        rows: { slug: string }[];
      }
    ).rows;
    return rows[0]!.slug;
  }

  it('an unbuilt product page is rendered once for concurrent first requests, whole, and equals the page the full build wrote', async () => {
    const slug = await someSlug(true);
    const built: Record<string, string> = {};
    for (const prefix of ['', 'en/', 'ru/']) {
      const file = pagePath(outDir, `${prefix}shop/products/${slug}`);
      built[prefix] = readFileSync(file, 'utf8');
      rmSync(file);
    }
    {
      // Eight shoppers at once on the Persian page: each gets the whole page.
      const answers = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const res = await fetch(`${server.url}/shop/products/${slug}`);
          return { status: res.status, html: await res.text() };
        }),
      );
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.html.trimEnd()).toMatch(/<\/html>$/);
        expect(a.html).toBe(answers[0]!.html);
      }
      for (const prefix of ['en/', 'ru/']) expect((await fetch(`${server.url}/${prefix}shop/products/${slug}`)).status).toBe(200);
      // A page is kept once its first answer is on its way.
      await expect.poll(() => ['', 'en/', 'ru/'].every((prefix) => pageExists(outDir, `${prefix}shop/products/${slug}`))).toBe(true);
      for (const prefix of ['', 'en/', 'ru/']) {
        const written = readPage(outDir, `${prefix}shop/products/${slug}`);
        // Astro numbers islands at random per build: the one thing two renders of a page never share.
        expect(sameExceptIslandIds(written, built[prefix]!), `${prefix}shop/products/${slug}`).toBe(true);
      }
      expect(answers[0]!.html).toBe(readPage(outDir, `shop/products/${slug}`));
      // One file per page, kept compressed, no half-written copies left beside it.
      expect(readdirSync(join(outDir, 'shop/products')).filter((f) => f.includes(slug))).toEqual([`${slug}.html.br`]);
      // A browser taking brotli gets the page so; one that does not gets the same page unpacked.
      const br = await fetch(`${server.url}/shop/products/${slug}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await br.text()).toBe(answers[0]!.html);
      const plain = await fetch(`${server.url}/shop/products/${slug}`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(answers[0]!.html);
    }
    {
      // What a product's pages take on disk (a million products must fit in 30 GB with the rest of the
      // site): what every page repeats is kept once per folder, so each page of a product after the
      // first fits in one 4 KB file-system block, though the page served is over 60 KB.
      const [next] = (
        (await database.db.execute(sql`SELECT p.slug FROM products p JOIN categories c ON c.id = p.category_id
        WHERE c.slug = ${CATEGORY} AND p.slug NOT IN (${CHANGED}, ${UNTOUCHED}, ${slug}) ORDER BY p.id DESC OFFSET 3 LIMIT 1`)) as unknown as {
          rows: { slug: string }[];
        }
      ).rows;
      for (const prefix of ['', 'en/', 'ru/']) {
        rmSync(pagePath(outDir, `${prefix}shop/products/${next!.slug}`)!);
        const res = await fetch(`${server.url}/${prefix}shop/products/${next!.slug}`);
        const html = await res.text();
        expect(res.status).toBe(200);
        expect(Buffer.byteLength(html)).toBeGreaterThan(60 * 1024);
        await expect.poll(() => pageExists(outDir, `${prefix}shop/products/${next!.slug}`)).toBe(true);
        const kept = pagePath(outDir, `${prefix}shop/products/${next!.slug}`);
        expect(kept.endsWith('.html.br')).toBe(true);
        expect(statSync(kept!).size, kept!).toBeLessThanOrEqual(4096);
        expect(readPage(outDir, `${prefix}shop/products/${next!.slug}`)).toBe(html);
      }
    }
  }, 240_000);

  it('an unknown or disabled product stays a 404 and writes no page', async () => {
    const disabled = await someSlug(false);
    for (const slug of [disabled, 'no-such-part-xyz'])
      for (const prefix of ['', '/en', '/ru']) {
        const res = await fetch(`${server.url}${prefix}/shop/products/${slug}`);
        expect(res.status, `${prefix}/shop/products/${slug}`).toBe(404);
        expect(pageExists(outDir, `${prefix.slice(1)}${prefix ? '/' : ''}shop/products/${slug}`)).toBe(false);
      }
  });

  it('a price saved in the staff console is on the served product page in Persian and English by itself; a disabled product answers 404', async () => {
    const [slug, other] = (
      (await database.db.execute(sql`SELECT p.id, p.slug FROM products p JOIN categories c ON c.id = p.category_id
      WHERE c.slug = ${CATEGORY} AND p.enable AND p.deleted_at IS NULL AND p.slug NOT IN (${CHANGED}, ${UNTOUCHED})
      ORDER BY p.id DESC OFFSET 1 LIMIT 2`)) as unknown as { rows: { id: number; slug: string }[] }
    ).rows;
    const lines: string[] = [];
    // The running shop's updater with the shop's page writer, as `npm start` starts them.
    const updater = startSiteUpdater(config, database, outDir, {
      intervalSeconds: 1,
      log: (l) => lines.push(l),
      productPages: server.deps.productPages,
    });
    try {
      await ensureStaffAccount(database.db);
      const api = `${server.url}/api/site/v1`;
      const token = (
        (await (
          await fetch(`${api}/oauth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ grant_type: 'password', client_id: 3, username: DEMO_STAFF.username, password: DEMO_STAFF.password }),
          })
        ).json()) as { access_token: string }
      ).access_token;
      const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const editor = (await (await fetch(`${api}/staff/products/${slug!.id}`, { headers: staff })).json()).data;
      const { id: _id, slug: _slug, deleted: _deleted, updatedAt: _updatedAt, ...body } = editor;
      const price = 987_650;
      const tiers = (body.tiers as { price: number }[]).map((tier, n) => (n === 0 ? { ...tier, price } : tier));
      // A new price for one product and another disabled, at once (one rebuild follows both).
      const [saved, disabled] = await Promise.all([
        fetch(`${api}/staff/products/${slug!.id}`, { method: 'PUT', headers: staff, body: JSON.stringify({ ...body, price, tiers }) }),
        fetch(`${api}/staff/products/${other!.id}/enable`, { method: 'POST', headers: staff, body: JSON.stringify({ enable: false }) }),
      ]);
      expect([saved.status, disabled.status]).toEqual([200, 200]);
      const served = async (path: string) => {
        const res = await fetch(`${server.url}${path}`);
        return `${res.status} ${await res.text()}`;
      };
      // 987,650 rials = 98,765 toman, on the page the shop serves, in each language.
      await expect.poll(() => served(`/shop/products/${slug!.slug}`)).toContain('۹۸٬۷۶۵ تومان');
      await expect.poll(() => served(`/en/shop/products/${slug!.slug}`)).toContain('98,765 Toman');
      expect(jsonLd((await served(`/en/shop/products/${slug!.slug}`)).slice(4))[0]!.offers.price).toBe(price);
      for (const prefix of ['', '/en', '/ru'])
        await expect.poll(async () => (await fetch(`${server.url}${prefix}/shop/products/${other!.slug}`)).status).toBe(404);
      for (const prefix of ['', 'en/', 'ru/']) expect(pageExists(outDir, `${prefix}shop/products/${other!.slug}`)).toBe(false);
      // Written by the shop's page renderer, not left to the rebuild's partial build.
      expect(lines.some((l) => l.startsWith(`Product ${slug!.slug}: pages rendered`))).toBe(true);
      expect(lines.some((l) => l.startsWith(`Product ${other!.slug}: pages removed`))).toBe(true);
      // The rebuild follows with the listings and the manifest, and never puts the old page back.
      // A partial rebuild takes over a minute on a loaded machine.
      await until(async () => (await siteFreshness(database, outDir)) === 'fresh', 300_000);
      expect(page(`shop/products/${slug!.slug}`)).toContain('۹۸٬۷۶۵ تومان');
      expect(pageExists(outDir, `shop/products/${other!.slug}`)).toBe(false);
      expect(readManifest(outDir)!.products).not.toHaveProperty(other!.slug);
    } finally {
      await updater.stop();
    }
  }, 480_000);
});

describe('site and blog pages from the seeded content', () => {
  it('about-us and faq show the store-written pages in each language', () => {
    const about = page('site/about-us');
    expect(about).toContain('<html lang="fa" dir="rtl">');
    expect(about).toMatch(/<h1>[^<]*درباره[^<]*<\/h1>/);
    expect(page('en/site/about-us')).toMatch(/<h1>About[^<]*<\/h1>/);
    expect(page('site/faq')).toContain('class="rich"');
  });

  it('contact pages show the configured store details without a placeholder map', () => {
    for (const rel of ['site/contact-us', 'site/contact-us-alt', 'en/site/contact-us']) {
      const html = page(rel);
      expect(html, rel).toMatch(/href="mailto:[^"]+@[^"]+"/);
      expect(html, rel).toMatch(/href="tel:\+?\d+"/);
      expect(html, rel).toContain('<address>');
    }
  });

  it('blog layouts list the posts and every post has its own page', () => {
    for (const layout of ['classic', 'grid', 'list', 'left-sidebar']) {
      const html = page(`blog/category-${layout}`);
      expect(html, layout).toContain('href="/blog/choosing-a-voltage-regulator"');
      expect((html.match(/class="post-card /g) ?? []).length, layout).toBeGreaterThanOrEqual(8);
    }
    const post = page('blog/choosing-a-voltage-regulator');
    expect(post).toContain('<meta property="og:type" content="article">');
    expect(jsonLd(post)[0]).toMatchObject({ '@type': 'BlogPosting' });
    expect(page('en/blog/choosing-a-voltage-regulator')).toContain('<html lang="en" dir="ltr">');
    expect(page('blog/post-classic')).toContain('class="post"');
    expect(page('blog/post-full')).toContain('blog--post-full');
  });

  it('error pages for 429 (both spellings) and 500 carry the spec texts and a home button, not indexed', () => {
    for (const rel of ['site/too-many-attemp-error', 'site/too-many-attempt-error']) {
      const html = page(rel);
      expect(html, rel).toContain('اوه! خطای ۴۲۹');
      expect(html, rel).toContain('یک دقیقه صبر کنید');
      expect(html, rel).toContain('<meta name="robots" content="noindex">');
      expect(html, rel).toContain('<a class="button" href="/">');
    }
    expect(page('site/server-error')).toContain('اوه! خطای ۵۰۰');
    expect(page('en/site/server-error')).toContain('Oops! Error 500');
    expect(page('site/not-found')).toContain('این صفحه پیدا نشد.');
    for (const rel of ['site/components', 'site/typography', 'home-two', 'home-three', 'en/home-two'])
      expect(pageExists(outDir, rel), rel).toBe(true);
  });
});

describe('incremental rebuild', () => {
  /** The cache folder of the pages' compiled server code (src/build/server-code-cache.ts), as the first rebuild found it. */
  let serverCodeEntry = '';
  it('does nothing when nothing changed', async () => {
    const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(r.kind).toBe('none');
  }, 120_000);

  it('a price change shows on the product page, only that page and its listings are rendered again', async () => {
    const before = { untouched: mtime(`shop/products/${UNTOUCHED}`), changed: mtime(`shop/products/${CHANGED}`) };
    const fixedBefore = { faq: mtime('site/faq'), signin: mtime('account/signin'), home: mtime('index') };
    const shardsBefore = shardFiles();
    await database.db.execute(sql`UPDATE products SET price = 151000, updated_at = now() WHERE slug = ${CHANGED}`);
    await database.db.execute(sql`DELETE FROM product_prices WHERE product_id = (SELECT id FROM products WHERE slug = ${CHANGED})`);
    expect(await siteFreshness(database, outDir)).toBe('stale');

    const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(r.kind).toBe('partial');
    expect(r.rendered).toEqual([CHANGED]);
    expect(r.listings).toEqual(expect.arrayContaining(['', CATEGORY]));

    // 151,000 rials = 15,100 toman, in every language.
    expect(page(`shop/products/${CHANGED}`)).toContain('۱۵٬۱۰۰ تومان');
    expect(page(`en/shop/products/${CHANGED}`)).toContain('15,100 Toman');
    expect(jsonLd(page(`shop/products/${CHANGED}`))[0]!.offers.price).toBe(151000);
    expect(mtime(`shop/products/${CHANGED}`)).toBeGreaterThan(before.changed);
    expect(mtime(`shop/products/${UNTOUCHED}`)).toBe(before.untouched);
    // Of the fixed pages, the home page (its product rows) is rendered again; pages that show no product are not.
    expect(mtime('index')).toBeGreaterThan(fixedBefore.home);
    expect(mtime('site/faq')).toBe(fixedBefore.faq);
    expect(mtime('account/signin')).toBe(fixedBefore.signin);
    // The pages' server code was compiled by the full build from the same sources: reused, not compiled again.
    expect(r.serverCode).toMatchObject({ mode: 'reused' });
    serverCodeEntry = (r.serverCode as { entry: string }).entry;
    expect(readManifest(outDir)!.products[CHANGED]!.hash).not.toBe('');
    expect(await siteFreshness(database, outDir)).toBe('fresh');
    // Only the shard holding the product changed, in the manifest and in the search records; every
    // other shard is the same file, not written again.
    const shardsAfter = shardFiles();
    const shard = shardOf(CHANGED);
    const shardName = (f: string) => f.replace(/-[^-]+\.json$/, '');
    const written = [...shardsAfter.keys()].filter((f) => !shardsBefore.has(f)).map(shardName);
    const pruned = [...shardsBefore.keys()].filter((f) => !shardsAfter.has(f)).map(shardName);
    expect(written.sort()).toEqual([`products-${shard}`, `search-${shard}`]);
    expect(pruned.sort()).toEqual(written);
    for (const [file, stamp] of shardsAfter) if (shardsBefore.has(file)) expect(stamp).toBe(shardsBefore.get(file));
    expect(readSearchRecords(outDir)[CHANGED]!.price.en).toBe('15,100 Toman');
    // The islands' code did not change: the full build's browser bundle was replayed, not made again,
    // and every script and style the new page asks for is in the site.
    expect(r.clientBundle).toEqual({ mode: 'replayed' });
    // Only the search bundle(s) holding the product were indexed again.
    expect([...r.search!.reindexed].sort()).toEqual(bundlesHolding(outDir, CHANGED));
    const assets = [...page(`shop/products/${CHANGED}`).matchAll(/"\/(_astro\/[^"?#]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) expect(existsSync(join(outDir, asset)), asset).toBe(true);
  }, 180_000);

  it('pages rendered with the replayed browser bundle are the pages a real bundling gives', async () => {
    const renderOnly = { products: [CHANGED, UNTOUCHED], listings: ['', CATEGORY] };
    const bundled = mkdtempSync(join(tmpdir(), 'qateh-bundled-'));
    const replayed = mkdtempSync(join(tmpdir(), 'qateh-replayed-'));
    try {
      const a = await buildSite(config, database, { outDir: bundled, logLevel: 'error', renderOnly });
      const b = await buildSite(config, database, { outDir: replayed, logLevel: 'error', renderOnly, clientBundleFrom: outDir });
      expect(a.clientBundle).toMatchObject({ mode: 'built', saved: true });
      expect(b.clientBundle).toEqual({ mode: 'replayed' });
      const pages = htmlFiles(bundled);
      // Products in three languages, listings, home pages, account and checkout shells (client-only islands and their styles).
      expect(pages.length).toBeGreaterThan(100);
      expect(htmlFiles(replayed)).toEqual(pages);
      for (const file of pages) expect(readFileSync(join(replayed, file), 'utf8'), file).toBe(readFileSync(join(bundled, file), 'utf8'));
      // No script of the browser bundle is written again (the live site has them); styles come from the pages' own build.
      const scripts = (dir: string) =>
        existsSync(join(dir, '_astro')) ? readdirSync(join(dir, '_astro')).filter((f) => f.endsWith('.js')) : [];
      expect(scripts(bundled).length).toBeGreaterThan(5);
      expect(scripts(replayed)).toEqual([]);
    } finally {
      rmSync(bundled, { recursive: true, force: true });
      rmSync(replayed, { recursive: true, force: true });
    }
  }, 240_000);

  it('a recorded bundle or compiled server code whose sources changed since is not used: the rebuild compiles and bundles again, and records anew', async () => {
    const recordFile = join(outDir, '.qateh-client-bundle.json');
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { fingerprint: { files: Record<string, string> } };
    const island = Object.keys(record.fingerprint.files).find((f) => f.includes('/src/site/islands/'))!;
    expect(island).toBeDefined();
    // As if the island had been edited after the site was built.
    record.fingerprint.files[island] = 'edited';
    writeFileSync(recordFile, JSON.stringify(record));
    // And as if the compiled server code in the cache had been made from another version of a page.
    const entryFile = join(serverCodeEntry, 'entry.json');
    const entry = JSON.parse(readFileSync(entryFile, 'utf8')) as { fingerprint: { files: Record<string, string> } };
    const pageSource = 'src/site/pages/[...lang]/shop/products/[slug].astro';
    expect(entry.fingerprint.files[pageSource]).toBeDefined();
    entry.fingerprint.files[pageSource] = 'edited';
    writeFileSync(entryFile, JSON.stringify(entry));
    await database.db.execute(sql`UPDATE products SET price = 152000, updated_at = now() WHERE slug = ${CHANGED}`);
    const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(r.clientBundle).toEqual({ mode: 'built', saved: true, why: 'recorded' });
    expect(page(`en/shop/products/${CHANGED}`)).toContain('15,200 Toman');
    expect(r.serverCode).toMatchObject({ mode: 'compiled', saved: true, why: `${pageSource} changed` });
    const fresh = JSON.parse(readFileSync(recordFile, 'utf8')) as { fingerprint: { files: Record<string, string> } };
    expect(fresh.fingerprint.files[island]).not.toBe('edited');
  }, 180_000);

  it('an edited blog post is rendered again without any product page', async () => {
    const before = mtime(`shop/products/${CHANGED}`);
    await database.db.execute(
      sql`UPDATE blog_posts SET title = 'راهنمای تازه رگولاتور', updated_at = now() WHERE slug = 'choosing-a-voltage-regulator'`,
    );
    const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(r.kind).toBe('partial');
    expect(r.rendered).toEqual([]);
    expect(page('blog/choosing-a-voltage-regulator')).toContain('<h1>راهنمای تازه رگولاتور</h1>');
    expect(mtime(`shop/products/${CHANGED}`)).toBe(before);
  }, 180_000);

  it('a recorded bundle that trips the build is given up for a real bundling, and the rebuild still lands', async () => {
    const recordFile = join(outDir, '.qateh-client-bundle.json');
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { outputs: { facadeModuleId?: string }[] };
    // A damaged record: the islands' entry chunks are gone, so Astro finds no script for them.
    record.outputs = record.outputs.filter((o) => !o.facadeModuleId?.includes('/src/site/islands/'));
    writeFileSync(recordFile, JSON.stringify(record));
    const damaged = readFileSync(recordFile, 'utf8');
    await database.db.execute(sql`UPDATE products SET price = 153000, updated_at = now() WHERE slug = ${CHANGED}`);
    const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(r.clientBundle).toEqual({ mode: 'built', saved: true, why: 'recorded' });
    expect(page(`en/shop/products/${CHANGED}`)).toContain('15,300 Toman');
    expect(readFileSync(recordFile, 'utf8')).not.toBe(damaged);
  }, 180_000);

  it('while the shop runs, a price change in the database reaches the static page by itself, and nothing is rebuilt when nothing changed', async () => {
    const lines: string[] = [];
    const results: RebuildResult[] = [];
    const updater = startSiteUpdater(config, database, outDir, {
      intervalSeconds: 0.2,
      log: (l) => lines.push(l),
      onRebuilt: (r) => results.push(r),
    });
    try {
      // Anything stale from earlier tests is brought up to date first; then the site is left alone.
      await until(async () => (await siteFreshness(database, outDir)) === 'fresh');
      await new Promise((r) => setTimeout(r, 500));
      const before = results.length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(results.length).toBe(before);

      await database.db.execute(sql`UPDATE products SET price = 154000, updated_at = now() WHERE slug = ${CHANGED}`);
      await until(async () => page(`en/shop/products/${CHANGED}`).includes('15,400 Toman'));
      // The pages go live first; the search index follows, then the rebuild reports.
      await until(() => results.length > before);
      expect(results.at(-1)).toMatchObject({ kind: 'partial', rendered: [CHANGED] });
      expect(lines.at(-1)).toMatch(/^Storefront updated \(1 product\(s\) changed/);
      expect(page(`shop/products/${CHANGED}`)).toContain('۱۵٬۴۰۰ تومان');
    } finally {
      await updater.stop();
    }
  }, 180_000);

  it('a disabled product loses its pages in every language and its sitemap entries', async () => {
    await database.db.execute(sql`UPDATE products SET enable = false, updated_at = now() WHERE slug = ${UNTOUCHED}`);
    const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(r.kind).toBe('partial');
    expect(r.removed).toEqual([UNTOUCHED]);
    for (const prefix of ['', 'en/', 'ru/']) expect(pageExists(outDir, `${prefix}shop/products/${UNTOUCHED}`)).toBe(false);
    const sitemap = sitemapText(outDir);
    expect(sitemap).not.toContain(`/shop/products/${UNTOUCHED}<`);
    expect(sitemap).toContain(`<loc>https://shop.example/shop/products/${CHANGED}</loc>`);
    expect(readManifest(outDir)!.products).not.toHaveProperty(UNTOUCHED);
    // The category listing no longer links to it.
    expect(page(`shop/catalog/${CATEGORY}`)).not.toContain(`href="/shop/products/${UNTOUCHED}"`);
  }, 180_000);

  it('a product deleted in the console loses its pages and is answered 404; restored, its pages come back', async () => {
    const [row] = (
      (await database.db.execute(sql`SELECT p.id, p.slug FROM products p JOIN categories c ON c.id = p.category_id
      WHERE c.slug = ${CATEGORY} AND p.enable AND p.deleted_at IS NULL AND p.slug NOT IN (${CHANGED}, ${UNTOUCHED}) ORDER BY p.id LIMIT 1`)) as unknown as {
        rows: { id: number; slug: string }[];
      }
    ).rows;
    const { id, slug } = { id: Number(row!.id), slug: row!.slug };
    expect(pageExists(outDir, `shop/products/${slug}`)).toBe(true);
    const staffId = await ensureStaffAccount(database.db);
    await setProductDeleted(database.db, staffId, id, true);
    const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(r.removed).toEqual([slug]);
    for (const prefix of ['', 'en/', 'ru/']) expect(pageExists(outDir, `${prefix}shop/products/${slug}`)).toBe(false);
    expect(sitemapText(outDir)).not.toContain(`/shop/products/${slug}<`);
    expect(page(`shop/catalog/${CATEGORY}`)).not.toContain(`href="/shop/products/${slug}"`);
    // The shop serving the folder answers the old address with its 404 page, in every language.
    const server = await startServer(config, database, { siteDir: outDir });
    try {
      for (const prefix of ['', '/en']) expect((await fetch(`${server.url}${prefix}/shop/products/${slug}`)).status).toBe(404);
    } finally {
      await server.close();
    }

    await setProductDeleted(database.db, staffId, id, false);
    const back = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(back.rendered).toContain(slug);
    for (const prefix of ['', 'en/', 'ru/']) expect(pageExists(outDir, `${prefix}shop/products/${slug}`)).toBe(true);
  }, 240_000);

  it('an uploaded photo is offered as AVIF and WebP sizes (<picture>, srcset, sizes) on the rebuilt product page and its cards', async () => {
    const copies = [200, 400, 800, 1600].map((width) => ({
      width,
      webp: `/media/uploads/0a1b2c-${width}.webp`,
      avif: `/media/uploads/0a1b2c-${width}.avif`,
    }));
    await database.db.execute(sql`DELETE FROM product_images WHERE product_id = (SELECT id FROM products WHERE slug = ${CHANGED})`);
    await database.db.execute(sql`INSERT INTO product_images (product_id, src, alt, width, height, sort, variants)
      SELECT id, '/media/uploads/0a1b2c-1600.webp', 'LM358N', 1600, 800, 0, ${JSON.stringify(copies)}::jsonb FROM products WHERE slug = ${CHANGED}`);
    await database.db.execute(sql`UPDATE products SET updated_at = now() WHERE slug = ${CHANGED}`);
    const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(r.rendered).toContain(CHANGED);
    for (const prefix of ['', 'en/']) {
      const html = page(`${prefix}shop/products/${CHANGED}`);
      // Attribute names are case-insensitive in HTML (React writes srcSet).
      const picture = (/<picture>(.*?)<\/picture>/s.exec(html)?.[1] ?? '').replace(/srcSet=/g, 'srcset=');
      expect(picture).toContain(
        '<source type="image/avif" srcset="/media/uploads/0a1b2c-200.avif 200w, /media/uploads/0a1b2c-400.avif 400w, /media/uploads/0a1b2c-800.avif 800w, /media/uploads/0a1b2c-1600.avif 1600w" sizes="(max-width: 480px) 100vw, 400px"',
      );
      expect(picture).toContain('<source type="image/webp" srcset="/media/uploads/0a1b2c-200.webp 200w');
      expect(picture).toMatch(/<img src="\/media\/uploads\/0a1b2c-1600.webp"/);
    }
    // The category listing's card takes a small copy too, not the 1600 px one.
    const card =
      new RegExp(`<a class="card__image" href="/shop/products/${CHANGED}"[^>]*>\\s*<img ([^>]*)>`)
        .exec(page(`shop/catalog/${CATEGORY}`))?.[1]
        ?.replace(/srcSet=/g, 'srcset=') ?? '';
    expect(card).toContain('srcset="/media/uploads/0a1b2c-200.webp 200w');
    expect(card).toContain('sizes="(max-width: 600px) 50vw, 240px"');
  }, 240_000);

  it('a renamed category is no full build: its listing is rendered, every other page gets the new menu as text, product bodies stay', async () => {
    const other = (
      (await database.db.execute(sql`SELECT slug FROM categories WHERE slug <> ${CATEGORY}
        AND (SELECT path FROM categories WHERE slug = ${CATEGORY}) NOT LIKE path || '%' ORDER BY depth, id LIMIT 1`)) as unknown as {
        rows: { slug: string }[];
      }
    ).rows[0]!.slug;
    const main = (html: string) => /<main id="main"[\s\S]*<\/main>/.exec(html)![0];
    const before = { fa: page(`shop/products/${CHANGED}`), en: page(`en/shop/products/${CHANGED}`) };
    await database.db.execute(
      sql`UPDATE categories SET name_fa = 'دستهٔ نام‌تازه', name = 'Freshly Named', updated_at = now() WHERE slug = ${other}`,
    );
    const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    expect(r.kind).toBe('partial');
    expect(r.rendered).toEqual([]);
    expect(r.listings).toEqual(expect.arrayContaining(['', other]));
    expect(r.listings).not.toContain(CATEGORY);
    expect(r.shellsSwapped).toBeGreaterThan(0);
    for (const [prefix, name, old] of [
      ['', 'دستهٔ نام‌تازه', before.fa],
      ['en/', 'Freshly Named', before.en],
    ] as const) {
      const product = page(`${prefix}shop/products/${CHANGED}`);
      // The menu of a page not rendered again names the category anew; what the page itself shows is as it was.
      expect(product).toContain(name);
      expect(main(product)).toBe(main(old));
      expect(shellOf(product)).toEqual(shellOf(page(prefix || '/')));
      expect(page(`${prefix}shop/catalog/${CATEGORY}`)).toContain(name);
      expect(main(page(`${prefix}shop/catalog/${other}`))).toContain(name);
    }
    expect(await siteFreshness(database, outDir)).toBe('fresh');
  }, 240_000);
});
