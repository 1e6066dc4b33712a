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
 * Bundles are dist/pagefind/b<n>/ and keep only their own index files (entry, meta, index and
 * fragment chunks); Pagefind's code, worker and wasm (~650 KB, the same for every bundle) are written
 * once, at dist/pagefind/ itself, beside a root index of one placeholder record no query can match:
 * the island loads /pagefind/pagefind.js (whose primary index that is) and merges the bundles it
 * needs into it. The ranges are dist/pagefind/routes.json (the island's routing file), and what each
 * bundle holds is the dot file beside them for incremental updates (src/build/search-update.ts).
 * Pagefind's indexer slows down with every record it holds, so each Pagefind service writes its
 * bundles one after another, each released before the next; a full index has a service per core,
 * each in a thread of its own (src/build/search-index-thread.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import * as pagefind from 'pagefind';
import { treePeakSampler } from './process-memory';
import { replaceFolder, writeFileReplacing } from './replace-files';
import { commonWords, planBundles, routesFile, routeWords, ROUTES_FILE } from '../lib/pagefind-routes';
import { pagefindRecord, SEARCH_INDEX_LANGUAGE, type SearchRecord } from './search-records';
import { writePagefindBundle, writePagefindIndex, type PagefindRecord } from './pagefind-bundle';

export interface SearchIndexResult {
  /** Records indexed (a product once per bundle it is in) and bundles written. */
  pages: number;
  parts: number;
  seconds: number;
  /** Peak resident memory of the Pagefind indexer process(es), MB. */
  indexerPeakMb: number;
}

export const PART_PRODUCTS = 10_000;
/** Indexes `part` into one whole Pagefind bundle at `outputPath`; the caller closes Pagefind's service when done. */
export const writePart = (outputPath: string, part: [string, SearchRecord][]): Promise<number> =>
  writePagefindIndex(
    outputPath,
    part.map(([slug, record]) => pagefindRecord(slug, record)),
  );

/** Indexes `part` into a bundle at `outputPath` holding only its own index files (Pagefind's code is the root's). */
export const writeBundle = (outputPath: string, part: [string, SearchRecord][]): Promise<number> =>
  writePagefindBundle(
    outputPath,
    part.map(([slug, record]) => pagefindRecord(slug, record)),
  );

/**
 * Writes the index the island loads Pagefind from (`into`/pagefind.js, its worker and wasm): the one
 * copy of Pagefind's code for every bundle. Pagefind loads its wasm and worker from its primary
 * index's folder and answers only once that index has a language, so the root holds one record, "_":
 * a folded query keeps only letters and digits (foldForSearch), so none of its words is a prefix of it.
 */
export async function writeSearchRoot(into: string): Promise<void> {
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addCustomRecord({ url: '/', content: '_', language: SEARCH_INDEX_LANGUAGE, meta: {} });
    if (added.errors.length) throw new Error(`Pagefind indexing failed: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: into });
    if (written.errors.length) throw new Error(`Pagefind could not write its files: ${written.errors.join('; ')}`);
    await index.deleteIndex();
  } finally {
    await pagefind.close();
  }
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
  /** 3: bundles share the root's Pagefind code (2, each bundle with its own, is indexed again in full). */
  v: 3;
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
 * How many Pagefind services write a full index at once: one per core (at most 4), fewer when there
 * are not enough records to pay for starting a thread and a service.
 */
export function indexerCount(records: number): number {
  return Math.max(1, Math.min(4, availableParallelism(), Math.floor(records / INDEXER_MIN_RECORDS)));
}
const INDEXER_MIN_RECORDS = 4_000;

/** Deals `items` out to `n` groups, largest first to the least loaded, so the groups weigh about the same. */
export function balance<T>(items: T[], n: number, weight: (item: T) => number): T[][] {
  const groups = Array.from({ length: n }, () => ({ load: 0, items: [] as T[] }));
  for (const item of [...items].sort((a, b) => weight(b) - weight(a))) {
    const lightest = groups.reduce((a, b) => (b.load < a.load ? b : a));
    lightest.items.push(item);
    lightest.load += weight(item);
  }
  return groups.map((g) => g.items).filter((g) => g.length > 0);
}

/** A bundle to write: its folder and its Pagefind records. */
export interface BundleJob {
  folder: string;
  records: PagefindRecord[];
}

/** Writes each job's bundle, in `indexers` threads at once when more than one; returns the records indexed. */
async function writeBundles(jobs: BundleJob[], indexers: number): Promise<number> {
  if (indexers <= 1) {
    let pages = 0;
    try {
      for (const job of jobs) pages += await writePagefindBundle(job.folder, job.records);
    } finally {
      await pagefind.close();
    }
    return pages;
  }
  const { writeInThread } = await import('./search-index-thread');
  const settled = await Promise.allSettled(balance(jobs, indexers, (job) => job.records.length).map(writeInThread));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value : 0), 0);
}

/**
 * Plans the bundles of `records` and indexes each into `<into>/<name>/` (names from `name(n)`),
 * `indexers` at a time. Returns the bundle map of what was written.
 */
export async function writeRoutedBundles(
  into: string,
  records: Record<string, SearchRecord>,
  limit: number,
  common = commonWords(limit),
  name: (n: number) => string = (n) => `b${n}`,
  indexers?: number,
): Promise<{ map: BundleMap; pages: number }> {
  const planned = planBundles(wordsOf(Object.entries(records)), limit, undefined, common);
  const map: BundleMap = { v: 3, limit, common, bundles: {} };
  const jobs = planned.map((b, n) => {
    map.bundles[name(n)] = { from: b.from, to: b.to, ...(b.capped ? { capped: true as const } : {}), slugs: b.slugs };
    return { folder: join(into, name(n)), records: b.slugs.map((slug) => pagefindRecord(slug, records[slug]!)) };
  });
  const pages = await writeBundles(jobs, indexers ?? indexerCount(jobs.reduce((n, j) => n + j.records.length, 0)));
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
    return map.v === 3 && existsSync(join(siteDir, 'pagefind', ROUTES_FILE)) ? map : null;
  } catch {
    return null;
  }
}

/**
 * Writes dist/pagefind/ (its bundles and routing file) for these products' records, replacing any
 * earlier index. The new index is written beside the old one and swapped in: search keeps working meanwhile.
 */
type IndexOptions = { limit?: number | undefined; common?: { over: number; keep: number } | undefined; indexers?: number | undefined };

export async function indexSearchRecords(
  siteDir: string,
  records: Record<string, SearchRecord>,
  opts: IndexOptions = {},
): Promise<SearchIndexResult> {
  const aside = await indexSearchRecordsAside(siteDir, records, opts);
  replaceFolder(aside.folder, join(siteDir, 'pagefind'));
  return aside.result;
}

/**
 * The index of these records written into a folder beside the site's, for the caller to swap in when
 * it chooses (src/build/search-fallback-later.ts swaps under the rebuild lock, after the hours an index
 * of a million products takes).
 */
export async function indexSearchRecordsAside(
  siteDir: string,
  records: Record<string, SearchRecord>,
  opts: IndexOptions = {},
): Promise<{ folder: string; result: SearchIndexResult }> {
  const started = performance.now();
  const memory = treePeakSampler((cmd) => cmd.includes('pagefind'));
  const folder = join(siteDir, `pagefind.new-${process.pid}-${threadId}`);
  rmSync(folder, { recursive: true, force: true });
  try {
    const limit = opts.limit ?? PART_PRODUCTS;
    // Pagefind's code, worker and wasm: one copy for every bundle.
    await writeSearchRoot(folder);
    const written = await writeRoutedBundles(folder, records, limit, opts.common ?? commonWords(limit), undefined, opts.indexers);
    writeRoutes(folder, written.map);
    return {
      folder,
      result: {
        pages: written.pages,
        parts: Object.keys(written.map.bundles).length,
        seconds: (performance.now() - started) / 1000,
        indexerPeakMb: memory.stop(),
      },
    };
  } catch (err) {
    memory.stop();
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}

/** True when the site has a search index (a rebuild keeps one up to date, never adds one). */
export const hasSearchIndex = (siteDir: string): boolean =>
  existsSync(join(siteDir, 'pagefind')) && readdirSync(join(siteDir, 'pagefind')).length > 0;
