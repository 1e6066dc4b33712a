/**
 * How a build writes its product pages (through src/build/internals/sync-page-writes.ts, as Astro writes them):
 *
 * - Into a folder other than Astro's output. The workers of a parallel build all write their product
 *   pages into one shared folder, so that joining their output is three folder renames instead of
 *   one rename per page (~150k at 100k products), and Astro's end-of-build walk over its output
 *   folder no longer visits every product page.
 * - With the Russian page made from the English one as the English page is written
 *   (src/build/russian-pages.ts), from the HTML in hand, instead of reading every English page back
 *   from disk afterwards. The sample products Astro also renders in Russian are left alone: the build
 *   compares those with the transform (src/build/russian-step.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { russianFromEnglish } from './russian-pages';
import type { PageWriter } from './internals/sync-page-writes';

export interface ProductPageWritesOptions {
  /** Astro's output folder. */
  outDir: string;
  /** Where product pages go (the same layout: shop/products, en/shop/products, ru/shop/products). */
  pagesDir: string;
  /** Make Russian pages from English ones as they are written; null renders them through Astro. */
  russian: { site: string; samples: string[] } | null;
}

export interface ProductPageWrites extends PageWriter {
  /** Russian pages made from English ones so far. */
  readonly russianWritten: number;
}

const PRODUCT_PAGE = /^(|en\/|ru\/)shop\/products\/([^/]+)\.html$/;

export function productPageWrites(opts: ProductPageWritesOptions): ProductPageWrites {
  const root = opts.outDir.endsWith(sep) ? opts.outDir : opts.outDir + sep;
  const samples = new Set(opts.russian?.samples ?? []);
  const site = opts.russian?.site.replace(/\/+$/, '') ?? '';
  const decoder = new TextDecoder();
  const made = new Set<string>();
  // By slug: a build that falls back to bundling again writes its pages twice.
  const russian = new Set<string>();
  const put = (rel: string, data: string | Uint8Array) => {
    const file = join(opts.pagesDir, rel);
    const dir = dirname(file);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(file, data);
  };
  return {
    root,
    get russianWritten() {
      return russian.size;
    },
    write(file, data) {
      const rel = file.slice(root.length).split(sep).join('/');
      const match = PRODUCT_PAGE.exec(rel);
      if (!match) return false;
      put(rel, data);
      const [, prefix, slug] = match;
      if (opts.russian && prefix === 'en/' && !samples.has(slug!)) {
        const html = typeof data === 'string' ? data : decoder.decode(data);
        put(`ru/shop/products/${slug}.html`, russianFromEnglish(html, site));
        russian.add(slug!);
      }
      return true;
    },
  };
}
