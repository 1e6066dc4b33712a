/**
 * The routes' JSON answers, made into bytes here rather than by c.json and then apiJsonCompression.
 * That way cost, per answer: the JSON text as a string, the Response read back as a stream
 * (`res.arrayBuffer()` builds the full fetch Response), new Headers and a second Response. Here: one
 * JSON.stringify into a Buffer, compression at the same fast setting (api-compression.ts), one
 * Response over the bytes, which @hono/node-server writes as they are.
 *
 * The bytes are kept beside the answer object while it lives (a WeakMap): an answer the read cache
 * holds is serialised once and compressed once per encoding, not on every request that reads it.
 * A route must then never change an object after it has been answered (the read cache's values are
 * shared by every request already).
 */
import type { Context } from 'hono';
import { acceptedEncoding } from './compression';
import { compressJson, JSON_MIN_COMPRESS_BYTES, markEncoded } from './api-compression';
import type { CompressionThread } from './compression-thread';
import { encodeJson } from '../services/shared-json';

interface Encoded {
  json: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

/**
 * An answer whose JSON was made elsewhere (the search thread, services/search/search-thread.ts): a
 * route returns it as it would the object, and it is answered and compressed the same way.
 */
export class EncodedJson {
  constructor(readonly json: Uint8Array<ArrayBuffer>) {}
}

const encodedAnswers = new WeakMap<object, Encoded>();

function encodedOf(value: object): Encoded {
  // A bare value (a handler answering null or a number) has no identity to keep its bytes by.
  if (typeof value !== 'object' || value === null) return { json: Buffer.from(JSON.stringify(value)) as Uint8Array<ArrayBuffer> };
  let encoded = encodedAnswers.get(value);
  if (!encoded) {
    // The kept bytes of the shared cards and sidebars it shows (shared-json.ts), the rest made here.
    encoded = { json: value instanceof EncodedJson ? value.json : (encodeJson(value) as Uint8Array<ArrayBuffer>) };
    encodedAnswers.set(value, encoded);
  }
  return encoded;
}

/**
 * The JSON answer of `value`, compressed when `compress` (the API's JSON compression is on) and the
 * client takes it: the same status, headers and bytes as c.json followed by apiJsonCompression. With a
 * `thread`, bytes not compressed before are compressed there (compression-thread.ts) and the answer
 * comes once they are back.
 */
export function jsonAnswer(
  c: Context,
  value: object,
  compress: boolean,
  extraHeaders: Record<string, string> = {},
  thread?: CompressionThread,
): Response | Promise<Response> {
  // Only answers are taken here; a handler's own Response goes out as it is.
  const encoded = encodedOf(value);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...extraHeaders };
  // The status a handler set (c.status(201)) stays, as with c.json.
  const answer = (body: Uint8Array<ArrayBuffer>) => markEncoded(c.body(body, undefined, headers));
  let body = encoded.json;
  if (compress && c.req.method !== 'HEAD') {
    headers.Vary = 'Accept-Encoding';
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
    if (encoding) {
      if (body.byteLength >= JSON_MIN_COMPRESS_BYTES) {
        headers['Content-Encoding'] = encoding;
        const ready = encoded[encoding];
        if (!ready && thread) {
          return thread.compress(encoded.json, encoding).then((out) => {
            const kept = (encoded[encoding] ??= out);
            headers['Content-Length'] = String(kept.byteLength);
            return answer(kept);
          });
        }
        body = ready ?? (encoded[encoding] = compressJson(encoded.json, encoding));
      }
      headers['Content-Length'] = String(body.byteLength);
    }
  }
  return answer(body);
}
