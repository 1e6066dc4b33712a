/**
 * The rebuild's part of the search index: only the Pagefind bundles holding a changed, added or
 * removed product are indexed again (each at most PART_PRODUCTS records, a few seconds), instead of
 * every record of the catalogue (~45 s at 100k products). Which bundle holds which product comes from
 * the map the build wrote beside the bundles (src/build/search-index.ts). Each bundle is written into
 * a new folder and swapped in, so the search fallback keeps answering throughout. A site without a
 * map (built before there was one) gets the whole index written again, with a map.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { treePeakSampler } from './process-memory';
import { replaceFolder } from './replace-files';
import {
  bundleFolder,
  indexSearchRecords,
  PART_PRODUCTS,
  readBundleMap,
  ROOT_BUNDLE,
  writePart,
  writePartsList,
  type BundleMap,
  type SearchIndexResult,
} from './search-index';
import type { SearchRecord } from './search-records';

export interface SearchUpdateResult extends SearchIndexResult {
  /** Site paths of the bundles indexed again; every bundle when the whole index was rewritten. */
  reindexed: string[];
}

/** Where the bundle changes of `touched` products fall: which bundles change and what they then hold. */
export function planBundles(
  map: BundleMap,
  records: Record<string, SearchRecord>,
  touched: Iterable<string>,
): { next: BundleMap; changed: Set<string> } {
  const next: BundleMap = Object.fromEntries(Object.entries(map).map(([path, slugs]) => [path, [...slugs]]));
  const home = new Map<string, string>();
  for (const [path, slugs] of Object.entries(next)) for (const slug of slugs) home.set(slug, path);
  const changed = new Set<string>();
  for (const slug of touched) {
    const path = home.get(slug);
    if (path && !(slug in records)) {
      // Removed: out of its bundle.
      next[path] = next[path]!.filter((s) => s !== slug);
      home.delete(slug);
      changed.add(path);
    } else if (path) changed.add(path);
    else if (slug in records) {
      // New: into the smallest part with room, else a part of its own.
      const room = Object.entries(next)
        .filter(([p, slugs]) => p !== ROOT_BUNDLE && slugs.length < PART_PRODUCTS)
        .sort((a, b) => a[1].length - b[1].length)[0];
      const target = room?.[0] ?? `/pagefind/part-u${Date.now().toString(36)}/`;
      (next[target] ??= []).push(slug);
      home.set(slug, target);
      changed.add(target);
    }
  }
  return { next, changed };
}

/**
 * Where the records come from: at a million products they are not all read for a rebuild, only the
 * shards holding the products of the bundles indexed again (build-record.ts: readSearchRecordsOf).
 */
export interface SearchRecordSource {
  of(slugs: Iterable<string>): Map<string, SearchRecord>;
  all(): Record<string, SearchRecord>;
}

const sourceOf = (records: Record<string, SearchRecord> | SearchRecordSource): SearchRecordSource =>
  typeof records.of === 'function' && typeof records.all === 'function'
    ? (records as SearchRecordSource)
    : {
        of: (slugs) => new Map([...slugs].filter((s) => s in records).map((s) => [s, (records as Record<string, SearchRecord>)[s]!])),
        all: () => records as Record<string, SearchRecord>,
      };

export async function updateSearchIndex(
  siteDir: string,
  records: Record<string, SearchRecord> | SearchRecordSource,
  touched: string[],
): Promise<SearchUpdateResult> {
  const source = sourceOf(records);
  const map = readBundleMap(siteDir);
  const root = join(siteDir, 'pagefind');
  if (!map || !(ROOT_BUNDLE in map) || !existsSync(join(root, 'pagefind.js'))) {
    const all = await indexSearchRecords(siteDir, source.all());
    return { ...all, reindexed: ['*'] };
  }
  const started = performance.now();
  const memory = treePeakSampler((cmd) => cmd.includes('pagefind'));
  const { next, changed } = planBundles(map, Object.fromEntries(source.of(touched)), touched);
  const entriesOf = (path: string): [string, SearchRecord][] => {
    const found = source.of(next[path]!);
    return next[path]!.filter((s) => found.has(s)).map((s) => [s, found.get(s)!]);
  };
  let pages = 0;
  let peakMb = 0;
  const stamp = `${process.pid}-${Date.now()}`;
  // Emptied parts are deleted once the lists no longer name them.
  const emptied: string[] = [];
  try {
    // The parts first, inside pagefind/: each written aside, then renamed over the old one.
    for (const path of [...changed].filter((p) => p !== ROOT_BUNDLE)) {
      const folder = bundleFolder(siteDir, path);
      if (next[path]!.length === 0) {
        delete next[path];
        emptied.push(folder);
        continue;
      }
      const fresh = `${folder}.new-${stamp}`;
      pages += await writeAside(fresh, entriesOf(path));
      replaceFolder(fresh, folder);
    }
    // The root bundle is pagefind/ itself: written aside, handed the parts, swapped as a whole.
    if (changed.has(ROOT_BUNDLE)) {
      const fresh = `${root}.new-${stamp}`;
      pages += await writeAside(fresh, entriesOf(ROOT_BUNDLE));
      // For these few renames the live root lacks its parts: a search in that instant finds fewer products.
      for (const name of readdirSync(root)) if (name.startsWith('part-')) renameSync(join(root, name), join(fresh, name));
      writeLists(siteDir, next, fresh);
      replaceFolder(fresh, root);
    } else writeLists(siteDir, next, root);
    for (const folder of emptied) rmSync(folder, { recursive: true, force: true });
  } finally {
    await pagefind.close();
    peakMb = memory.stop();
  }
  return {
    pages,
    parts: Object.keys(next).length,
    seconds: (performance.now() - started) / 1000,
    indexerPeakMb: peakMb,
    reindexed: [...changed],
  };
}

/** A bundle written into a folder of its own, removed again if the indexer fails: the live one stays. */
async function writeAside(folder: string, entries: [string, SearchRecord][]): Promise<number> {
  try {
    return await writePart(folder, entries);
  } catch (err) {
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}

function writeLists(siteDir: string, map: BundleMap, into: string): void {
  writePartsList(
    siteDir,
    Object.keys(map).filter((p) => p !== ROOT_BUNDLE),
    map,
    into,
  );
}
