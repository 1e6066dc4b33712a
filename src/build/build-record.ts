/**
 * What a build rendered, collected while Astro renders (src/site/data.ts reports it through the
 * input the build hands the pages, src/build/site-input.ts) and saved as dist/.qateh-build.json (its
 * products in shards under dist/.qateh-shards/, src/build/record-shards.ts): the data hash of every
 * product page and first listing page, and each product's listings. The
 * incremental rebuild compares fresh data with these hashes to render only what really changed.
 * The record is kept on a global object: a process (or thread) runs one build at a time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Product } from '../api/schemas/catalogue';
import { pruneShards, readAllShards, readShardsOf, updateShards, writeShards, type ShardIndex } from './record-shards';
import { writeFileReplacing } from './replace-files';
import { searchRecordOf, type SearchRecord } from './search-records';

export const MANIFEST_FILE = '.qateh-build.json';

export interface ProductRecord {
  hash: string;
  /** Category slugs of the listings that show this product: its trail, root → leaf. */
  listings: string[];
}

export interface BuildManifest {
  /** Database time of the data the build read (export/index generatedAt): the next rebuild asks for changes since then. */
  builtAt: string;
  /** Catalogue version (newest updated_at of anything a shopper reads) at build time. */
  version: string;
  /** Fingerprint of the configuration every page shows (shell-fingerprint.ts); absent in older manifests. */
  shell?: string;
  products: Record<string, ProductRecord>;
  /** First-page hash per listing ('' is /shop/catalog). */
  listings: Record<string, string>;
  /**
   * 'on-request': the build wrote no product page (SITE_PRODUCT_PAGES); each is rendered on its first
   * request and `products` lists only those a rebuild rendered. Absent: every product page was built.
   */
  productPages?: 'on-request';
}

interface Recorder {
  builtAt?: string;
  version?: string;
  products: Map<string, ProductRecord>;
  listings: Map<string, string>;
  search: Map<string, SearchRecord>;
}

const KEY = '__qatehBuildRecord';
type WithRecorder = typeof globalThis & { [KEY]?: Recorder };

export function startRecording(): void {
  (globalThis as WithRecorder)[KEY] = { products: new Map(), listings: new Map(), search: new Map() };
}

function recorder(): Recorder | undefined {
  return (globalThis as WithRecorder)[KEY];
}

export function stopRecording(): Recorder {
  const r = recorder() ?? { products: new Map(), listings: new Map(), search: new Map() };
  delete (globalThis as WithRecorder)[KEY];
  return r;
}

export const dataHash = (value: unknown): string => createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

/** Called by data.ts: which data a page was rendered from. */
export function recordIndex(builtAt: string, version: string): void {
  const r = recorder();
  if (r && !r.builtAt) Object.assign(r, { builtAt, version });
}
export function recordProduct(slug: string, hash: string, listings: string[]): void {
  recorder()?.products.set(slug, { hash, listings });
}
/** What the Pagefind fallback search indexes of a product (src/build/search-records.ts), given its folded text. */
export function recordSearch(p: Product, text: string): void {
  const r = recorder();
  if (r) r.search.set(p.slug, searchRecordOf(p, text));
}
export function recordListing(categorySlug: string | null, hash: string): void {
  recorder()?.listings.set(categorySlug ?? '', hash);
}

/** Adds what a build worker process recorded (src/build/parallel-render.ts). */
export function mergeRecord(part: {
  products: [string, ProductRecord][];
  listings: [string, string][];
  search: [string, unknown][];
}): void {
  const r = recorder();
  if (!r) return;
  for (const [slug, rec] of part.products) r.products.set(slug, rec);
  for (const [slug, hash] of part.listings) r.listings.set(slug, hash);
  for (const [slug, rec] of part.search) r.search.set(slug, rec as SearchRecord);
}

export const SEARCH_FILE = '.qateh-search.json';
/** The shards of the manifest's products and of the search records (src/build/record-shards.ts); a dot folder, never served. */
export const SHARD_FOLDER = '.qateh-shards';
const PRODUCT_SHARDS = 'products';
const SEARCH_SHARDS = 'search';
/** The search records' index file holds `{ [SHARDED]: ShardIndex }`; older sites hold every record in it. */
const SHARDED = '$shards';

const shardFolder = (dir: string): string => join(dir, SHARD_FOLDER);

function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The search records' shard index; null for a site without records or with the older single file. */
function searchIndexOf(dir: string): { index: ShardIndex | null; whole: Record<string, SearchRecord> } {
  const head = readJson<Record<string, unknown>>(join(dir, SEARCH_FILE));
  if (!head) return { index: null, whole: {} };
  if (SHARDED in head) return { index: head[SHARDED] as ShardIndex, whole: {} };
  return { index: null, whole: head as Record<string, SearchRecord> };
}

/** Every product's search record, read shard by shard. */
export function readSearchRecords(dir: string): Record<string, SearchRecord> {
  const { index, whole } = searchIndexOf(dir);
  if (!index) return whole;
  try {
    return readAllShards<SearchRecord>(shardFolder(dir), index);
  } catch {
    return {};
  }
}

/** The search records of `slugs` only (the shards holding them are read, no others). */
export function readSearchRecordsOf(dir: string, slugs: Iterable<string>): Map<string, SearchRecord> {
  const { index, whole } = searchIndexOf(dir);
  if (!index) return new Map([...slugs].filter((s) => s in whole).map((s) => [s, whole[s]!]));
  return readShardsOf<SearchRecord>(shardFolder(dir), index, slugs);
}

function saveSearchIndex(dir: string, index: ShardIndex): void {
  writeFileReplacing(join(dir, SEARCH_FILE), JSON.stringify({ [SHARDED]: index }));
  pruneShards(shardFolder(dir), SEARCH_SHARDS, index);
}

export function writeSearchRecords(dir: string, records: Record<string, SearchRecord>): void {
  saveSearchIndex(dir, writeShards(shardFolder(dir), SEARCH_SHARDS, records).index);
}

/** Sets `changes` and deletes `removed` in the saved search records, writing only the shards they fall in. */
export function updateSearchRecords(dir: string, changes: Record<string, SearchRecord>, removed: Iterable<string>): void {
  const { index, whole } = searchIndexOf(dir);
  if (!index) {
    // A site with the older single file: written as shards once.
    const records = { ...whole, ...changes };
    for (const slug of removed) delete records[slug];
    writeSearchRecords(dir, records);
    return;
  }
  saveSearchIndex(dir, updateShards(shardFolder(dir), SEARCH_SHARDS, index, changes, removed).index);
}

/** The manifest file: everything but the products, which live in shards it names. */
type ManifestHead = Omit<BuildManifest, 'products'> & { productShards?: ShardIndex; products?: BuildManifest['products'] };

export function readManifest(dir: string): BuildManifest | null {
  // A rebuild may prune the shards between reading the head and a shard: read the new head once more.
  for (let attempt = 0; attempt < 2; attempt++) {
    const head = readJson<ManifestHead>(join(dir, MANIFEST_FILE));
    if (!head) return null;
    const { productShards, products, ...rest } = head;
    // A manifest written before shards holds its products itself.
    if (!productShards) return { ...rest, products: products ?? {} };
    try {
      return { ...rest, products: readAllShards<ProductRecord>(shardFolder(dir), productShards) };
    } catch {
      continue;
    }
  }
  return null;
}

// The running shop asks for the version every second (src/build/site-updater.ts): the manifest file is
// parsed again only when it is another file (it is small, the products live in shards).
let versionSeen: { file: string; stamp: string; version: string | null } | undefined;

/** The catalogue version the site in `dir` was built from; null without a (readable) manifest. */
export function readManifestVersion(dir: string): string | null {
  const file = join(dir, MANIFEST_FILE);
  let stamp: string;
  try {
    const st = statSync(file);
    stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return null;
  }
  if (versionSeen?.file === file && versionSeen.stamp === stamp) return versionSeen.version;
  const version = readJson<ManifestHead>(file)?.version ?? null;
  versionSeen = { file, stamp, version };
  return version;
}

/**
 * The products' shards first (only those whose content changed are written), then the manifest
 * naming them, written aside and renamed: a crash never leaves half a manifest or a missing shard.
 */
export function writeManifest(dir: string, manifest: BuildManifest): void {
  const { products, ...rest } = manifest;
  const { index } = writeShards(shardFolder(dir), PRODUCT_SHARDS, products);
  const head: ManifestHead = { ...rest, productShards: index };
  writeFileReplacing(join(dir, MANIFEST_FILE), JSON.stringify(head));
  pruneShards(shardFolder(dir), PRODUCT_SHARDS, index);
}
