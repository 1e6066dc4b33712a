/**
 * The Pagefind index of the built site (dist/pagefind/), the search island's fallback when the API
 * is unreachable. Each product gets one custom record for all languages (Persian and English names
 * and prices in one record, whose address the island localises), made from its data
 * (src/build/search-records.ts) rather than by parsing product pages: parsing 200k pages took the
 * indexer to 7.85 GB at 100k products.
 *
 * Pagefind's indexer also slows down with every record it holds (adding 200k records to one index
 * took ~9 minutes, ~4 GB), so records go into parts of at most PART_PRODUCTS products, each a
 * separate Pagefind bundle written and released before the next: dist/pagefind/ is the first part,
 * dist/pagefind/part-N/ the others, listed in dist/pagefind/parts.json; the search island merges them
 * (PagefindResults.tsx: mergeIndex).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import * as pagefind from 'pagefind';
import { treePeakSampler } from './process-memory';
import { replaceFolder, writeFileReplacing } from './replace-files';
import { pagefindRecord, type SearchRecord } from './search-records';

export interface SearchIndexResult {
  /** Records indexed (one per product) and bundles written. */
  pages: number;
  parts: number;
  seconds: number;
  /** Peak resident memory of the Pagefind indexer process(es), MB. */
  indexerPeakMb: number;
}

export const PART_PRODUCTS = 10_000;
const FRAGMENT_FILES = 500;
/** The list of extra bundles the island merges, beside pagefind.js. */
export const PARTS_FILE = 'parts.json';

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

export interface SearchParts {
  pages: number;
  /** Site paths of the bundles written besides /pagefind/ itself ("/pagefind/part-1/"). */
  parts: string[];
  /** True when this call wrote /pagefind/ itself (the bundle pagefind.js is loaded from). */
  wroteRoot: boolean;
  /** Which products each bundle written holds, by site path ('/pagefind/' for the root bundle). */
  bundles: BundleMap;
}

/** Product slugs per Pagefind bundle, by the bundle's site path. */
export type BundleMap = Record<string, string[]>;
export const ROOT_BUNDLE = '/pagefind/';
/** Kept inside pagefind/ so it is swapped with the bundles it describes; a dot file, never served. */
export const BUNDLE_MAP_FILE = '.qateh-bundles.json';

/** The folder of a bundle, from its site path. */
export const bundleFolder = (siteDir: string, path: string): string => join(siteDir, ...path.split('/').filter(Boolean));

/**
 * Indexes `entries` into bundles of at most PART_PRODUCTS products under `<siteDir>/pagefind/`
 * (or `into`): the first into the folder itself when `rootFirst`, the others into `part-<tag><n>/`.
 * A parallel build's workers each index their own slice this way (tags keep their folder names apart).
 */
export async function writeSearchParts(
  siteDir: string,
  entries: [string, SearchRecord][],
  opts: { rootFirst: boolean; tag?: string; into?: string },
): Promise<SearchParts> {
  const root = opts.into ?? join(siteDir, 'pagefind');
  let pages = 0;
  const parts: string[] = [];
  const bundles: BundleMap = {};
  try {
    for (let from = 0, n = 0; from < entries.length || (n === 0 && opts.rootFirst); from += PART_PRODUCTS, n++) {
      const atRoot = n === 0 && opts.rootFirst;
      const name = `part-${opts.tag ?? ''}${n}`;
      const slice = entries.slice(from, from + PART_PRODUCTS);
      pages += await writePart(atRoot ? root : join(root, name), slice);
      const path = atRoot ? ROOT_BUNDLE : `/pagefind/${name}/`;
      if (!atRoot) parts.push(path);
      bundles[path] = slice.map(([slug]) => slug);
    }
  } finally {
    await pagefind.close();
  }
  return { pages, parts, wroteRoot: opts.rootFirst, bundles };
}

/** Lists the extra bundles for the search island (PagefindResults.tsx reads it) and, for rebuilds, what each holds. */
export function writePartsList(siteDir: string, parts: string[], bundles: BundleMap, into = join(siteDir, 'pagefind')): void {
  mkdirSync(into, { recursive: true });
  writeFileReplacing(join(into, PARTS_FILE), JSON.stringify(parts));
  writeFileReplacing(join(into, BUNDLE_MAP_FILE), JSON.stringify(bundles));
}

export function readBundleMap(siteDir: string): BundleMap | null {
  try {
    return JSON.parse(readFileSync(join(siteDir, 'pagefind', BUNDLE_MAP_FILE), 'utf8')) as BundleMap;
  } catch {
    return null;
  }
}

/**
 * Writes dist/pagefind/ (and its parts) for these products' records, replacing any earlier index.
 * The new index is written beside the old one and swapped in: search keeps working meanwhile.
 */
export async function indexSearchRecords(siteDir: string, records: Record<string, SearchRecord>): Promise<SearchIndexResult> {
  const aside = await indexSearchRecordsAside(siteDir, records);
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
): Promise<{ folder: string; result: SearchIndexResult }> {
  const started = performance.now();
  const memory = treePeakSampler((cmd) => cmd.includes('pagefind'));
  const folder = join(siteDir, `pagefind.new-${process.pid}-${threadId}`);
  rmSync(folder, { recursive: true, force: true });
  try {
    const written = await writeSearchParts(siteDir, Object.entries(records), { rootFirst: true, into: folder });
    writePartsList(siteDir, written.parts, written.bundles, folder);
    return {
      folder,
      result: {
        pages: written.pages,
        parts: written.parts.length + 1,
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
