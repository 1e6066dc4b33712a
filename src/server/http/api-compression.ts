/**
 * The API's JSON answers compressed at a fast setting. Every long-tail search answer is new, so it is
 * compressed once per request: Hono's compress() (the stream default, gzip level 6) took 1.4–2.4 ms of
 * this thread per 30 KB dropdown answer; gzip level 1 takes ~0.25 ms for a few percent more bytes, brotli
 * quality 4 ~0.35 ms for a third fewer (issue 19). Other API answers (files, PDFs) keep compress().
 */
import type { MiddlewareHandler } from 'hono';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { acceptedEncoding } from './compression';

/** Below this the saving is smaller than the work and the headers. */
export const JSON_MIN_COMPRESS_BYTES = 1024;
const MIN_BYTES = JSON_MIN_COMPRESS_BYTES;

/** Answers whose bytes are final already (json-answer.ts): read back and made again here, they cost twice. */
const encoded = new WeakSet<Response>();
export function markEncoded(res: Response): Response {
  encoded.add(res);
  return res;
}
/** Whether `res` is such an answer, to be sent as it is. */
export const isEncoded = (res: Response): boolean => encoded.has(res);
const JSON_TYPE = /^application\/json\b/i;

const brotliOptions = (bytes: Uint8Array): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
  },
});
const GZIP_OPTIONS: ZlibOptions = { level: 1 };

/** Compresses `bytes` for the given encoding at the fast settings above, on this thread. */
export function compressJson(bytes: Uint8Array, encoding: 'br' | 'gzip'): Uint8Array<ArrayBuffer> {
  // zlib's Buffers are over plain ArrayBuffers of their own, as response bodies want them.
  return (encoding === 'br' ? brotliCompressSync(bytes, brotliOptions(bytes)) : gzipSync(bytes, GZIP_OPTIONS)) as Uint8Array<ArrayBuffer>;
}

/**
 * Compressions on libuv's thread pool at once, at most: the pool (four threads) also reads the static
 * files and hashes passwords, and a file read queued behind a burst of compressions would wait for them
 * all. Two leave the others free for that.
 */
const MAX_IN_POOL = 2;
let inPool = 0;
const waitingForPool: (() => void)[] = [];

/**
 * The same compression on libuv's thread pool. Under the long-tail load at 100k products compressing
 * took 18% of the server's one thread (a profile, issue 19) while the machine's other core sat mostly
 * idle: off the thread, it no longer holds up the searches and pages queued behind it.
 */
export async function compressJsonOffThread(bytes: Uint8Array, encoding: 'br' | 'gzip'): Promise<Uint8Array<ArrayBuffer>> {
  // A waiter is handed the slot of the compression that ends (below), so none can slip in between.
  if (inPool < MAX_IN_POOL) inPool++;
  else await new Promise<void>((resolve) => waitingForPool.push(resolve));
  try {
    return await new Promise((resolve, reject) => {
      const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result as Uint8Array<ArrayBuffer>));
      if (encoding === 'br') brotliCompress(bytes, brotliOptions(bytes), done);
      else gzip(bytes, GZIP_OPTIONS, done);
    });
  } finally {
    const next = waitingForPool.shift();
    if (next) next();
    else inPool--;
  }
}

export function apiJsonCompression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (encoded.has(res)) return;
    if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding') || !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    const vary = res.headers.get('Vary');
    if (!vary?.toLowerCase().includes('accept-encoding')) c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !res.body) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const body = bytes.byteLength < MIN_BYTES ? bytes : compressJson(bytes, encoding);
    const headers = new Headers(c.res.headers);
    // Its length told: a small answer left as it is stays under compress()'s threshold too.
    headers.set('Content-Length', String(body.byteLength));
    if (body !== bytes) headers.set('Content-Encoding', encoding);
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
