/** Where a built page's HTML lives, found by the rule the server serves by (src/build/page-files.ts), and what the search index holds. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressedPageFile, readPageText } from '../../src/build/compressed-pages';
import { pageFileCandidates } from '../../src/build/page-files';
import { readBundleMap } from '../../src/build/search-index';
import { sitemapLocations } from '../../src/build/sitemap-patch';

/** The file of the page at `rel` ("shop/products/lm358n-dip8", "en/", ""), or null when there is none; a page rendered on request is kept compressed (`.html.br`). */
export function pageFile(outDir: string, rel: string): string | null {
  const candidates = pageFileCandidates(outDir, rel);
  return [...candidates, ...candidates.map(compressedPageFile)].find((f) => existsSync(f)) ?? null;
}

/** The page's HTML, unpacked when it is kept compressed. */
export const readPage = (outDir: string, rel: string): string => readPageText(pagePath(outDir, rel));

export function pageExists(outDir: string, rel: string): boolean {
  return pageFile(outDir, rel) !== null;
}

/** The page's file; throws when the build did not write it. */
export function pagePath(outDir: string, rel: string): string {
  const file = pageFile(outDir, rel);
  if (!file) throw new Error(`no built page for ${rel} in ${outDir}`);
  return file;
}

/** The search bundles (cut by word range) holding a product. */
export const bundlesHolding = (dir: string, slug: string): string[] =>
  Object.entries(readBundleMap(dir)!.bundles)
    .filter(([, b]) => b.slugs.includes(slug))
    .map(([name]) => name)
    .sort();

/** Every product the search index holds. */
export const indexedProducts = (dir: string): Set<string> => new Set(Object.values(readBundleMap(dir)!.bundles).flatMap((b) => b.slugs));

/** Records per bundle as Pagefind wrote them, against what the bundle map says each holds, and its languages. */
export function bundleCounts(dir: string): { written: number; mapped: number; languages: string[] }[] {
  return Object.entries(readBundleMap(dir)!.bundles).map(([name, b]) => {
    const entry = JSON.parse(readFileSync(join(dir, 'pagefind', name, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    return { written: entry.languages.en?.page_count ?? 0, mapped: b.slugs.length, languages: Object.keys(entry.languages) };
  });
}

/**
 * The text of every sitemap file the index names, joined (a crawler's view: a shard the index does
 * not name is not found). Fails when the index names a file that does not exist.
 */
export const sitemapText = (dir: string, site = 'https://shop.example'): string =>
  sitemapLocations(dir, site)
    .files.map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('');
