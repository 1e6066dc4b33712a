import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressJson } from './api-compression';
import { CompressionThread } from './compression-thread';

const answer = (n: number) =>
  Buffer.from(JSON.stringify({ items: Array.from({ length: 60 + n }, (_, i) => ({ id: i, name: `NE555P تایمر ${i}`, n })) }));

describe('the JSON compression thread', () => {
  it('gives the bytes the request thread would, each to its own caller, and leaves the input whole', async () => {
    const thread = new CompressionThread();
    try {
      const inputs = Array.from({ length: 40 }, (_, n) => answer(n));
      const copies = inputs.map((b) => Buffer.from(b));
      const outs = await Promise.all(inputs.map((b, n) => thread.compress(b, n % 2 ? 'gzip' : 'br')));
      outs.forEach((out, n) => {
        expect(Buffer.from(out)).toEqual(Buffer.from(compressJson(copies[n]!, n % 2 ? 'gzip' : 'br')));
        expect((n % 2 ? gunzipSync(out) : brotliDecompressSync(out)).equals(copies[n]!)).toBe(true);
      });
      // The caller keeps its bytes (the read cache sends them again).
      inputs.forEach((b, n) => expect(b.equals(copies[n]!)).toBe(true));
      expect(thread.fallbacks).toBe(0);
    } finally {
      await thread.close();
    }
  });

  it('still answers what was waiting when the thread ends, and starts a new thread for the next', async () => {
    const thread = new CompressionThread();
    const waiting = Promise.all(Array.from({ length: 10 }, (_, n) => thread.compress(answer(n), 'br')));
    await thread.close();
    const outs = await waiting;
    outs.forEach((out, n) => expect(brotliDecompressSync(out).equals(answer(n))).toBe(true));
    expect(thread.fallbacks).toBeGreaterThan(0);
    const again = await thread.compress(answer(3), 'gzip');
    expect(gunzipSync(again).equals(answer(3))).toBe(true);
    await thread.close();
  });
});
