/**
 * A build that leaves product pages to their first request (SITE_PRODUCT_PAGES=on-request), on the small
 * shop of tests/storefront-rebuild.test.ts (the shared catalogue with only the op-amps category enabled,
 * the demo content). Its own file: it makes a build of its own, so it runs beside the rebuild file's
 * long sequence of builds instead of after it, in the other test process.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, readSearchRecords } from '../src/build/build-record';
import { ensureSiteFresh, siteAwaitsFullBuild, siteFreshness } from '../src/build/freshness';
import { rebuildSite } from '../src/build/rebuild';
import { completeSearchFallback, searchFallbackMissing } from '../src/build/search-fallback-later';
import { hasSearchIndex } from '../src/build/search-index';
import { completeSiteLater } from '../src/build/site-later';
import { SHELL_RECORD_FILE } from '../src/build/shell-complete';
import { sitemapLocations } from '../src/build/sitemap-patch';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { writeDemoContent } from '../src/server/seed/demo-content';
import { startServer } from '../src/server/server';
import { freshDatabase } from './support/database';
import { bundleCounts, bundlesHolding, indexedProducts, pageExists, pagePath } from './support/site-files';

const CATEGORY = 'op-amps';
const CHANGED = 'lm358n-dip8';
const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
const onRequestConfig = { ...config, SITE_PRODUCT_PAGES: 'on-request' as const };

let database: Database;

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

beforeAll(async () => {
  database = await freshDatabase({ catalogue: true });
  await database.db.execute(sql`UPDATE products SET enable = false
    WHERE category_id <> (SELECT id FROM categories WHERE slug = ${CATEGORY})`);
  await writeDemoContent(database.db);
}, 900_000);

afterAll(async () => {
  await database?.close();
});

describe('a build that leaves product pages to their first request (SITE_PRODUCT_PAGES=on-request)', () => {
  it('a deploy serves product pages from its shell while the rest of the site is built, then before its search fallback is indexed, which then catches up; no product page is built; a rebuild drops a changed page for its next request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qateh-on-request-site-'));
    try {
      // What `npm start` does with no site yet: build its shell, without product pages, catalogue index,
      // sitemap entries of products, manifest nor search fallback.
      expect(await ensureSiteFresh(onRequestConfig, database, dir, () => {})).toBe('missing');
      expect(siteAwaitsFullBuild(dir)).toBe(true);
      expect(readManifest(dir)).toBeNull();
      // The shell holds every other page: the page listing every product (/shop/products), the category listings.
      expect(readdirSync(join(dir, 'shop/products'))).toEqual(['index.html']);
      expect(pageExists(dir, `en/shop/catalog/${CATEGORY}`)).toBe(true);
      expect(hasSearchIndex(dir)).toBe(false);
      const server = await startServer(config, database, { siteDir: dir });
      try {
        // Product URLs answer from the shell, and so do the listings and the API.
        const fromShell = await fetch(`${server.url}/en/shop/products/${CHANGED}`);
        expect(fromShell.status).toBe(200);
        expect(jsonLd(await fromShell.text())[0]?.offers?.price).toBeGreaterThan(0);
        expect((await fetch(`${server.url}/shop/catalog/${CATEGORY}`)).status).toBe(200);
        expect((await fetch(`${server.url}/api/site/v1/health`)).status).toBe(200);
        // The rest of the site in the background, as `npm start` then does: pages keep answering meanwhile.
        const listingFile = pagePath(dir, `en/shop/catalog/${CATEGORY}`);
        const listingWritten = statSync(listingFile).mtimeMs;
        expect(existsSync(join(dir, SHELL_RECORD_FILE))).toBe(true);
        const later = completeSiteLater(onRequestConfig, database, dir);
        const [product, listing] = await Promise.all([
          fetch(`${server.url}/ru/shop/products/${CHANGED}`),
          fetch(`${server.url}/en/shop/catalog/${CATEGORY}`),
        ]);
        expect([product.status, listing.status]).toEqual([200, 200]);
        expect(await later.done).not.toBeNull();
        // The shell completed in place (src/build/shell-complete.ts): the manifest, every product in the
        // sitemap, still no product page built; the listings the shell rendered are not rendered again,
        // and the product page rendered on request meanwhile stays.
        expect(siteAwaitsFullBuild(dir)).toBe(false);
        expect(existsSync(join(dir, SHELL_RECORD_FILE))).toBe(false);
        expect(statSync(listingFile).mtimeMs).toBe(listingWritten);
        expect(readManifest(dir)!.listings[CATEGORY]).toBeDefined();
        await expect.poll(() => pageExists(dir, `ru/shop/products/${CHANGED}`)).toBe(true);
        expect(readManifest(dir)!.productPages).toBe('on-request');
        expect(readdirSync(join(dir, 'shop/products'))).toEqual(['index.html']);
        expect(hasSearchIndex(dir)).toBe(false);
        expect(searchFallbackMissing(dir)).toBe(true);
        // The sitemap's product shards (src/build/sitemap-patch.ts) list every enabled product in every
        // language, each shard named by the index, each within the protocol's 50,000 URLs.
        const { files, locations } = sitemapLocations(dir, 'https://shop.example');
        expect(files[0]).toBe('sitemap-0.xml');
        expect(files.slice(1).every((f) => /^sitemap-products-\d+\.xml$/.test(f))).toBe(true);
        expect(files.filter((f) => f.startsWith('sitemap-products-')).sort()).toEqual(
          readdirSync(dir)
            .filter((f) => f.startsWith('sitemap-products-'))
            .sort(),
        );
        for (const f of files) expect((readFileSync(join(dir, f), 'utf8').match(/<url>/g) ?? []).length).toBeLessThanOrEqual(50_000);
        const enabled = (
          (await database.db.execute(sql`SELECT slug FROM products WHERE enable AND deleted_at IS NULL ORDER BY id`)) as unknown as {
            rows: { slug: string }[];
          }
        ).rows.map((r) => r.slug);
        expect(enabled).toContain(CHANGED);
        const productUrls = locations.filter((l) => l.includes('/shop/products/'));
        expect(productUrls.sort()).toEqual(
          enabled.flatMap((slug) => ['', 'en/', 'ru/'].map((prefix) => `https://shop.example/${prefix}shop/products/${slug}`)).sort(),
        );
        expect(await siteFreshness(database, dir)).toBe('fresh');
        // A second start finds the site complete.
        expect(await completeSiteLater(onRequestConfig, database, dir).done).toBeNull();

        // Product URLs answer before the search fallback exists.
        const first = await fetch(`${server.url}/en/shop/products/${CHANGED}`);
        expect(first.status).toBe(200);
        // Kept once its first answer is on its way.
        await expect.poll(() => pageExists(dir, `en/shop/products/${CHANGED}`)).toBe(true);

        // Staff change one product and hide another while the index is being written.
        const others = (
          (await database.db.execute(
            sql`SELECT slug FROM products WHERE enable AND deleted_at IS NULL AND slug <> ${CHANGED} ORDER BY slug LIMIT 2`,
          )) as unknown as { rows: { slug: string }[] }
        ).rows.map((r) => r.slug);
        const [repriced, hidden] = others as [string, string];
        const job = completeSearchFallback(config, database, dir, {
          onIndexed: async () => {
            expect(hasSearchIndex(dir)).toBe(false);
            await database.db.execute(sql`UPDATE products SET price = 9876540, updated_at = now() WHERE slug = ${repriced}`);
            await database.db.execute(sql`UPDATE products SET enable = false, updated_at = now() WHERE slug = ${hidden}`);
          },
        });
        const done = await job.done;
        expect(done!.caughtUp).toBeGreaterThanOrEqual(2);
        expect(searchFallbackMissing(dir)).toBe(false);
        // Every shown product is found, the one changed meanwhile at its new price, the hidden one not at all.
        const records = readSearchRecords(dir);
        const shown = (await database.db.execute(sql`SELECT slug FROM products WHERE enable AND deleted_at IS NULL`)) as unknown as {
          rows: { slug: string }[];
        };
        expect(Object.keys(records).sort()).toEqual(shown.rows.map((r) => r.slug).sort());
        expect(records).not.toHaveProperty(hidden);
        expect(records[repriced]!.price.en).toContain('987,654');
        // Every record is in the bundles its map names, as Pagefind wrote them.
        expect(indexedProducts(dir)).toEqual(new Set(Object.keys(records)));
        for (const c of bundleCounts(dir)) expect(c.written).toBe(c.mapped);
        // A second start finds nothing to do.
        expect(await completeSearchFallback(config, database, dir).done).toBeNull();
        const priceBefore = records[CHANGED]!.price.en;
        await database.db.execute(sql`UPDATE products SET price = price + 10, updated_at = now() WHERE slug = ${CHANGED}`);
        const r = await rebuildSite(config, database, dir, { logLevel: 'error' });
        expect(r.kind).toBe('partial');
        expect(r.rendered).toEqual([]);
        // The products changed while the fallback was indexed are also new to the pages: their pages go too.
        expect([...r.forgotten!].sort()).toEqual([CHANGED, repriced].sort());
        // Its search record shows the new price, and the bundles holding them were indexed again.
        expect(readSearchRecords(dir)[CHANGED]!.price.en).not.toBe(priceBefore);
        expect([...r.search!.reindexed].sort()).toEqual(
          [...new Set([...bundlesHolding(dir, CHANGED), ...bundlesHolding(dir, repriced)])].sort(),
        );
        expect(pageExists(dir, `en/shop/products/${CHANGED}`)).toBe(false);
        const price = (
          (await database.db.execute(sql`SELECT price::int AS p FROM products WHERE slug = ${CHANGED}`)) as unknown as {
            rows: { p: number }[];
          }
        ).rows[0]!.p;
        // Asked again, the page is rendered from the new price.
        await expect
          .poll(async () => {
            const res = await fetch(`${server.url}/en/shop/products/${CHANGED}`);
            return res.status === 200 ? (jsonLd(await res.text())[0]?.offers?.price as number) : res.status;
          })
          .toBe(price);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
