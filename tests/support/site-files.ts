/** Where a built page's HTML lives, found by the rule the server serves by (src/build/page-files.ts). */
import { existsSync } from 'node:fs';
import { pageFileCandidates } from '../../src/build/page-files';

/** The file of the page at `rel` ("shop/products/lm358n-dip8", "en/", ""), or null when there is none. */
export function pageFile(outDir: string, rel: string): string | null {
  return pageFileCandidates(outDir, rel).find((f) => existsSync(f)) ?? null;
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
