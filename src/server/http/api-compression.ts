/**
 * The API's JSON answers compressed at a fast setting: the routes' answers in the process's
 * compression thread (compression-thread.ts, via json-answer.ts), other JSON by this middleware on the
 * request thread. Every long-tail search answer is new, so it is compressed once per request: Hono's
 * compress() (the stream default, gzip level 6) took 1.4–2.4 ms of the request thread per 30 KB dropdown
 * answer. Over 1,096 real answers (13 KB on average), brotli quality 2 takes 0.07 ms for 17.1% of the
 * bytes, quality 4 0.13 ms for 15.8%, gzip level 1 0.07 ms for 18.3%. On libuv's thread pool instead, one
 * compression cost the request thread 0.15 ms of set-up and callbacks (more than compressing there) and
 * the process 0.35 ms in all: under the long-tail load at 100k products on PostgreSQL that way took
 * 2.16 ms of CPU per request, on the request thread 1.23 (issue 19). Other API answers (files, PDFs)
 * keep compress().
 */
import type { MiddlewareHandler } from 'hono';
import { brotliCompressSync, constants, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
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

/** The fast settings (the figures above), shared with the compression thread (compression-thread.ts). */
export const JSON_BROTLI_QUALITY = 2;
export const JSON_GZIP_LEVEL = 1;

const brotliOptions = (bytes: Uint8Array): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
  },
});
const GZIP_OPTIONS: ZlibOptions = { level: JSON_GZIP_LEVEL };

/** Compresses `bytes` for the given encoding at the fast settings above. */
export function compressJson(bytes: Uint8Array, encoding: 'br' | 'gzip'): Uint8Array<ArrayBuffer> {
  // zlib's Buffers are over plain ArrayBuffers of their own, as response bodies want them.
  return (encoding === 'br' ? brotliCompressSync(bytes, brotliOptions(bytes)) : gzipSync(bytes, GZIP_OPTIONS)) as Uint8Array<ArrayBuffer>;
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
