/**
 * The Pagefind index of the built site (dist/pagefind/), the search island's fallback when the API
 * is unreachable. Only product pages carry data-pagefind-body, so only they are indexed, and only
 * what that element holds (name, part number, brand, package, summary and the hidden folded field:
 * see src/lib/pagefind-query.ts). Persian and English pages are indexed; the Russian stub repeats the
 * English texts, so its pages are left out to keep the index (and the indexer's memory) small.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';

export interface SearchIndexResult {
  pages: number;
  seconds: number;
}

/** Product pages of the Persian (unprefixed) and English sites. */
const PRODUCT_PAGES = '{shop,en/shop}/products/*/index.html';

export async function indexSite(siteDir: string): Promise<SearchIndexResult> {
  const started = performance.now();
  const { index, errors } = await pagefind.createIndex({
    // Many small fragment files beat 200k tiny ones on disk and in a cold cache.
    maxFragments: 5000,
  });
  try {
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: siteDir, glob: PRODUCT_PAGES });
    if (added.errors.length) throw new Error(`Pagefind indexing failed: ${added.errors.join('; ')}`);
    const outputPath = join(siteDir, 'pagefind');
    rmSync(outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind could not write its files: ${written.errors.join('; ')}`);
    return { pages: added.page_count, seconds: (performance.now() - started) / 1000 };
  } finally {
    await pagefind.close();
  }
}
