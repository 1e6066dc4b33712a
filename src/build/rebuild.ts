/**
 * Incremental rebuild. Astro 5 has none, so: ask the backend what changed since the last build (the
 * manifest in dist/ says when that was), compare the changed products' data with the hashes the
 * manifest holds, render only the product pages whose data changed and the first page of every
 * listing they appear on (a partial Astro build into a temporary folder, see render-filter.ts), copy
 * those pages over the live site, delete the pages of disabled or deleted products, patch the
 * sitemap, index again the Pagefind bundles holding changed products (src/build/search-update.ts),
 * and save the merged manifest.
 *
 * A category change (the header menu of every page shows the tree) or a site without a manifest
 * gets a full build instead.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Config } from '../server/config';
import { openBuildApi, type BuildData } from './build-api';
import { readManifest, readSearchRecords, writeManifest, writeSearchRecords, type BuildManifest } from './build-record';
import { createExportApi } from './export-client';
import { productPageFile } from './page-files';
import { productHash } from './product-hash';
import { INLINE_HASHES_FILE, InlineHashCollector, readInlineHashes, scanSitePages, writeInlineHashes } from './inline-hashes';
import { copyFileReplacing } from './replace-files';
import { hasSearchIndex } from './search-index';
import { updateSearchIndex, type SearchUpdateResult } from './search-update';
import { shellFingerprint } from './shell-fingerprint';
import { buildSite } from './site';
import { patchSitemap } from './sitemap-patch';
import type { ClientBundleOutcome } from './internals/vite-client-replay';

/** Changes written in the same second as the last build's read are asked for again: re-checking is cheap. */
const CLOCK_MARGIN_MS = 5000;

export interface RebuildResult {
  kind: 'none' | 'partial' | 'full';
  reason: string;
  /** Product slugs whose pages were rendered again / removed. */
  rendered: string[];
  removed: string[];
  listings: string[];
  /** Whether the partial build replayed the live site's browser bundle or made it again (and why). */
  clientBundle?: ClientBundleOutcome;
  /** The Pagefind bundles indexed again (partial rebuilds of a site with a search index). */
  search?: SearchUpdateResult;
  /** Seconds until the changed pages were live in the site folder; total including the search index. */
  pagesSeconds: number;
  seconds: number;
}

const LOCALE_PREFIXES = ['', 'en/', 'ru/'];

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

export async function rebuildSite(
  config: Config,
  data: BuildData,
  siteDir: string,
  opts: { searchIndex?: boolean; logLevel?: 'warn' | 'error' } = {},
): Promise<RebuildResult> {
  const started = performance.now();
  // One API for the whole rebuild: what changed, then the partial (or full) build's pages.
  const api = await openBuildApi(config, data);
  try {
    return await rebuildFrom(config, api.url, siteDir, opts, started);
  } finally {
    await api.close();
  }
}

async function rebuildFrom(
  config: Config,
  apiUrl: string,
  siteDir: string,
  opts: { searchIndex?: boolean; logLevel?: 'warn' | 'error' },
  started: number,
): Promise<RebuildResult> {
  const full = async (reason: string): Promise<RebuildResult> => {
    const built = await buildSite(config, { apiUrl }, { outDir: siteDir, logLevel: opts.logLevel, searchIndex: opts.searchIndex });
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
  if (changes.categories.length > 0) return full(`categories changed: ${changes.categories.join(', ')}`);
  // The menu, banner messages, help links and brands are on every page; slides (home) and deleted
  // pages or posts only touch the small fixed pages a partial build renders anyway.
  const everyPage = changes.site.filter((area) => area !== 'slides' && area !== 'pages');
  if (everyPage.length > 0) return full(`staff changed what every page shows: ${everyPage.join(', ')}`);
  const fresh = new Map<string, { hash: string; listings: string[] }>();
  for (let after = 0; ;) {
    const page = await exporter.products({ since, after, limit: 1000 });
    for (const p of page.items) fresh.set(p.slug, { hash: productHash(p), listings: p.categories.map((c) => c.slug) });
    if (page.next === null) break;
    after = page.next;
  }

  // 2. Only what really differs from what the pages were rendered from.
  const rendered = [...fresh].filter(([slug, f]) => manifest.products[slug]?.hash !== f.hash).map(([slug]) => slug);
  const removed = changes.products.removed.filter((slug) => slug in manifest.products);
  const contentChanged = changes.pages.length + changes.posts.length + changes.site.length > 0;
  if (rendered.length === 0 && removed.length === 0 && !contentChanged) {
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
  const listings = new Set<string>();
  for (const slug of [...rendered, ...removed]) {
    listings.add('');
    for (const c of manifest.products[slug]?.listings ?? []) listings.add(c);
    for (const c of fresh.get(slug)?.listings ?? []) listings.add(c);
  }

  // 3. Render them (and the small fixed pages: home rows and content may show the change) aside.
  // Beside the live site (same file system, and under the working directory when the site is).
  const tempDir = mkdtempSync(`${siteDir.replace(/\/+$/, '')}.rebuild-`);
  try {
    const partial = await buildSite(
      config,
      { apiUrl },
      {
        outDir: tempDir,
        logLevel: opts.logLevel,
        renderOnly: { products: rendered, listings: [...listings] },
        clientBundleFrom: siteDir,
      },
    );
    // 4. Copy pages over the live site; the sitemap and the manifest of a partial build are partial: skip them.
    // Each file is copied beside its old self and renamed over it: the site may be served meanwhile,
    // and a shopper must get the old page or the new one, never half of one.
    // The new pages' inline scripts are allowed before the first new page is served; old pages keep theirs.
    const inline = new InlineHashCollector();
    // A site built before builds recorded them is read once.
    inline.merge(readInlineHashes(siteDir) ?? scanSitePages(siteDir));
    inline.merge(readInlineHashes(tempDir) ?? { scripts: [], styles: [] });
    writeInlineHashes(siteDir, inline.result());
    for (const file of filesUnder(tempDir)) {
      if (/^sitemap.*\.xml$/.test(file) || file === INLINE_HASHES_FILE) continue;
      const target = join(siteDir, file);
      mkdirSync(dirname(target), { recursive: true });
      copyFileReplacing(join(tempDir, file), target);
    }
    for (const slug of removed) {
      for (const prefix of LOCALE_PREFIXES) {
        rmSync(productPageFile(siteDir, prefix, slug), { force: true });
        // A site first built with a folder per page (before build.format 'preserve').
        rmSync(join(siteDir, `${prefix}shop/products/${slug}`), { recursive: true, force: true });
      }
    }
    const added = rendered.filter((slug) => !(slug in manifest.products));
    patchSitemap(siteDir, config.PUBLIC_BASE_URL, { added, removed });

    const next: BuildManifest = {
      builtAt: partial.record.builtAt ?? changes.generatedAt,
      version: changes.version,
      shell: manifest.shell,
      products: { ...manifest.products, ...partial.record.products },
      listings: { ...manifest.listings, ...partial.record.listings },
    };
    for (const slug of removed) delete next.products[slug];
    writeManifest(siteDir, next);
    const pagesSeconds = (performance.now() - started) / 1000;
    // The search records of every product live beside the site: swap the changed ones and re-index.
    const records = { ...readSearchRecords(siteDir), ...partial.searchRecords };
    for (const slug of removed) delete records[slug];
    writeSearchRecords(siteDir, records);
    const search =
      opts.searchIndex !== false && hasSearchIndex(siteDir)
        ? await updateSearchIndex(siteDir, records, [...rendered, ...removed])
        : undefined;
    return {
      kind: 'partial',
      reason: `${rendered.length} product(s) changed, ${removed.length} removed${contentChanged ? ', content changed' : ''}`,
      rendered,
      removed,
      listings: [...listings],
      pagesSeconds,
      seconds: (performance.now() - started) / 1000,
      clientBundle: partial.clientBundle,
      search,
    };
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}
