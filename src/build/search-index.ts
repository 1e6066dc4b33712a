/**
 * The Pagefind index of the built site (dist/pagefind/), the search island's fallback when the API
 * is unreachable. Each product gets one custom record for all languages (Persian and English names
 * and prices in one record, whose address the island localises), made from its data
 * (src/build/search-records.ts) rather than by parsing product pages: parsing 200k pages took the
 * indexer to 7.85 GB at 100k products.
 *
 * The records go into bundles cut by what a query names (src/lib/pagefind-routes.ts): each bundle
 * holds the products having a word in one range of the sorted vocabulary, at most `limit`
 * (PART_PRODUCTS) of them, so the island loads the one or two bundles of a query's word instead of
 * merging every bundle of the catalogue. A product is in the bundle of each of its words' ranges.
 * Bundles are dist/pagefind/b<n>/ (each a whole Pagefind bundle with its own pagefind.js), the
 * ranges are dist/pagefind/routes.json (the island's routing file), and what each bundle holds is
 * the dot file beside them for incremental updates (src/build/search-update.ts). Pagefind's
 * indexer slows down with every record it holds, so bundles are written one after another, each
 * released before the next.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { treePeakSampler } from './process-memory';
import { replaceFolder, writeFileReplacing } from './replace-files';
import { commonWords, planBundles, routesFile, routeWords, ROUTES_FILE } from '../lib/pagefind-routes';
import { pagefindRecord, type SearchRecord } from './search-records';

export interface SearchIndexResult {
  /** Records indexed (a product once per bundle it is in) and bundles written. */
  pages: number;
  parts: number;
  seconds: number;
  /** Peak resident memory of the Pagefind indexer process(es), MB. */
  indexerPeakMb: number;
}

export const PART_PRODUCTS = 10_000;
const FRAGMENT_FILES = 500;

/** Indexes `part` into one Pagefind bundle at `outputPath`; the caller closes Pagefind's service when done. */
export async function writePart(outputPath: string, part: [string, SearchRecord][]): Promise<number> {
  // Fragments (a record's title, meta and text) go 20 to a file rather than one file each: the result
  // page fetches a few KB more, while a 10,000-record bundle writes 500 files instead of 5,000
  // (49k records: 22 → 16 s here, file creation being dear on this disk; 250 or 100 gain little more).
  const { index, errors } = await pagefind.createIndex({ maxFragments: FRAGMENT_FILES });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  let added = 0;
  // A bounded number of messages in flight: the service answers in order, and 200k pending
  // promises would only hold memory.
  let batch: Promise<{ errors: string[] }>[] = [];
  const flush = async () => {
    for (const r of await Promise.all(batch)) if (r.errors.length) throw new Error(`Pagefind indexing failed: ${r.errors.join('; ')}`);
    batch = [];
  };
  for (const [slug, record] of part) {
    batch.push(index.addCustomRecord(pagefindRecord(slug, record)));
    added++;
    if (batch.length >= 1000) await flush();
  }
  await flush();
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`Pagefind could not write its files: ${written.errors.join('; ')}`);
  await index.deleteIndex();
  return added;
}

/** One bundle as the rebuild knows it: its word range and the products it holds (sorted). */
export interface BundleEntry {
  from: string;
  to: string;
  capped?: true;
  slugs: string[];
}

/** What the bundles hold, kept beside them (a dot file, never served) for incremental updates. */
export interface BundleMap {
  v: 2;
  /** Products per bundle at most (a bundle past it is split by the next update touching it). */
  limit: number;
  /** When a word counts as common and how many of its products its bundle keeps (commonWords(limit) by default). */
  common: { over: number; keep: number };
  /** Bundle folder name ("b12") → its range and products. */
  bundles: Record<string, BundleEntry>;
}

/** Kept inside pagefind/ so it is swapped with the bundles it describes. */
export const BUNDLE_MAP_FILE = '.qateh-bundles.json';

/** The folder of a bundle inside the index folder. */
export const bundleFolder = (siteDir: string, name: string): string => join(siteDir, 'pagefind', name);

/** The words each product is routed by, from its folded search text. */
export const wordsOf = (entries: [string, SearchRecord][]): [string, string[]][] => entries.map(([slug, r]) => [slug, routeWords(r.text)]);

/**
 * Plans the bundles of `records` and indexes each into `<into>/<name>/` (names from `name(n)`).
 * Returns the bundle map of what was written.
 */
export async function writeRoutedBundles(
  into: string,
  records: Record<string, SearchRecord>,
  limit: number,
  common = commonWords(limit),
  name: (n: number) => string = (n) => `b${n}`,
): Promise<{ map: BundleMap; pages: number }> {
  const planned = planBundles(wordsOf(Object.entries(records)), limit, undefined, common);
  const map: BundleMap = { v: 2, limit, common, bundles: {} };
  let pages = 0;
  try {
    for (const [n, b] of planned.entries()) {
      const folder = name(n);
      pages += await writePart(
        join(into, folder),
        b.slugs.map((slug) => [slug, records[slug]!]),
      );
      map.bundles[folder] = { from: b.from, to: b.to, ...(b.capped ? { capped: true as const } : {}), slugs: b.slugs };
    }
  } finally {
    await pagefind.close();
  }
  return { map, pages };
}

/** Writes the routing file the island reads and the bundle map the rebuild reads, into `into`. */
export function writeRoutes(into: string, map: BundleMap): void {
  mkdirSync(into, { recursive: true });
  const routes = routesFile(Object.entries(map.bundles).map(([name, b]) => ({ name, from: b.from, to: b.to, capped: b.capped })));
  writeFileReplacing(join(into, ROUTES_FILE), JSON.stringify(routes));
  writeFileReplacing(join(into, BUNDLE_MAP_FILE), JSON.stringify(map));
}

/** The bundle map of a site's index; null for an index of an older layout or none. */
export function readBundleMap(siteDir: string): BundleMap | null {
  try {
    const map = JSON.parse(readFileSync(join(siteDir, 'pagefind', BUNDLE_MAP_FILE), 'utf8')) as BundleMap;
    return map.v === 2 && existsSync(join(siteDir, 'pagefind', ROUTES_FILE)) ? map : null;
  } catch {
    return null;
  }
}

/**
 * Writes dist/pagefind/ (its bundles and routing file) for these products' records, replacing any
 * earlier index. The new index is written beside the old one and swapped in: search keeps working meanwhile.
 */
export async function indexSearchRecords(
  siteDir: string,
  records: Record<string, SearchRecord>,
  opts: { limit?: number | undefined; common?: { over: number; keep: number } | undefined } = {},
): Promise<SearchIndexResult> {
  const started = performance.now();
  const memory = treePeakSampler((cmd) => cmd.includes('pagefind'));
  const next = join(siteDir, `pagefind.new-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  try {
    const limit = opts.limit ?? PART_PRODUCTS;
    const written = await writeRoutedBundles(next, records, limit, opts.common ?? commonWords(limit));
    writeRoutes(next, written.map);
    replaceFolder(next, join(siteDir, 'pagefind'));
    return {
      pages: written.pages,
      parts: Object.keys(written.map.bundles).length,
      seconds: (performance.now() - started) / 1000,
      indexerPeakMb: memory.stop(),
    };
  } catch (err) {
    memory.stop();
    rmSync(next, { recursive: true, force: true });
    throw err;
  }
}

/** True when the site has a search index (a rebuild keeps one up to date, never adds one). */
export const hasSearchIndex = (siteDir: string): boolean =>
  existsSync(join(siteDir, 'pagefind')) && readdirSync(join(siteDir, 'pagefind')).length > 0;
