/**
 * What a build rendered, collected while Astro renders (src/site/data.ts reports it through the
 * input the build hands the pages, src/build/site-input.ts) and saved as dist/.qateh-build.json:
 * the data hash of every product page and first listing page, and each product's listings. The
 * incremental rebuild compares fresh data with these hashes to render only what really changed.
 * The record is kept on a global object: a process (or thread) runs one build at a time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Product } from '../api/schemas/catalogue';
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

export function readSearchRecords(dir: string): Record<string, SearchRecord> {
  const file = join(dir, SEARCH_FILE);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, SearchRecord>;
  } catch {
    return {};
  }
}

export function writeSearchRecords(dir: string, records: Record<string, SearchRecord>): void {
  writeFileReplacing(join(dir, SEARCH_FILE), JSON.stringify(records));
}

export function readManifest(dir: string): BuildManifest | null {
  const file = join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

// The running shop asks for the version every second (src/build/site-updater.ts); at 100k products the
// manifest is megabytes of JSON, so it is parsed again only when the file is another file.
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
  const version = readManifest(dir)?.version ?? null;
  versionSeen = { file, stamp, version };
  return version;
}

/** Written aside and renamed, so a crash never leaves half a manifest. */
export function writeManifest(dir: string, manifest: BuildManifest): void {
  writeFileReplacing(join(dir, MANIFEST_FILE), JSON.stringify(manifest));
}
