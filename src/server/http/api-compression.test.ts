import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiJsonCompression, brotliWindowBits, compressJson } from './api-compression';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `LM358N آی‌سی ${i}` })) };
const app = new Hono();
app.use('*', compress());
app.use('*', apiJsonCompression());
app.get('/big', (c) => c.json(big));
app.get('/small', (c) => c.json({ ok: true }));
app.get('/text', (c) => c.text('x'.repeat(5000)));

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

describe('API JSON compression', () => {
  it('sends brotli when the client prefers it, gzip otherwise, and the same JSON either way', async () => {
    const br = await get('/big', 'gzip, deflate, br');
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toEqual(big);
    const gz = await get('/big', 'gzip');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gz.headers.get('Vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big);
  });

  it('leaves small answers and clients without compression alone', async () => {
    const small = await get('/small', 'gzip, br');
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const plain = await get('/big');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it('leaves other types to the general compression', async () => {
    const text = await get('/text', 'gzip');
    expect(text.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await text.arrayBuffer())).toString()).toBe('x'.repeat(5000));
  });

  it.each([
    [1, 10],
    [1024, 10],
    [1025, 11],
    [3_439, 12],
    [65_536, 16],
    [65_537, 17],
    [4_194_304, 22],
    [50_000_000, 22],
  ])("fits brotli's window to an answer of %i bytes: 2^%i", (bytes, bits) => {
    expect(brotliWindowBits(bytes)).toBe(bits);
  });

  it("sends answers of every size whole, and as small as with brotli's default window", () => {
    // A dropdown's answer, a listing's, and one far past the largest window.
    for (const count of [20, 300, 60_000]) {
      const answer = Buffer.from(
        JSON.stringify({ items: Array.from({ length: count }, (_, i) => ({ id: i, part: `LM${i % 977}N`, nameFa: `آی‌سی ${i % 313}` })) }),
      );
      const packed = compressJson(answer, 'br');
      expect(brotliDecompressSync(packed).equals(answer)).toBe(true);
      const withDefaultWindow = brotliCompressSync(answer, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      });
      expect(packed.byteLength).toBeLessThanOrEqual(withDefaultWindow.byteLength);
    }
  });
});
