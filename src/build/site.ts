/**
 * The static build of the storefront. Astro renders every page from the backend's data, read over
 * HTTP from the real API (src/build/build-api.ts: given the database, we serve it in-process on a
 * free loopback port for the build's duration; given an API address, we read from that), hand the
 * pages its address (src/build/site-input.ts), and run Astro's build (in several worker processes for a large
 * catalogue, src/build/parallel-render.ts). A full build then writes the
 * build manifest (what each page was rendered from, for incremental rebuilds) and the Pagefind index.
 *
 * A partial build (`renderOnly`) renders only the named product and listing pages, plus the small
 * fixed pages, into its own folder; src/build/rebuild.ts copies them over the live site.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Config } from '../server/config';
import { PROJECT_ROOT, renderWithAstro } from './astro-render';
import { removeInBackground, removeLeftovers, replaceFolder } from './replace-files';
import { openBuildApi, type BuildData } from './build-api';
import { shellFingerprint } from './shell-fingerprint';
import {
  mergeRecord,
  recordIndex,
  recordSearch,
  startRecording,
  stopRecording,
  writeManifest,
  writeSearchRecords,
  type BuildManifest,
} from './build-record';
import { createExportApi } from './export-client';
import { exportSearchRecords } from './export-search-records';
import { productSearchText } from '../site/pagefind-text';
import { InlineHashCollector, writeInlineHashes } from './inline-hashes';
import { CLIENT_BUNDLE_FILE } from './client-bundle-record';
import { buildWorkerCount, renderInSlices } from './parallel-render';
import type { RenderOnlyFile } from './render-filter';
import { russianMismatches, russianSamples } from './russian-step';
import { indexSearchRecords, type SearchIndexResult } from './search-index';
import type { SliceRecord } from './slice-worker';
import type { SearchRecord } from './search-records';
import { writeProductSitemaps } from './sitemap-patch';
import type { ClientBundleOutcome } from './internals/vite-client-replay';
import type { ServerCodeOutcome } from './internals/astro-build-driver';

export { PROJECT_ROOT };
export const DEFAULT_SITE_DIR = resolve(PROJECT_ROOT, 'dist');

export interface SiteBuildOptions {
  /** Where the pages go; `dist/` by default. */
  outDir?: string;
  /** Astro's log level: 'info' lists every page, 'warn' only problems. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
  /** Render only these product and listing pages (incremental rebuild); no manifest, no search index. */
  renderOnly?: RenderOnlyFile;
  /** Skip the Pagefind index (tests that do not search). */
  searchIndex?: boolean;
  /**
   * Products per search bundle at most and when a word is common (PART_PRODUCTS and a tenth of it by
   * default, src/lib/pagefind-routes.ts); a small shop's test sets a few to get several bundles.
   */
  searchBundles?: { products: number; common: { over: number; keep: number } };
  /**
   * Make Russian product pages from the English ones (src/build/russian-pages.ts) instead of
   * rendering them; on by default, turned off by the build itself when its check fails.
   */
  russianFromEnglish?: boolean;
  /** Worker processes rendering product pages (full builds); by default BUILD_WORKERS or one per core for a large catalogue. */
  workers?: number;
  /** Progress lines (which phase took how long); silent by default. */
  log?: (line: string) => void;
  /** A built site whose recorded browser bundle a partial build may replay (src/build/internals/vite-client-replay.ts). */
  clientBundleFrom?: string;
  /** 'on-request': a full build writes no product page (SITE_PRODUCT_PAGES, the default here). */
  productPages?: 'build' | 'on-request';
}

export interface SiteBuildResult {
  outDir: string;
  seconds: number;
  /** Seconds spent in Astro (data reads included) and in the Pagefind indexer. */
  renderSeconds: number;
  search: SearchIndexResult | null;
  /** What the pages were rendered from: written to dist/ by full builds, merged by rebuilds. */
  record: Omit<BuildManifest, 'builtAt' | 'version'> & { builtAt?: string; version?: string };
  /** The Pagefind records of the rendered products (src/build/search-records.ts). */
  searchRecords: Record<string, SearchRecord>;
  /** Russian product pages made from English ones; false when they were rendered. */
  russianFromEnglish: boolean;
  /** Whether the browser bundle was made or replayed (builds in this process only). */
  clientBundle?: ClientBundleOutcome;
  /** Whether the pages' server code was compiled or reused (single-process builds; src/build/server-code-cache.ts). */
  serverCode?: ServerCodeOutcome;
}

/**
 * Astro writes its server-side chunks inside the output folder when that lies under the working
 * directory, and into one fixed <cwd>/.astro/ folder otherwise — where two builds at once (parallel
 * test files, a benchmark beside a build) would delete each other's chunks, and a later build in the
 * same process would get the earlier build's modules from Node's import cache. So a build aimed
 * outside the working directory runs in a folder of its own under node_modules/.cache and is moved
 * into place afterwards (a rename: same file system in practice).
 */
function stagingDir(outDir: string): string | null {
  const cwd = process.cwd();
  if (outDir === cwd || outDir.startsWith(cwd + sep)) return null;
  const base = join(cwd, 'node_modules', '.cache', 'qateh-site');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, 'build-'));
}

/**
 * Puts a finished build where it was asked for, replacing whatever was there. The site it replaces
 * is deleted in the background: the new one is live as soon as it is renamed into place.
 */
function moveInto(staged: string, outDir: string): void {
  mkdirSync(dirname(outDir), { recursive: true });
  removeLeftovers(outDir);
  replaceFolder(staged, outDir, removeInBackground);
}

export async function buildSite(config: Config, data: BuildData, opts: SiteBuildOptions = {}): Promise<SiteBuildResult> {
  const outDir = resolve(opts.outDir ?? DEFAULT_SITE_DIR);
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const russianFromEnglish = opts.russianFromEnglish !== false;
  // Product pages left to their first request: the sitemap lists them, no page is rendered now.
  const onRequest = !opts.renderOnly && (opts.productPages ?? config.SITE_PRODUCT_PAGES) === 'on-request';
  const site = config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const api = await openBuildApi(config, data);
  // Where the pages are rendered before they are moved into outDir (null: straight into outDir).
  let staged: string | null = null;
  let astroOut = outDir;
  let sliceCleanup: (() => void) | undefined;
  let slicedOutcome: SliceRecord[] | undefined;
  startRecording();
  let record: ReturnType<typeof stopRecording>;
  let slugs: string[];
  let samples: string[] = [];
  let retry = false;
  let clientBundle: ClientBundleOutcome | undefined;
  let serverCode: ServerCodeOutcome | undefined;
  let russianWritten = 0;
  const inline = new InlineHashCollector();
  try {
    // Which products the pages cover: a partial build's list, or every product in the catalogue.
    let index: Awaited<ReturnType<ReturnType<typeof createExportApi>['index']>> | undefined;
    if (opts.renderOnly?.products) slugs = opts.renderOnly.products;
    else {
      index = await createExportApi(api.url).index();
      slugs = index.products.map((p) => p.slug);
      log(`read the catalogue index (${slugs.length} products) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const cap = Number(process.env.SITE_MAX_PRODUCTS || 0);
    if (!opts.renderOnly && cap > 0) slugs = slugs.slice(0, cap);
    if (onRequest && index) recordIndex(index.generatedAt, index.version);
    if (russianFromEnglish && !onRequest) samples = russianSamples(slugs);
    const productLocales: ('fa' | 'en' | 'ru')[] = russianFromEnglish ? ['fa', 'en'] : ['fa', 'en', 'ru'];
    const workers = opts.renderOnly || onRequest ? 1 : Math.min(opts.workers ?? buildWorkerCount(slugs.length), Math.max(1, slugs.length));
    const logLevel = opts.logLevel ?? 'warn';
    if (workers > 1) {
      // Workers render the products of this read: the next rebuild asks for changes since then. (In
      // one process, the pages' own read of the index, a little later, is the one recorded.)
      if (index) recordIndex(index.generatedAt, index.version);
      const sliced = await renderInSlices({
        apiUrl: api.url,
        site: config.PUBLIC_BASE_URL,
        logLevel,
        slugs,
        index,
        workers,
        productLocales,
        alsoRussian: samples,
        russianFromEnglish,
        log,
      });
      for (const part of sliced.records) {
        mergeRecord(part);
        inline.merge(part.inlineHashes);
      }
      slicedOutcome = sliced.records;
      staged = sliced.dir;
      astroOut = sliced.dir;
      sliceCleanup = sliced.cleanup;
    } else {
      staged = stagingDir(outDir);
      astroOut = staged ?? outDir;
      const filter: RenderOnlyFile = { ...(opts.renderOnly ?? (onRequest ? { products: [] } : {})), productLocales, alsoRussian: samples };
      const rendered = await renderWithAstro({
        apiUrl: api.url,
        site: config.PUBLIC_BASE_URL,
        outDir: astroOut,
        filter,
        logLevel,
        reuseClientBundle: opts.clientBundleFrom && join(opts.clientBundleFrom, CLIENT_BUNDLE_FILE),
        whole: !opts.renderOnly,
        russianFromEnglish: russianFromEnglish ? { samples } : null,
      });
      clientBundle = rendered.clientBundle;
      serverCode = rendered.serverCode;
      russianWritten = rendered.russianWritten;
      inline.merge(rendered.inlineHashes);
    }
    log(`astro rendered pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (russianFromEnglish) {
      const t = performance.now();
      // Russian pages were made as the English ones were written; workers checked their own samples.
      const ru = slicedOutcome
        ? {
            written: slicedOutcome.reduce((n, r) => n + (r.russian?.written ?? 0), 0),
            mismatches: slicedOutcome.flatMap((r) => r.russian?.mismatches ?? []),
          }
        : { written: russianWritten, mismatches: russianMismatches(astroOut, samples, site) };
      if (ru.mismatches.length) {
        // Russian pages no longer render like English ones: render them all, as before.
        log(`Russian product pages differ from English ones (${ru.mismatches.slice(0, 3).join(', ')}): rendering them through Astro.`);
        retry = true;
      } else
        log(`${ru.written} Russian product pages made from English (samples checked in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
    }
    if (!retry) {
      const t = performance.now();
      if (index) {
        // In id order, as the index lists them; capped like the pages (SITE_MAX_PRODUCTS).
        const shards = await writeProductSitemaps(astroOut, config.PUBLIC_BASE_URL, index.products.slice(0, slugs.length));
        log(`sitemap: ${slugs.length} products in ${shards} shard(s), ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
      // With the pages, so a served site never lacks the hashes of its own scripts (a rebuild merges them).
      writeInlineHashes(astroOut, inline.result());
      if (staged) moveInto(staged, outDir);
      log(`sitemap, inline hashes and move into place: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      if (onRequest && opts.searchIndex !== false) {
        // No product page rendered to record its search record: they come from the catalogue, read
        // once the pages are in place (product URLs already answer meanwhile, rendered on request).
        const t2 = performance.now();
        const n = await exportSearchRecords(api.url, (p) => recordSearch(p, productSearchText(p)), new Set(slugs));
        log(`${n} search records read from the catalogue in ${((performance.now() - t2) / 1000).toFixed(1)} s`);
      }
    }
  } finally {
    if (staged) rmSync(staged, { recursive: true, force: true });
    sliceCleanup?.();
    record = stopRecording();
    await api.close();
  }
  if (retry) return buildSite(config, data, { ...opts, russianFromEnglish: false });
  const renderSeconds = (performance.now() - started) / 1000;
  const result: SiteBuildResult['record'] = {
    builtAt: record.builtAt,
    version: record.version,
    shell: shellFingerprint(config),
    products: Object.fromEntries(record.products),
    listings: Object.fromEntries(record.listings),
    ...(onRequest ? { productPages: 'on-request' as const } : {}),
  };
  const searchRecords = Object.fromEntries(record.search);
  let search: SearchIndexResult | null = null;
  if (!opts.renderOnly) {
    const t = performance.now();
    writeSearchRecords(outDir, searchRecords);
    log(`search records written in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    // Every worker's records at once: the bundles are cut by the words of the whole catalogue.
    if (opts.searchIndex !== false) {
      search = await indexSearchRecords(outDir, searchRecords, { limit: opts.searchBundles?.products, common: opts.searchBundles?.common });
      log(
        `search index: ${search.pages} records in ${search.parts} part(s), ${search.seconds.toFixed(1)} s, indexer peak ${search.indexerPeakMb} MB`,
      );
    }
    if (result.builtAt) writeManifest(outDir, result as BuildManifest);
  }
  return {
    outDir,
    seconds: (performance.now() - started) / 1000,
    renderSeconds,
    search,
    record: result,
    searchRecords,
    russianFromEnglish,
    clientBundle,
    serverCode,
  };
}

/** True when `dir` holds a finished build (its home page is written last-ish and always exists). */
export const siteIsBuilt = (dir: string): boolean => existsSync(resolve(dir, 'index.html'));
