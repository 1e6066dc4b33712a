import { Hono } from 'hono';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiJsonCompression } from './api-compression';
import { jsonAnswer } from './json-answer';
import { CompressionThread } from './compression-thread';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `LM358N آی‌سی ${i}` })) };
const small = { ok: true, n: 1 };

/** The same answers made the old way (c.json, then apiJsonCompression) and by jsonAnswer. */
const old = new Hono();
old.use('*', apiJsonCompression());
old.get('/big', (c) => c.json(big));
old.get('/small', (c) => c.json(small));
const now = new Hono();
now.use('*', apiJsonCompression());
now.get('/big', (c) => jsonAnswer(c, big, true, { 'X-Frame-Options': 'SAMEORIGIN' }));
now.get('/small', (c) => jsonAnswer(c, small, true));
now.get('/created', (c) => {
  c.status(201);
  return jsonAnswer(c, small, true);
});
now.get('/plain', (c) => jsonAnswer(c, big, false));

const get = (app: Hono, path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, { method, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-frame-options'));

describe('JSON answers made into bytes once', () => {
  it('answers with the same status, headers and bytes as c.json followed by the API compression', async () => {
    for (const path of ['/big', '/small'])
      for (const encoding of ['gzip, deflate, br', 'gzip', undefined]) {
        const [a, b] = [await get(old, path, encoding), await get(now, path, encoding)];
        expect(b.status).toBe(a.status);
        expect(headersOf(b)).toEqual(headersOf(a));
        expect(Buffer.from(await b.arrayBuffer())).toEqual(Buffer.from(await a.arrayBuffer()));
      }
    const [a, b] = [await get(old, '/big', 'br', 'HEAD'), await get(now, '/big', 'br', 'HEAD')];
    expect(headersOf(b)).toEqual(headersOf(a));
  });

  it('compresses an answer object once and sends the kept bytes again', async () => {
    const first = Buffer.from(await (await get(now, '/big', 'br')).arrayBuffer());
    const second = Buffer.from(await (await get(now, '/big', 'br')).arrayBuffer());
    expect(second).toEqual(first);
    expect(JSON.parse(brotliDecompressSync(second).toString())).toEqual(big);
  });

  it('keeps the status a handler set, the extra headers, and sends plain JSON when compression is off', async () => {
    expect((await get(now, '/created')).status).toBe(201);
    expect((await get(now, '/big', 'br')).headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    const plain = await get(now, '/plain', 'br');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it('answers the same headers and bytes when compressed in the compression thread', async () => {
    const thread = new CompressionThread();
    // Objects of their own: the kept bytes of `big` would be sent without compressing anything.
    const answers = Array.from({ length: 20 }, (_, n) => ({ ...big, n }));
    const made = (threaded: boolean) => {
      const app = new Hono();
      app.get('/:n', (c) => jsonAnswer(c, answers[Number(c.req.param('n'))]!, true, {}, threaded ? thread : undefined));
      return app;
    };
    const [here, there] = [made(false), made(true)];
    try {
      for (const encoding of ['br', 'gzip']) {
        // Asked all at once: each answer goes back to its own request.
        const threaded = await Promise.all(answers.map((_, n) => get(there, `/${n}`, encoding)));
        for (const [n, b] of threaded.entries()) {
          const a = await get(here, `/${n}`, encoding);
          expect(headersOf(b)).toEqual(headersOf(a));
          expect(Buffer.from(await b.arrayBuffer())).toEqual(Buffer.from(await a.arrayBuffer()));
        }
      }
    } finally {
      await thread.close();
    }
  });
});
