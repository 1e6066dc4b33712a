import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { patchSitemap, PRODUCTS_PER_SHARD, shardFileName, sitemapLocations, unlistedProducts, writeProductSitemaps } from './sitemap-patch';

const SITE = 'https://shop.example';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A site folder with what @astrojs/sitemap writes: one file of other pages and the index naming it. */
function astroSitemap(): string {
  const dir = mkdtempSync(join(tmpdir(), 'qateh-sitemap-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'sitemap-0.xml'),
    '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://shop.example/</loc></url></urlset>',
  );
  writeFileSync(
    join(dir, 'sitemap-index.xml'),
    '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://shop.example/sitemap-0.xml</loc></sitemap></sitemapindex>',
  );
  return dir;
}

const urlsOf = (slug: string) => [`${SITE}/shop/products/${slug}`, `${SITE}/en/shop/products/${slug}`, `${SITE}/ru/shop/products/${slug}`];
const urlCount = (dir: string, file: string) => (readFileSync(join(dir, file), 'utf8').match(/<url>/g) ?? []).length;

describe('the sitemap of product pages in shards by id', () => {
  const LAST = PRODUCTS_PER_SHARD - 1;
  const products = [
    { id: 1, slug: 'a' },
    { id: LAST, slug: 'b' },
    { id: PRODUCTS_PER_SHARD, slug: 'c' },
    { id: 3 * PRODUCTS_PER_SHARD + 5, slug: 'd&e' },
  ];

  it('lists every product in every language, each shard within 50,000 URLs, and the index names every file', async () => {
    const dir = astroSitemap();
    expect(await writeProductSitemaps(dir, SITE, products)).toBe(3);
    const { files, locations } = sitemapLocations(dir, SITE);
    expect(files).toEqual(['sitemap-0.xml', shardFileName(0), shardFileName(1), shardFileName(3)]);
    expect(locations).toEqual([`${SITE}/`, ...products.flatMap((p) => urlsOf(p.slug))]);
    expect(urlCount(dir, shardFileName(0))).toBe(6);
    // A full shard: 16,666 products in three languages.
    expect(PRODUCTS_PER_SHARD * 3).toBeLessThanOrEqual(50_000);
    // Each entry names its three languages' pages; addresses are escaped.
    expect(readFileSync(join(dir, shardFileName(3)), 'utf8')).toContain(
      'hreflang="ru" href="https://shop.example/ru/shop/products/d&amp;e"',
    );
  });

  it('a full build again replaces the shards a previous build left', async () => {
    const dir = astroSitemap();
    await writeProductSitemaps(dir, SITE, products);
    await writeProductSitemaps(dir, SITE, [{ id: 2, slug: 'z' }]);
    expect(existsSync(join(dir, shardFileName(3)))).toBe(false);
    expect(sitemapLocations(dir, SITE).locations).toEqual([`${SITE}/`, ...urlsOf('z')]);
  });

  it('a rebuild cuts removed products, appends new ones to the shard of their id, and names a new shard in the index', async () => {
    const dir = astroSitemap();
    await writeProductSitemaps(dir, SITE, products);
    const added = [
      { id: 2, slug: 'n1' },
      { id: 7 * PRODUCTS_PER_SHARD, slug: 'n2' },
    ];
    expect(unlistedProducts(dir, SITE, [...added, products[2]!])).toEqual(added);
    patchSitemap(dir, SITE, {
      added,
      removed: [
        { slug: 'c', id: PRODUCTS_PER_SHARD },
        { slug: 'b', id: LAST },
      ],
    });
    const { files, locations } = sitemapLocations(dir, SITE);
    // Shard 1 held only "c": gone, file and line in the index.
    expect(files).toEqual(['sitemap-0.xml', shardFileName(0), shardFileName(3), shardFileName(7)]);
    expect(new Set(locations)).toEqual(new Set([`${SITE}/`, ...['a', 'd&e', 'n1', 'n2'].flatMap(urlsOf)]));
    expect(unlistedProducts(dir, SITE, added)).toEqual([]);
  });

  it("a removed product's id names the one shard it is cut from; without its id every shard is searched", async () => {
    const dir = astroSitemap();
    await writeProductSitemaps(dir, SITE, products);
    // A stray copy of "a"'s entry in another shard: only a search of every shard finds it.
    const other = join(dir, shardFileName(3));
    const stray = readFileSync(join(dir, shardFileName(0)), 'utf8').match(
      /<url><loc>https:\/\/shop\.example\/shop\/products\/a<\/loc>.*?<\/url>/,
    )![0];
    writeFileSync(other, readFileSync(other, 'utf8').replace('</urlset>', `${stray}</urlset>`));
    patchSitemap(dir, SITE, { added: [], removed: [{ slug: 'a', id: 1 }] });
    expect(readFileSync(join(dir, shardFileName(0)), 'utf8')).not.toContain('/products/a<');
    expect(readFileSync(other, 'utf8')).toContain(stray);
    patchSitemap(dir, SITE, { added: [], removed: [{ slug: 'a', id: null }] });
    expect(readFileSync(other, 'utf8')).not.toContain('/products/a<');
    expect(sitemapLocations(dir, SITE).locations).toEqual([`${SITE}/`, ...['b', 'c', 'd&e'].flatMap(urlsOf)]);
  });
});
