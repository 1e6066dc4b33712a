import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, CompressedFiles, etagMatches, fileEtag, isCompressible } from './compression';

const dir = mkdtempSync(join(tmpdir(), 'qateh-compression-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('which encoding a browser gets', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0.3, br;q=0', 'gzip'],
    ['identity', null],
    ['gzip;q=0', null],
    ['', null],
    [undefined, null],
    ['GZIP', 'gzip'],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('what is worth compressing', () => {
  it.each([
    ['text/html; charset=utf-8', 5000, true],
    ['text/css; charset=utf-8', 5000, true],
    ['text/javascript; charset=utf-8', 5000, true],
    ['application/json; charset=utf-8', 5000, true],
    ['application/xml; charset=utf-8', 5000, true],
    ['image/svg+xml', 5000, true],
    ['text/html; charset=utf-8', 500, false],
    ['image/webp', 50_000, false],
    ['font/woff2', 50_000, false],
    ['application/pdf', 50_000, false],
  ])('%s of %i bytes → %s', (type, bytes, expected) => {
    expect(isCompressible(type, bytes)).toBe(expected);
  });
});

describe('validators', () => {
  it('a file keeps its validator until it changes, and If-None-Match finds it in a list, weak or not', () => {
    const file = join(dir, 'page.html');
    writeFileSync(file, 'one');
    const first = fileEtag(statSync(file));
    expect(fileEtag(statSync(file))).toBe(first);
    writeFileSync(file, 'a longer page');
    const second = fileEtag(statSync(file));
    expect(second).not.toBe(first);
    expect(etagMatches(`"x", ${second}`, second)).toBe(true);
    expect(etagMatches(second.replace(/^W\//, ''), second)).toBe(true);
    expect(etagMatches(first, second)).toBe(false);
    expect(etagMatches('*', second)).toBe(true);
    expect(etagMatches(undefined, second)).toBe(false);
  });
});

describe('compressed copies kept in memory', () => {
  const page = (n: number) => `<p>${'part number LM358 '.repeat(200)}${n}</p>`;

  it('compresses a file once while it is unchanged, and again once it changes', async () => {
    const cache = new CompressedFiles(1024 * 1024);
    const file = join(dir, 'kept.html');
    writeFileSync(file, page(1));
    let reads = 0;
    const read = async () => {
      reads++;
      return new Uint8Array(Buffer.from(page(reads)));
    };
    const a = await cache.get(file, statSync(file), 'br', read, false);
    const b = await cache.get(file, statSync(file), 'br', read, false);
    expect(reads).toBe(1);
    expect(b).toBe(a);
    expect(brotliDecompressSync(a).toString()).toBe(page(1));
    writeFileSync(file, page(22));
    const c = await cache.get(file, statSync(file), 'br', read, false);
    expect(reads).toBe(2);
    expect(brotliDecompressSync(c).toString()).toBe(page(2));
    const g = await cache.get(file, statSync(file), 'gzip', read, true);
    expect(gunzipSync(g).toString()).toBe(page(3));
  });

  it('serves a file that never changes compressed fast at once, and the strongest copy once it is ready', async () => {
    const cache = new CompressedFiles(1024 * 1024);
    const file = join(dir, 'client.js');
    const script = Array.from({ length: 3000 }, (_, i) => `export const part${i % 97} = "LM${(i * 7919) % 10007}";`).join('\n');
    writeFileSync(file, script);
    const read = async () => Buffer.from(script);
    const first = await cache.get(file, statSync(file), 'br', read, true);
    await cache.settled();
    const later = await cache.get(file, statSync(file), 'br', read, true);
    expect(later.byteLength).toBeLessThan(first.byteLength);
    expect(brotliDecompressSync(first).toString()).toBe(script);
    expect(brotliDecompressSync(later).toString()).toBe(script);
  });

  it('drops the least recently used copies past its size', async () => {
    const files = [1, 2, 3].map((n) => {
      const file = join(dir, `lru-${n}.html`);
      writeFileSync(file, page(n));
      return file;
    });
    const one = (await new CompressedFiles(1 << 20).get(files[0]!, statSync(files[0]!), 'gzip', async () => Buffer.from(page(1)), false))
      .byteLength;
    const cache = new CompressedFiles(one * 2 + 10);
    let reads = 0;
    const get = (i: number) =>
      cache.get(
        files[i]!,
        statSync(files[i]!),
        'gzip',
        async () => {
          reads++;
          return Buffer.from(page(i + 1));
        },
        false,
      );
    await get(0);
    await get(1);
    await get(0);
    await get(2);
    expect(cache.size).toBe(2);
    expect(reads).toBe(3);
    await get(0);
    expect(reads).toBe(3);
    await get(1);
    expect(reads).toBe(4);
  });
});
