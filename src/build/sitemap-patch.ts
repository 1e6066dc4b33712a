/**
 * The sitemap's product entries, kept apart from the rest. @astrojs/sitemap writes the pages Astro
 * renders (sitemap-0.xml…, everything but product pages: astro.config.mjs) and the index
 * sitemap-index.xml; the build writes the products itself, in shards by product id
 * (sitemap-products-<k>.xml: ids k·PRODUCTS_PER_SHARD up to the next shard's first), each product in
 * all three languages with its hreflang alternates, and adds the shards to the index.
 *
 * Why shards by id: a million products are 2.94 million entries (1.2 GB of XML). Read back, sorted and
 * written again as one list they took 484 s at a million products, and a file past 50,000 URLs or
 * 50 MB is not a sitemap search engines read. Shards are written as the catalogue's index is read, in
 * id order, one file at a time; a rebuild finds a product's shard from its id and touches only that
 * file (a new product's id is the highest: it goes into the last shard or starts the next).
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_TAGS, LOCALES, localePath } from '../site/i18n';

/** Products per shard: three URLs each, so a shard stays within the sitemap protocol's 50,000 URLs. */
export const PRODUCTS_PER_SHARD = 16_666;

const SHARD_NAME = /^sitemap-products-(\d+)\.xml$/;
/** The files @astrojs/sitemap writes (the pages Astro renders). */
const ASTRO_NAME = /^sitemap-\d+\.xml$/;
const INDEX_FILE = 'sitemap-index.xml';
const URLSET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
const URLSET_END = '</urlset>';

export interface SitemapProduct {
  id: number;
  slug: string;
}

/**
 * A product whose entries go: its id names the shard listing it; null (an API that did not say) has
 * every shard searched (~6 s at a million products, 61 shards of ~20 MB).
 */
export interface RemovedProduct {
  slug: string;
  id: number | null;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const siteOf = (publicBaseUrl: string) => publicBaseUrl.replace(/\/+$/, '');

export const shardOf = (id: number): number => Math.floor(id / PRODUCTS_PER_SHARD);
export const shardFileName = (shard: number): string => `sitemap-products-${shard}.xml`;

/** The three <url> entries (one per language, each listing all three) of a product page. */
function productEntries(site: string, slug: string): string {
  const url = (l: (typeof LOCALES)[number]) => escapeXml(site + localePath(l, `/shop/products/${slug}`));
  const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[l]}" href="${url(l)}"/>`).join('');
  return LOCALES.map((l) => `<url><loc>${url(l)}</loc>${alternates}</url>`).join('');
}

/** The <loc> of a product's Persian page, as its shard holds it. */
const persianLoc = (site: string, slug: string) => `<loc>${escapeXml(site + localePath('fa', `/shop/products/${slug}`))}</loc>`;

/** The product shards in `siteDir`, by shard number. */
function productShards(siteDir: string): number[] {
  if (!existsSync(siteDir)) return [];
  return readdirSync(siteDir)
    .map((f) => SHARD_NAME.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

/** Written beside and renamed over: the site may be served meanwhile, a crawler gets the old file or the new one. */
function replaceFile(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/**
 * The index: @astrojs/sitemap's own files, then every product shard. Without the integration's index
 * (a build without sitemap) there is nothing to add to.
 */
function writeIndex(siteDir: string, site: string): void {
  const file = join(siteDir, INDEX_FILE);
  if (!existsSync(file)) return;
  const index = readFileSync(file, 'utf8');
  const start = index.indexOf('<sitemap>');
  const head = start >= 0 ? index.slice(0, start) : index.slice(0, index.indexOf('</sitemapindex>'));
  const astro = readdirSync(siteDir)
    .filter((f) => ASTRO_NAME.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  const names = [...astro, ...productShards(siteDir).map(shardFileName)];
  const items = names.map((name) => `<sitemap><loc>${escapeXml(site)}/${name}</loc></sitemap>`).join('');
  replaceFile(file, `${head}${items}</sitemapindex>`);
}

/** Entries are written to disk in batches of this many products: memory stays flat at any catalogue size. */
const WRITE_BATCH = 1000;

/**
 * A full build's product entries: every product of `products` (in id order, as the catalogue index
 * lists them; any order works, shards are opened once per run of the same shard) in every language,
 * replacing the shards a previous build left. `products` may arrive page by page (an async iterable
 * of pages: keyset pages of the index, written as they come). Returns the number of shards written.
 */
export async function writeProductSitemaps(
  siteDir: string,
  publicBaseUrl: string,
  products: Iterable<SitemapProduct> | AsyncIterable<readonly SitemapProduct[]>,
): Promise<number> {
  if (!existsSync(join(siteDir, INDEX_FILE))) return 0;
  const site = siteOf(publicBaseUrl);
  for (const shard of productShards(siteDir)) rmSync(join(siteDir, shardFileName(shard)));
  let fd: number | null = null;
  let current = -1;
  let batch: string[] = [];
  const written = new Set<number>();
  const flush = () => {
    if (fd !== null && batch.length) writeSync(fd, batch.join(''));
    batch = [];
  };
  const close = () => {
    flush();
    if (fd !== null) {
      writeSync(fd, URLSET_END);
      closeSync(fd);
    }
    fd = null;
  };
  try {
    // Pages awaited one at a time, products within a page in a plain loop (an await per product of a
    // million cost seconds).
    const pages = Symbol.asyncIterator in products ? products : [[...products]];
    for await (const page of pages)
      for (const p of page) {
        const shard = shardOf(p.id);
        if (shard !== current) {
          close();
          current = shard;
          // Ids out of order reopen a shard: append to it (its end tag cut first).
          const file = join(siteDir, shardFileName(shard));
          if (written.has(shard)) {
            const text = readFileSync(file, 'utf8');
            writeFileSync(file, text.slice(0, text.lastIndexOf(URLSET_END)));
            fd = openSync(file, 'a');
          } else {
            fd = openSync(file, 'w');
            writeSync(fd, URLSET_HEAD);
            written.add(shard);
          }
        }
        batch.push(productEntries(site, p.slug));
        if (batch.length >= WRITE_BATCH) flush();
      }
  } finally {
    close();
  }
  writeIndex(siteDir, site);
  return written.size;
}

/**
 * A rebuild's change to the product entries: removed products' entries cut out of the shard of their
 * id (of every shard when the id is not known), added products' entries appended to the shard of their
 * id (started when missing, and then listed in the index).
 */
export function patchSitemap(siteDir: string, publicBaseUrl: string, change: { added: SitemapProduct[]; removed: RemovedProduct[] }): void {
  if (change.added.length === 0 && change.removed.length === 0) return;
  if (!existsSync(join(siteDir, INDEX_FILE))) return;
  const site = siteOf(publicBaseUrl);
  const shards = productShards(siteDir);
  /** Whether the list of shards changed (one emptied, one started): the index is written again. */
  let indexChanged = false;
  if (change.removed.length) {
    const gone = new Set(
      change.removed.flatMap(({ slug }) => LOCALES.map((l) => escapeXml(site + localePath(l, `/shop/products/${slug}`)))),
    );
    const needles = change.removed.map(({ slug }) => Buffer.from(persianLoc(site, slug)));
    // Only the shards of the removed products' ids; all of them when one's id is not known.
    const searched = change.removed.every((p) => p.id !== null)
      ? shards.filter((shard) => change.removed.some((p) => shardOf(p.id!) === shard))
      : shards;
    // A site built before the shards lists its products in @astrojs/sitemap's files: those are read too (small otherwise).
    const astro = readdirSync(siteDir).filter((f) => ASTRO_NAME.test(f));
    for (const name of [...astro, ...searched.map(shardFileName)]) {
      const file = join(siteDir, name);
      // Most shards hold none of them: searched as bytes (a shard is ~20 MB: decoding every one took
      // seconds at a million products), only those that hold one are read as text and written again.
      const bytes = readFileSync(file);
      if (!needles.some((n) => bytes.includes(n))) continue;
      const xml = bytes.toString('utf8');
      const kept = xml.replace(/<url><loc>([^<]*)<\/loc>.*?<\/url>/g, (entry, loc: string) => (gone.has(loc) ? '' : entry));
      // A urlset must hold a URL: a shard left empty goes, and with it its line in the index.
      if (kept.includes('<url>') || !SHARD_NAME.test(name)) replaceFile(file, kept);
      else {
        rmSync(file);
        indexChanged = true;
      }
    }
  }
  if (change.added.length) {
    const byShard = new Map<number, SitemapProduct[]>();
    for (const p of change.added) byShard.set(shardOf(p.id), [...(byShard.get(shardOf(p.id)) ?? []), p]);
    for (const [shard, products] of byShard) {
      const file = join(siteDir, shardFileName(shard));
      const exists = existsSync(file);
      if (!exists) indexChanged = true;
      const xml = exists ? readFileSync(file, 'utf8') : URLSET_HEAD + URLSET_END;
      const end = xml.lastIndexOf(URLSET_END);
      replaceFile(file, xml.slice(0, end) + products.map((p) => productEntries(site, p.slug)).join('') + URLSET_END);
    }
  }
  if (indexChanged) writeIndex(siteDir, site);
}

/** Of `products`, those the sitemap in `siteDir` does not list yet: only the shards of their ids are read. */
export function unlistedProducts(siteDir: string, publicBaseUrl: string, products: SitemapProduct[]): SitemapProduct[] {
  if (products.length === 0) return [];
  const site = siteOf(publicBaseUrl);
  const shards = new Map<number, Buffer>();
  const shardBytes = (shard: number) => {
    let bytes = shards.get(shard);
    if (bytes === undefined) {
      const file = join(siteDir, shardFileName(shard));
      bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
      shards.set(shard, bytes);
    }
    return bytes;
  };
  return products.filter((p) => !shardBytes(shardOf(p.id)).includes(persianLoc(site, p.slug)));
}

/**
 * Every <loc> of the sitemap, read as a crawler reads it: the index, then each file it names (for
 * tests and benchmarks; at a million products this is 2.94 million addresses).
 */
export function sitemapLocations(siteDir: string, publicBaseUrl: string): { files: string[]; locations: string[] } {
  const site = siteOf(publicBaseUrl);
  const index = readFileSync(join(siteDir, INDEX_FILE), 'utf8');
  const files = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').slice(site.length + 1));
  const locations: string[] = [];
  for (const name of files)
    for (const m of readFileSync(join(siteDir, name), 'utf8').matchAll(/<url><loc>([^<]*)<\/loc>/g))
      locations.push(m[1]!.replace(/&amp;/g, '&'));
  return { files, locations };
}
