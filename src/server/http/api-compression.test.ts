import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiJsonCompression } from './api-compression';

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
});
