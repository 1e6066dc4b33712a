/**
 * Incremental rebuild. Astro 5 has none, so: ask the backend what changed since the last build (the
 * manifest in dist/ says when that was), compare the changed products' data with the hashes the
 * manifest holds, render only the product pages whose data changed and the first page of every
 * listing they appear on (a partial Astro build into a temporary folder, see render-filter.ts), copy
 * those pages over the live site, delete the pages of disabled or deleted products, patch the
 * sitemap, index again the Pagefind bundles holding changed products (src/build/search-update.ts),
 * and save the merged manifest.
 *
 * A category edit renders its listings and the product pages showing it, and swaps the new page frame
 * (menu, search selector) into every other page as text (src/build/shell-swap.ts). A site without a
 * manifest, or a change to what every page shows from configuration or staff settings, gets a full build.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Config } from '../server/config';
import { openBuildApi, type BuildData } from './build-api';
import {
  readManifest,
  readSearchRecords,
  readSearchRecordsOf,
  updateSearchRecords,
  writeManifest,
  type BuildManifest,
} from './build-record';
import { createExportApi } from './export-client';
import { compressedPageFile } from './compressed-pages';
import { productPageFiles } from './page-files';
import { productHash } from './product-hash';
import { searchRecordOf, type SearchRecord } from './search-records';
import { INLINE_HASHES_FILE, InlineHashCollector, readInlineHashes, scanSitePages, writeInlineHashes } from './inline-hashes';
import { copyFileReplacing } from './replace-files';
import { hasSearchIndex } from './search-index';
import { updateSearchIndex, type SearchUpdateResult } from './search-update';
import { shellFingerprint } from './shell-fingerprint';
import { buildSite } from './site';
import { categoryTrail, fixedPagesToRender, planRebuild } from './rebuild-plan';
import { pageDataUse } from './page-data-use';
import { PROJECT_ROOT } from './astro-render';
import { pageLanguagePrefix, shellOf, swapShell } from './shell-swap';
import { createSiteApi } from '../api/client';
import { patchSitemap, unlistedProducts } from './sitemap-patch';
import type { ClientBundleOutcome } from './internals/vite-client-replay';
import type { ServerCodeOutcome } from './internals/astro-build-driver';

/** Changes written in the same second as the last build's read are asked for again: re-checking is cheap. */
export const CLOCK_MARGIN_MS = 5000;

export interface RebuildResult {
  kind: 'none' | 'partial' | 'full';
  reason: string;
  /** Product slugs whose pages were rendered again / removed. */
  rendered: string[];
  removed: string[];
  listings: string[];
  /** Product pages deleted to be rendered again on their next request (a site whose product pages are rendered on request). */
  forgotten?: string[];
  /** Pages that got the new shared frame (header, footer) as text, without being rendered again. */
  shellsSwapped?: number;
  /** Whether the partial build replayed the live site's browser bundle or made it again (and why). */
  clientBundle?: ClientBundleOutcome;
  /** Whether the partial build reused the compiled server code of the same sources or compiled it (and why). */
  serverCode?: ServerCodeOutcome;
  /** The Pagefind bundles indexed again (partial rebuilds of a site with a search index). */
  search?: SearchUpdateResult;
  /** Seconds until the changed pages were live in the site folder; total including the search index. */
  pagesSeconds: number;
  seconds: number;
}

const LOCALE_PREFIXES = ['', 'en/', 'ru/'];

/** Each language's shared page frame, read from its home page in `dir` (src/build/shell-swap.ts). */
function shellsOf(dir: string): Partial<Record<'' | 'en/' | 'ru/', string[]>> {
  const out: Partial<Record<'' | 'en/' | 'ru/', string[]>> = {};
  for (const prefix of LOCALE_PREFIXES) {
    const file = join(dir, prefix, 'index.html');
    if (!existsSync(file)) continue;
    const shell = shellOf(readFileSync(file, 'utf8'));
    if (shell) out[pageLanguagePrefix(prefix)] = shell;
  }
  return out;
}

/** The slug of a product page's file (relative to the site), or null for any other file. */
function productPageSlug(file: string): string | null {
  const m = /^(?:(?:en|ru)\/)?shop\/products\/([^/]+)\.html$/.exec(file);
  return m && m[1] !== 'index' ? m[1]! : null;
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, base));
    else out.push(relative(base, full));
  }
  return out;
}

export interface RebuildOptions {
  searchIndex?: boolean;
  logLevel?: 'warn' | 'error';
  /** A full build's progress lines (which phase took how long). */
  log?: (line: string) => void;
}

export async function rebuildSite(config: Config, data: BuildData, siteDir: string, opts: RebuildOptions = {}): Promise<RebuildResult> {
  const started = performance.now();
  // One API for the whole rebuild: what changed, then the partial (or full) build's pages.
  const api = await openBuildApi(config, data);
  try {
    return await rebuildFrom(config, api.url, siteDir, opts, started);
  } finally {
    await api.close();
  }
}

async function rebuildFrom(config: Config, apiUrl: string, siteDir: string, opts: RebuildOptions, started: number): Promise<RebuildResult> {
  // Wall clock (file times), before any data is read.
  const startedAt = Date.now();
  const full = async (reason: string): Promise<RebuildResult> => {
    const built = await buildSite(
      config,
      { apiUrl },
      { outDir: siteDir, logLevel: opts.logLevel, searchIndex: opts.searchIndex, log: opts.log },
    );
    return { kind: 'full', reason, rendered: [], removed: [], listings: [], pagesSeconds: built.renderSeconds, seconds: built.seconds };
  };
  const manifest = readManifest(siteDir);
  if (!manifest) return full('no build manifest in the site folder');
  // Every page's shell (store details, the test-mode banner) comes from configuration, not the catalogue.
  if (manifest.shell !== shellFingerprint(config)) return full('the configuration every page shows changed (store details, test mode)');

  // 1. What changed, read through the API like everything else the build reads.
  const exporter = createExportApi(apiUrl);
  const since = new Date(Date.parse(manifest.builtAt) - CLOCK_MARGIN_MS).toISOString();
  const changes = await exporter.changes({ since });
  // The menu, banner messages, help links and brands are on every page; slides (home) and deleted
  // pages or posts only touch the small fixed pages a partial build renders anyway.
  const everyPage = changes.site.filter((area) => area !== 'slides' && area !== 'pages');
  if (everyPage.length > 0) return full(`staff changed what every page shows: ${everyPage.join(', ')}`);
  const fresh = new Map<string, { id: number; hash: string; listings: string[] }>();
  const onRequest = manifest.productPages === 'on-request';
  // Product pages rendered on request record nothing for the search fallback: changed products' records come from here.
  const freshRecords: Record<string, SearchRecord> = {};
  for (let after = 0; ;) {
    const page = await exporter.products({ since, after, limit: 1000 });
    for (const p of page.items) {
      fresh.set(p.slug, { id: p.id, hash: productHash(p), listings: p.categories.map((c) => c.slug) });
      if (onRequest) freshRecords[p.slug] = searchRecordOf(p);
    }
    if (page.next === null) break;
    after = page.next;
  }

  // An edited category shows on its listings, in the breadcrumbs of the products under it, and in the
  // frame of every page (menu, search selector): those pages are rendered, the frame swapped into the rest.
  const categories = changes.categories;
  const underIndex = categories.length ? (await exporter.index({ categories })).products : [];
  const underCategories = underIndex.map((p) => p.slug);
  const tree = categories.length ? await createSiteApi(apiUrl).categories() : [];

  // 2. Only what really differs from what the pages were rendered from.
  const plan = planRebuild({
    manifest: manifest.products,
    fresh,
    removed: changes.products.removed,
    categories,
    underCategories,
    categoryTrails: Object.fromEntries(categories.map((c) => [c, categoryTrail(tree, c)])),
    onRequest,
  });
  const rendered = plan.render;
  // Every removed product's pages go, also those rendered on request (not in the manifest); one
  // removed earlier (asked for again within the clock margin) has nothing left to remove.
  const removed = plan.removed.filter(
    (slug) =>
      slug in manifest.products || LOCALE_PREFIXES.some((prefix) => productPageFiles(siteDir, prefix, slug).some((f) => existsSync(f))),
  );
  const contentChanged = changes.pages.length + changes.posts.length + changes.site.length + categories.length > 0;
  if (rendered.length === 0 && removed.length === 0 && plan.forget.length === 0 && !contentChanged) {
    writeManifest(siteDir, { ...manifest, builtAt: changes.generatedAt, version: changes.version });
    return {
      kind: 'none',
      reason: 'nothing a page shows has changed',
      rendered,
      removed,
      listings: [],
      pagesSeconds: 0,
      seconds: (performance.now() - started) / 1000,
    };
  }
  const listings = new Set(plan.listings);
  // Of the fixed pages, only those showing what changed (an account or checkout page shows only the
  // shared frame, swapped in below when it changed).
  const pages = fixedPagesToRender(pageDataUse(PROJECT_ROOT), {
    products: rendered.length + removed.length + plan.forget.length > 0,
    categories: categories.length > 0,
    pages: changes.pages.length > 0 || changes.site.includes('pages'),
    posts: changes.posts.length > 0 || changes.site.includes('pages'),
    slides: changes.site.includes('slides'),
  });

  // 3. Render them (and the fixed pages showing the change: home rows, content) aside.
  // Beside the live site (same file system, and under the working directory when the site is).
  const tempDir = mkdtempSync(`${siteDir.replace(/\/+$/, '')}.rebuild-`);
  try {
    const partial = await buildSite(
      config,
      { apiUrl },
      {
        outDir: tempDir,
        logLevel: opts.logLevel,
        renderOnly: { products: rendered, listings: [...listings], pages },
        clientBundleFrom: siteDir,
      },
    );
    // 4. Copy pages over the live site; the sitemap and the manifest of a partial build are partial: skip them.
    // Each file is copied beside its old self and renamed over it: the site may be served meanwhile,
    // and a shopper must get the old page or the new one, never half of one.
    // The new pages' inline scripts are allowed before the first new page is served; old pages keep theirs.
    // The frame each language's pages share, before and after (a category edit changes the menu).
    const oldShells = shellsOf(siteDir);
    const newShells = shellsOf(tempDir);
    const inline = new InlineHashCollector();
    // A site built before builds recorded them is read once.
    inline.merge(readInlineHashes(siteDir) ?? scanSitePages(siteDir));
    inline.merge(readInlineHashes(tempDir) ?? { scripts: [], styles: [] });
    writeInlineHashes(siteDir, inline.result());
    // Product pages the shop refreshed while this build ran (src/build/product-page-refresher.ts) were
    // rendered from data as new as this build's or newer: never put an older page back over them, nor
    // back the page of a product disabled or deleted meanwhile (the next rebuild does its listings).
    const removedMeanwhile = new Set((await exporter.changes({ since })).products.removed);
    const copied = new Set<string>();
    for (const file of filesUnder(tempDir)) {
      if (/^sitemap.*\.xml$/.test(file) || file === INLINE_HASHES_FILE) continue;
      const target = join(siteDir, file);
      // Hashed assets (fonts, styles, the search worker) never change under their name: the live site's copy stands.
      if (file.startsWith('_astro/') && existsSync(target)) continue;
      const product = productPageSlug(file);
      if (product !== null && removedMeanwhile.has(product)) {
        rmSync(target, { force: true });
        rmSync(compressedPageFile(target), { force: true });
        continue;
      }
      // A page the shop wrote after this rebuild read its data (a saved change, a first request) is newer.
      if (product !== null && [target, compressedPageFile(target)].some((f) => existsSync(f) && statSync(f).mtimeMs > startedAt)) continue;
      mkdirSync(dirname(target), { recursive: true });
      copyFileReplacing(join(tempDir, file), target);
      // The page rendered on its first request, kept compressed, is replaced by the one rendered now.
      if (file.endsWith('.html')) rmSync(compressedPageFile(target), { force: true });
      copied.add(file);
    }
    const swapShells = Object.fromEntries(
      Object.entries(newShells).filter(([prefix, shell]) => JSON.stringify(shell) !== JSON.stringify(oldShells[prefix as ''])),
    );
    const shellsSwapped = Object.keys(swapShells).length ? await swapShell(siteDir, swapShells, copied) : 0;
    // Pages rendered on request next time they are asked for, from fresh data.
    for (const slug of plan.forget)
      for (const prefix of LOCALE_PREFIXES) for (const file of productPageFiles(siteDir, prefix, slug)) rmSync(file, { force: true });
    for (const slug of removed) {
      for (const prefix of LOCALE_PREFIXES) {
        for (const file of productPageFiles(siteDir, prefix, slug)) rmSync(file, { force: true });
        // A site first built with a folder per page (before build.format 'preserve').
        rmSync(join(siteDir, `${prefix}shop/products/${slug}`), { recursive: true, force: true });
      }
    }
    // A site whose product pages are rendered on request lists every product in its sitemap, built or not.
    // Their ids say which sitemap shard lists them (sitemap-patch.ts).
    const ids = new Map<string, number>([
      ...underIndex.map((p) => [p.slug, p.id] as const),
      ...[...fresh].map(([slug, f]) => [slug, f.id] as const),
    ]);
    const withIds = (slugs: string[]) => slugs.flatMap((slug) => (ids.has(slug) ? [{ id: ids.get(slug)!, slug }] : []));
    const added = (
      onRequest
        ? unlistedProducts(siteDir, config.PUBLIC_BASE_URL, withIds([...fresh.keys()]))
        : withIds(rendered.filter((slug) => !(slug in manifest.products)))
    ).filter((p) => !removed.includes(p.slug));
    // A removed product's id names the one shard it is cut from.
    const removedIds = changes.products.removedIds;
    patchSitemap(siteDir, config.PUBLIC_BASE_URL, { added, removed: removed.map((slug) => ({ slug, id: removedIds[slug] ?? null })) });

    const next: BuildManifest = {
      ...manifest,
      builtAt: partial.record.builtAt ?? changes.generatedAt,
      version: changes.version,
      shell: manifest.shell,
      products: { ...manifest.products, ...partial.record.products },
      listings: { ...manifest.listings, ...partial.record.listings },
    };
    for (const slug of removed) delete next.products[slug];
    writeManifest(siteDir, next);
    const pagesSeconds = (performance.now() - started) / 1000;
    // The search records of every product live beside the site, in shards: swap the changed ones (only
    // their shards are rewritten) and re-index the bundles holding them, reading only the shards they need.
    const recordsNow = Object.fromEntries(plan.forget.filter((slug) => slug in freshRecords).map((slug) => [slug, freshRecords[slug]!]));
    updateSearchRecords(siteDir, { ...recordsNow, ...partial.searchRecords }, removed);
    const search =
      opts.searchIndex !== false && hasSearchIndex(siteDir)
        ? await updateSearchIndex(siteDir, { of: (slugs) => readSearchRecordsOf(siteDir, slugs), all: () => readSearchRecords(siteDir) }, [
            ...new Set([...rendered, ...plan.forget, ...removed]),
          ])
        : undefined;
    return {
      kind: 'partial',
      reason: `${rendered.length} product(s) changed${plan.forget.length ? ` (${plan.forget.length} more left to render on request)` : ''}, ${removed.length} removed${
        categories.length ? `, categories edited: ${categories.join(', ')}` : ''
      }${contentChanged ? ', content changed' : ''}${shellsSwapped ? `, the new page frame swapped into ${shellsSwapped} page(s)` : ''}`,
      rendered,
      forgotten: plan.forget,
      shellsSwapped,
      removed,
      listings: [...listings],
      pagesSeconds,
      seconds: (performance.now() - started) / 1000,
      clientBundle: partial.clientBundle,
      serverCode: partial.serverCode,
      search,
    };
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}
