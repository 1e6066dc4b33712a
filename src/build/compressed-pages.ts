/**
 * Product pages kept compressed on disk: a page rendered on its first request is written as
 * `<page>.html.br` only (≈14 KB instead of ≈60 KB), which the server hands a browser that takes brotli
 * as it is and unpacks for one that does not (src/server/http/static-site.ts). At a million products
 * the three languages' pages are ≈180 GB as HTML and ≈42 GB so.
 */
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

export const COMPRESSED_PAGE_SUFFIX = '.br';

/** The compressed form of a page file (`x.html` → `x.html.br`). */
export const compressedPageFile = (htmlFile: string): string => htmlFile + COMPRESSED_PAGE_SUFFIX;

// Quality 5: ~4–12 ms for a 60 KB page (a first request waits for it) and within 10% of the
// strongest setting, which takes ~20 times as long.
const options = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

const brotli = promisify(brotliCompress);

/** Compresses a page off the event loop. */
export async function compressPage(html: string): Promise<Buffer> {
  const bytes = Buffer.from(html, 'utf8');
  return brotli(bytes, options(bytes.byteLength));
}

export function compressPageSync(html: string): Buffer {
  const bytes = Buffer.from(html, 'utf8');
  return brotliCompressSync(bytes, options(bytes.byteLength));
}

/** A page file's HTML, whether kept as `.html` or `.html.br`. */
export function readPageText(file: string): string {
  return file.endsWith(COMPRESSED_PAGE_SUFFIX) ? brotliDecompressSync(readFileSync(file)).toString('utf8') : readFileSync(file, 'utf8');
}
