/**
 * Where a built page's HTML lives, found the way a static host finds it: `<path>.html` for a page,
 * `<path>/index.html` for an index (home, /en, /shop/catalog). Astro's 'preserve' build format.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The file of the page at `rel` ("shop/products/lm358n-dip8", "en/", ""), or null when there is none. */
export function pageFile(outDir: string, rel: string): string | null {
  const clean = rel.replace(/^\/+|\/+$/g, '');
  const candidates = clean ? [join(outDir, `${clean}.html`), join(outDir, clean, 'index.html')] : [join(outDir, 'index.html')];
  return candidates.find((f) => existsSync(f)) ?? null;
}

export function pageExists(outDir: string, rel: string): boolean {
  return pageFile(outDir, rel) !== null;
}

/** The page's file; throws when the build did not write it. */
export function pagePath(outDir: string, rel: string): string {
  const file = pageFile(outDir, rel);
  if (!file) throw new Error(`no built page for ${rel} in ${outDir}`);
  return file;
}
