/**
 * The rebuild's search index update: which Pagefind bundles a change falls into (a table of cases),
 * then the real indexer over a small routed index, read back from the files the search island loads.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlesForQuery, type SearchRoutes } from '../lib/pagefind-routes';
import { indexSearchRecords, readBundleMap, type BundleMap } from './search-index';
import type { SearchRecord } from './search-records';
import { planUpdate, updateSearchIndex } from './search-update';

const record = (text: string, price = '۱۰۰ تومان'): SearchRecord => ({
  text,
  title: { fa: `قطعه ${text}`, en: `Part ${text}` },
  price: { fa: price, en: '100 Toman' },
});

describe('planUpdate', () => {
  const map: BundleMap = {
    v: 3,
    limit: 3,
    common: { over: 3, keep: 3 },
    bundles: {
      b0: { from: 'aa', to: 'ab', slugs: ['a', 'b'] },
      b1: { from: 'lm1', to: 'lm9', slugs: ['b', 'c'] },
      b2: { from: 'pack', to: 'pack', capped: true, slugs: ['a', 'b', 'c'] },
    },
  };
  let n = 0;
  const fresh = () => `u${n++}`;
  it.each([
    ['a changed product: the bundles of its words only', { a: 'aa pack' }, ['a'], ['b0', 'b2'], map.bundles],
    [
      'a product whose word moved leaves the old range and joins the new',
      { a: 'lm5 pack' },
      ['a'],
      ['b0', 'b1', 'b2'],
      { ...map.bundles, b0: { ...map.bundles.b0, slugs: ['b'] }, b1: { ...map.bundles.b1, slugs: ['a', 'b', 'c'] } },
    ],
    [
      'a removed product leaves every bundle; an emptied bundle is gone',
      {},
      ['c'],
      ['b1', 'b2'],
      { b0: map.bundles.b0, b1: { ...map.bundles.b1, slugs: ['b'] }, b2: { ...map.bundles.b2, slugs: ['a', 'b'] } },
    ],
    [
      'a new word between ranges widens the range before it; a capped word takes no new product',
      { d: 'ac pack' },
      ['d'],
      ['b0'],
      { ...map.bundles, b0: { from: 'aa', to: 'ac', slugs: ['a', 'b', 'd'] } },
    ],
    [
      'a new word before every range widens the first',
      { d: 'a0' },
      ['d'],
      ['b0'],
      { ...map.bundles, b0: { from: 'a0', to: 'ab', slugs: ['a', 'b', 'd'] } },
    ],
    ['a removed product the index never had changes nothing', {}, ['zz'], [], map.bundles],
  ])('%s', (_name, records, touched, changed, bundles) => {
    const plan = planUpdate(map, new Map(Object.entries(records).map(([s, t]) => [s, record(t)])), touched, fresh);
    expect([...plan.changed].sort()).toEqual(changed);
    expect(plan.next.bundles).toEqual(bundles);
  });

  it('a word when only capped ranges exist gets a bundle of its own', () => {
    const capped: BundleMap = {
      v: 3,
      limit: 1,
      common: { over: 1, keep: 1 },
      bundles: { b0: { from: 'pack', to: 'pack', capped: true, slugs: ['a'] } },
    };
    const plan = planUpdate(capped, new Map([['d', record('pack zz')]]), ['d'], () => 'new');
    expect([...plan.changed]).toEqual(['new']);
    expect(plan.next.bundles.new).toEqual({ from: 'zz', to: 'zz', slugs: ['d'] });
  });
});

describe('updateSearchIndex over a real routed index', () => {
  let site: string;
  const records: Record<string, SearchRecord> = {};
  const LIMIT = 4;
  const entry = (bundle: string) =>
    JSON.parse(readFileSync(join(site, 'pagefind', bundle, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
  const count = (bundle: string) => Object.values(entry(bundle).languages).reduce((n, l) => n + l.page_count, 0);
  const routes = () => JSON.parse(readFileSync(join(site, 'pagefind', 'routes.json'), 'utf8')) as SearchRoutes;
  /** The bundle folders on disk, beside the routing file and the root index's own folders. */
  const folders = (dir = site) =>
    readdirSync(join(dir, 'pagefind')).filter((n) => existsSync(join(dir, 'pagefind', n, 'pagefind-entry.json')));
  /** Pagefind's code and wasm: once, at the root, where the island loads it from; a bundle has only its index. */
  const expectOneCopyOfPagefind = (dir = site) => {
    expect(existsSync(join(dir, 'pagefind', 'pagefind.js'))).toBe(true);
    expect(existsSync(join(dir, 'pagefind', 'wasm.en.pagefind'))).toBe(true);
    for (const name of folders(dir))
      expect(
        readdirSync(join(dir, 'pagefind', name)).filter((f) => f.endsWith('.js') || f.endsWith('.css') || f.startsWith('wasm.')),
        name,
      ).toEqual([]);
  };
  const holding = (query: string) => {
    const map = readBundleMap(site)!;
    return bundlesForQuery(routes(), query).bundles.flatMap((b) => map.bundles[b]!.slugs);
  };

  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'qateh-search-update-'));
    // Eight part numbers in two families, one resistor; every product shares "ic".
    for (let i = 0; i < 4; i++) records[`lm${i}`] = record(`lm358${i} ic مقاومت`.replace(' مقاومت', i ? '' : ' مقاومت'));
    for (let i = 0; i < 4; i++) records[`ne${i}`] = record(`ne555${i} ic`);
    await indexSearchRecords(site, records, { limit: LIMIT, common: { over: LIMIT, keep: LIMIT } });
  }, 120_000);
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('the build wrote bundles by word range, each within the limit, and the routing file naming them', () => {
    const map = readBundleMap(site)!;
    expect(map.limit).toBe(LIMIT);
    expect(
      routes()
        .routes.map((r) => r[2])
        .sort(),
    ).toEqual(Object.keys(map.bundles).sort());
    expect(folders().sort()).toEqual(Object.keys(map.bundles).sort());
    for (const [name, b] of Object.entries(map.bundles)) {
      expect(b.slugs.length).toBeLessThanOrEqual(LIMIT);
      expect(count(name), name).toBe(b.slugs.length);
    }
    // "ic" is in all eight: capped. A part number or a word finds its products in one bundle.
    expect(routes().routes.find((r) => r[0] === 'ic')).toEqual(['ic', 'ic', expect.any(String), 1]);
    expect(bundlesForQuery(routes(), 'LM358').bundles).toHaveLength(1);
    expect(holding('lm358').sort()).toEqual(['lm0', 'lm1', 'lm2', 'lm3']);
    expect(holding('NE5552')).toContain('ne2');
    expect(holding('مقاومت')).toEqual(['lm0']);
    expect(bundlesForQuery(routes(), 'zener').bundles).toEqual([]);
    expectOneCopyOfPagefind();
  });

  it('written by two indexer threads at once, the bundles are the same as written by one', async () => {
    const other = mkdtempSync(join(tmpdir(), 'qateh-search-threads-'));
    try {
      const r = await indexSearchRecords(other, records, { limit: LIMIT, common: { over: LIMIT, keep: LIMIT }, indexers: 2 });
      expect(readBundleMap(other)).toEqual(readBundleMap(site));
      expect(r.pages).toBe(Object.values(readBundleMap(site)!.bundles).reduce((n, b) => n + b.slugs.length, 0));
      for (const name of folders(other))
        expect(readFileSync(join(other, 'pagefind', name, 'pagefind-entry.json'), 'utf8')).toBe(JSON.stringify(entry(name)));
      expectOneCopyOfPagefind(other);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  }, 120_000);

  it('a changed product re-indexes the bundles of its words only; the others are left as they were', async () => {
    const before = readBundleMap(site)!;
    const neBundle = Object.entries(before.bundles).find(([, b]) => b.slugs.includes('ne1') && !b.capped)![0];
    const lmBundle = Object.entries(before.bundles).find(([, b]) => b.slugs.includes('lm1') && !b.capped)![0];
    const lmStamp = statSync(join(site, 'pagefind', lmBundle, 'pagefind-entry.json')).mtimeMs;
    records.ne1 = record('ne5551 ic', '۲۰۰ تومان');
    const r = await updateSearchIndex(site, records, ['ne1']);
    // Not the capped "ic" bundle either: it holds the first four products by slug, not this one.
    expect(r.reindexed).toEqual([neBundle]);
    expect(statSync(join(site, 'pagefind', lmBundle, 'pagefind-entry.json')).mtimeMs).toBe(lmStamp);
  }, 120_000);

  it('a bundle that outgrows the limit is cut again by its words; the routing follows', async () => {
    records.lm4 = record('lm3584 ic');
    const r = await updateSearchIndex(site, records, ['lm4']);
    const map = readBundleMap(site)!;
    for (const [name, b] of Object.entries(map.bundles)) {
      expect(b.slugs.length, name).toBeLessThanOrEqual(LIMIT);
      expect(count(name), name).toBe(b.slugs.length);
    }
    expect(r.reindexed.some((n) => n.startsWith('u'))).toBe(true);
    expect(holding('lm358').sort()).toEqual(['lm0', 'lm1', 'lm2', 'lm3', 'lm4']);
    expect(holding('lm3584')).toContain('lm4');
    // The cut bundle's folder is gone, nothing half-made is left.
    expect(folders().sort()).toEqual(Object.keys(map.bundles).sort());
    expect(readdirSync(site)).toEqual(['pagefind']);
    expectOneCopyOfPagefind();
  }, 120_000);

  it('a removed product leaves its bundles', async () => {
    delete records.ne3;
    await updateSearchIndex(site, records, ['ne3']);
    expect(holding('ne555')).not.toContain('ne3');
    expect(Object.values(readBundleMap(site)!.bundles).some((b) => b.slugs.includes('ne3'))).toBe(false);
  }, 120_000);

  it('a site indexed in the older layout is indexed again in full, with routes', async () => {
    rmSync(join(site, 'pagefind', '.qateh-bundles.json'));
    const r = await updateSearchIndex(site, records, ['lm1']);
    expect(r.reindexed).toEqual(['*']);
    expect(existsSync(join(site, 'pagefind', 'routes.json'))).toBe(true);
    expect(new Set(Object.values(readBundleMap(site)!.bundles).flatMap((b) => b.slugs))).toEqual(new Set(Object.keys(records)));
  }, 120_000);
});
