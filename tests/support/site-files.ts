/** Where a built page's HTML lives, found by the rule the server serves by (src/build/page-files.ts). */
import { existsSync } from 'node:fs';
import { compressedPageFile, readPageText } from '../../src/build/compressed-pages';
import { pageFileCandidates } from '../../src/build/page-files';

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
