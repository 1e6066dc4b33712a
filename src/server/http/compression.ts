/**
 * The storefront's text files (pages, styles, scripts, SVG, sitemaps) go to the browser compressed: a
 * 200 KB home page crosses a mobile link as ~19 KB. Brotli when the browser takes it, gzip otherwise.
 * Compressed copies are kept in a bounded cache keyed by the file's identity, so a popular page is
 * compressed once per build, not once per request.
 */
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import type { Stats } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

export type Encoding = 'br' | 'gzip';
/** zlib's output: Buffers over plain (never shared) ArrayBuffers, as response bodies want them. */
type Bytes = Uint8Array<ArrayBuffer>;

/** Below this, the saving is smaller than the work and the headers. */
const MIN_BYTES = 1024;

/** The same types the API's compression takes (Hono's list): text, JSON, XML, JavaScript, SVG. */
export const isCompressible = (contentType: string, bytes: number): boolean =>
  bytes >= MIN_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);

/** The encoding to answer with, from an Accept-Encoding header: the higher weight wins, brotli on a tie; q=0 refuses. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part
      .trim()
      .toLowerCase()
      .split(';')
      .map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses off the event loop. `fast` (~5 ms for a 200 KB script) is what a request waits for; the
 * strongest setting saves another ~10% but takes ~50 times as long, so it is only ever done in the
 * background, for files that never change under their name (src/server/http/static-site.ts).
 */
async function compressBytes(bytes: Uint8Array, encoding: Encoding, strength: 'fast' | 'best'): Promise<Bytes> {
  const best = strength === 'best';
  if (encoding === 'br') return (await brotli(bytes, brotliOptions(bytes, best))) as Bytes;
  return (await gzipAsync(bytes, { level: best ? 9 : 6 })) as Bytes;
}

const brotliOptions = (bytes: Uint8Array, best: boolean): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
  },
});

/**
 * compressFirstAnswer's bytes, made in the calling thread: the render thread of product pages
 * (src/build/product-render-thread.ts) compresses the page it rendered for the request that asked,
 * so the server thread only sends it (its own turn of the event loop and the thread pool's queue
 * were a first render's longest waits on a busy deploy).
 */
export function compressFirstAnswerNow(bytes: Uint8Array, encoding: Encoding): Bytes {
  return (encoding === 'br' ? brotliCompressSync(bytes, brotliOptions(bytes, false)) : gzipSync(bytes, { level: 6 })) as Bytes;
}

/**
 * A product page rendered on its first request, compressed for that one answer (the next request
 * reads the kept file and caches its copy like any page's).
 */
export function compressFirstAnswer(bytes: Uint8Array, encoding: Encoding): Promise<Bytes> {
  return compressBytes(bytes, encoding, 'fast');
}

interface Entry {
  ino: number;
  size: number;
  mtimeMs: number;
  bytes: Bytes;
}

/** Compressed copies of files, least recently used dropped first once `maxBytes` is passed. */
export class CompressedFiles {
  readonly #entries = new Map<string, Entry>();
  #total = 0;
  /** The queue of background compressions, one at a time. */
  #pending: Promise<void> = Promise.resolve();

  constructor(private readonly maxBytes: number) {}

  /**
   * The compressed file, from the cache while the file on disk is the one compressed. A `lasting`
   * file (it never changes under its name) is compressed fast for this request, then again at the
   * strongest setting in the background; later requests get the smaller copy.
   */
  async get(file: string, stats: Stats, encoding: Encoding, read: () => Promise<Uint8Array>, lasting: boolean): Promise<Bytes> {
    const key = `${encoding}:${file}`;
    const hit = this.#entries.get(key);
    if (hit && hit.ino === stats.ino && hit.size === stats.size && hit.mtimeMs === stats.mtimeMs) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.bytes;
    }
    const original = await read();
    const entry: Entry = {
      ino: stats.ino,
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      bytes: await compressBytes(original, encoding, 'fast'),
    };
    this.#put(key, entry);
    if (lasting) {
      // One at a time: each holds a thread of the pool that also reads the files for requests.
      this.#pending = this.#pending
        .then(() => compressBytes(original, encoding, 'best'))
        .then(
          (bytes) => {
            // Only if nothing replaced the fast copy meanwhile (a newer file, or the cache dropping it).
            if (this.#entries.get(key) === entry) this.#put(key, { ...entry, bytes });
          },
          () => {},
        );
    }
    return entry.bytes;
  }

  /** Resolves once the background compressions asked for so far have landed (tests). */
  settled(): Promise<void> {
    return this.#pending;
  }

  #put(key: string, entry: Entry): void {
    const old = this.#entries.get(key);
    if (old) this.#total -= old.bytes.byteLength;
    this.#entries.delete(key);
    if (entry.bytes.byteLength > this.maxBytes) return;
    this.#entries.set(key, entry);
    this.#total += entry.bytes.byteLength;
    for (const [k, e] of this.#entries) {
      if (this.#total <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#total -= e.bytes.byteLength;
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** A validator for a file as it is on disk: a rebuild replaces a page by a new file (new inode, time, size). */
export const fileEtag = (stats: Stats): string =>
  `W/"${stats.ino.toString(36)}-${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`;

/** True when an If-None-Match header names this validator (or any, with `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
