/**
 * The rebuild's part of the search index: only the Pagefind bundles a changed, added or removed
 * product is (or was) in are indexed again (each at most the map's limit of records, a few seconds),
 * instead of every record of the catalogue (~45 s at 100k products). Bundles are cut by word ranges
 * (src/lib/pagefind-routes.ts): a product's record goes to the bundle of each of its words' ranges,
 * leaves the bundles whose ranges none of its words are in any more, and a word outside every range
 * widens the nearest one. A bundle that outgrows the limit is cut again by its words (a deeper
 * prefix) into new bundles. Each bundle is written into a new folder and swapped in, the routing file
 * is replaced once every bundle it names is in place, and bundles no longer named are removed last,
 * so the search fallback keeps answering throughout. Bundles hold only their own index files (the
 * root's Pagefind code serves them all, search-index.ts), which an update leaves as they are. A site
 * without a map of this layout gets the whole index written again.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { planBundles, routeWords } from '../lib/pagefind-routes';
import { treePeakSampler } from './process-memory';
import { replaceFolder } from './replace-files';
import {
  bundleFolder,
  indexSearchRecords,
  readBundleMap,
  wordsOf,
  writeBundle,
  writeRoutes,
  type BundleEntry,
  type BundleMap,
  type SearchIndexResult,
} from './search-index';
import type { SearchRecord } from './search-records';

export interface SearchUpdateResult extends SearchIndexResult {
  /** Folder names of the bundles indexed again (new ones included); ['*'] when the whole index was rewritten. */
  reindexed: string[];
}

/** The bundle whose range holds `word`, or the one to widen for it (never a capped one); null when there is none. */
function bundleFor(sorted: [string, BundleEntry][], word: string): [string, BundleEntry] | null {
  let before: [string, BundleEntry] | null = null;
  let after: [string, BundleEntry] | null = null;
  for (const entry of sorted) {
    const b = entry[1];
    if (b.from <= word && word <= b.to) return entry;
    if (b.capped) continue;
    if (b.to < word) before = entry;
    else if (!after && b.from > word) after = entry;
  }
  const widen = before ?? after;
  if (!widen) return null;
  if (widen === before) widen[1].to = word;
  else widen[1].from = word;
  return widen;
}

/**
 * Where the records of `touched` products go: `records` holds the current record of each touched
 * product still shown (absent: removed). Returns the next map and the bundles whose content changed;
 * emptied bundles are gone from the map, bundles past the limit are left to updateSearchIndex to cut again.
 */
export function planUpdate(
  map: BundleMap,
  records: Map<string, SearchRecord>,
  touched: Iterable<string>,
  newName: () => string,
): { next: BundleMap; changed: Set<string> } {
  const bundles: Record<string, BundleEntry> = Object.fromEntries(
    Object.entries(map.bundles).map(([name, b]) => [name, { ...b, slugs: [...b.slugs] }]),
  );
  const home = new Map<string, Set<string>>();
  for (const [name, b] of Object.entries(bundles))
    for (const slug of b.slugs) (home.get(slug) ?? home.set(slug, new Set()).get(slug)!).add(name);
  const sorted = () => Object.entries(bundles).sort((a, b) => (a[1].from < b[1].from ? -1 : 1));
  const changed = new Set<string>();
  const members = new Map(Object.entries(bundles).map(([name, b]) => [name, new Set(b.slugs)]));
  for (const slug of new Set(touched)) {
    const record = records.get(slug);
    const was = home.get(slug) ?? new Set<string>();
    const target = new Set<string>();
    let ranges = sorted();
    for (const word of record ? routeWords(record.text) : []) {
      let found = bundleFor(ranges, word);
      if (!found) {
        // No bundle to widen (only capped ones, or none at all): a bundle of its own.
        const name = newName();
        bundles[name] = { from: word, to: word, slugs: [] };
        members.set(name, new Set());
        ranges = sorted();
        found = [name, bundles[name]!];
      }
      const [name, b] = found;
      // A capped word's bundle keeps its members (their records refreshed) but takes no new ones.
      if (b.capped && !was.has(name)) continue;
      target.add(name);
    }
    for (const name of was) if (!target.has(name)) members.get(name)!.delete(slug);
    for (const name of target) members.get(name)!.add(slug);
    for (const name of new Set([...was, ...target])) changed.add(name);
  }
  for (const [name, set] of members) {
    if (!changed.has(name)) continue;
    if (set.size === 0) delete bundles[name];
    else bundles[name]!.slugs = [...set].sort();
  }
  return { next: { ...map, bundles }, changed };
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
  if (!map) {
    const all = await indexSearchRecords(siteDir, source.all());
    return { ...all, reindexed: ['*'] };
  }
  const started = performance.now();
  const memory = treePeakSampler((cmd) => cmd.includes('pagefind'));
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  let made = 0;
  const newName = () => `u${stamp}-${made++}`;
  const { next, changed } = planUpdate(map, source.of(touched), touched, newName);
  let pages = 0;
  let peakMb = 0;
  const reindexed: string[] = [];
  // Folders the routing file no longer names: removed once the new one is in place.
  const dropped = [...changed].filter((name) => !(name in next.bundles) && name in map.bundles);
  try {
    for (const name of [...changed].filter((n) => n in next.bundles)) {
      const bundle = next.bundles[name]!;
      const found = source.of(bundle.slugs);
      const entries = bundle.slugs.filter((s) => found.has(s)).map((s): [string, SearchRecord] => [s, found.get(s)!]);
      if (!bundle.capped && entries.length > next.limit) {
        // Outgrown: cut again by its words into new bundles, which replace it.
        delete next.bundles[name];
        if (name in map.bundles) dropped.push(name);
        for (const part of planBundles(wordsOf(entries), next.limit, [bundle.from, bundle.to], next.common)) {
          const fresh = newName();
          pages += await writeAside(
            bundleFolder(siteDir, fresh),
            part.slugs.map((s) => [s, found.get(s)!]),
          );
          next.bundles[fresh] = { from: part.from, to: part.to, ...(part.capped ? { capped: true as const } : {}), slugs: part.slugs };
          reindexed.push(fresh);
        }
        continue;
      }
      const folder = bundleFolder(siteDir, name);
      const aside = `${folder}.new-${stamp}`;
      pages += await writeAside(aside, entries);
      replaceFolder(aside, folder);
      reindexed.push(name);
    }
    writeRoutes(join(siteDir, 'pagefind'), next);
    for (const name of dropped) rmSync(bundleFolder(siteDir, name), { recursive: true, force: true });
  } finally {
    await pagefind.close();
    peakMb = memory.stop();
  }
  return {
    pages,
    parts: Object.keys(next.bundles).length,
    seconds: (performance.now() - started) / 1000,
    indexerPeakMb: peakMb,
    reindexed,
  };
}

/** A bundle written into a folder of its own, removed again if the indexer fails: the live one stays. */
async function writeAside(folder: string, entries: [string, SearchRecord][]): Promise<number> {
  try {
    return await writeBundle(folder, entries);
  } catch (err) {
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}
