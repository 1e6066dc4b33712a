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
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { treePeakSampler } from './process-memory';
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
/** The list of extra bundles the island merges, beside pagefind.js. */
export const PARTS_FILE = 'parts.json';

async function writePart(outputPath: string, part: [string, SearchRecord][]): Promise<number> {
  const { index, errors } = await pagefind.createIndex({ maxFragments: 5000 });
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
}

/**
 * Indexes `entries` into bundles of at most PART_PRODUCTS products under `<siteDir>/pagefind/`:
 * the first into the folder itself when `rootFirst`, the others into `part-<tag><n>/`. A parallel
 * build's workers each index their own slice this way (tags keep their folder names apart).
 */
export async function writeSearchParts(siteDir: string, entries: [string, SearchRecord][], opts: { rootFirst: boolean; tag?: string }): Promise<SearchParts> {
  const root = join(siteDir, 'pagefind');
  let pages = 0;
  const parts: string[] = [];
  try {
    for (let from = 0, n = 0; from < entries.length || (n === 0 && opts.rootFirst); from += PART_PRODUCTS, n++) {
      const atRoot = n === 0 && opts.rootFirst;
      const name = `part-${opts.tag ?? ''}${n}`;
      pages += await writePart(atRoot ? root : join(root, name), entries.slice(from, from + PART_PRODUCTS));
      if (!atRoot) parts.push(`/pagefind/${name}/`);
    }
  } finally {
    await pagefind.close();
  }
  return { pages, parts, wroteRoot: opts.rootFirst };
}

/** Lists the extra bundles for the search island (PagefindResults.tsx reads it). */
export function writePartsList(siteDir: string, parts: string[]): void {
  const root = join(siteDir, 'pagefind');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, PARTS_FILE), JSON.stringify(parts));
}

/** Writes dist/pagefind/ (and its parts) for these products' records, replacing any earlier index. */
export async function indexSearchRecords(siteDir: string, records: Record<string, SearchRecord>): Promise<SearchIndexResult> {
  const started = performance.now();
  const memory = treePeakSampler((cmd) => cmd.includes('pagefind'));
  rmSync(join(siteDir, 'pagefind'), { recursive: true, force: true });
  try {
    const written = await writeSearchParts(siteDir, Object.entries(records), { rootFirst: true });
    writePartsList(siteDir, written.parts);
    return { pages: written.pages, parts: written.parts.length + 1, seconds: (performance.now() - started) / 1000, indexerPeakMb: memory.stop() };
  } catch (err) {
    memory.stop();
    throw err;
  }
}

/** True when the site has a search index (a rebuild keeps one up to date, never adds one). */
export const hasSearchIndex = (siteDir: string): boolean => existsSync(join(siteDir, 'pagefind')) && readdirSync(join(siteDir, 'pagefind')).length > 0;
