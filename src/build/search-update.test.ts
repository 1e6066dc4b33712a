/**
 * The rebuild's search index update: which Pagefind bundles a change falls into (a table of cases),
 * then the real indexer over a two-bundle index, read back from the files the search island loads.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexSearchRecords, PART_PRODUCTS } from './search-index';
import type { SearchRecord } from './search-records';
import { planBundles, updateSearchIndex } from './search-update';

const record = (n: number, price = '۱۰۰ تومان'): SearchRecord => ({
  text: `part${n} resistor`,
  title: { fa: `مقاومت ${n}`, en: `Resistor ${n}` },
  price: { fa: price, en: '100 Toman' },
});

describe('planBundles', () => {
  const map = { '/pagefind/': ['a', 'b'], '/pagefind/part-1/': ['c'], '/pagefind/part-2/': ['d', 'e'] };
  const live = (...slugs: string[]) => Object.fromEntries(slugs.map((s, i) => [s, record(i)]));
  it.each([
    ['a changed product: its own bundle only', live('a', 'b', 'c', 'd', 'e'), ['a'], ['/pagefind/'], map],
    ['changes in two bundles', live('a', 'b', 'c', 'd', 'e'), ['b', 'e'], ['/pagefind/', '/pagefind/part-2/'], map],
    ['a removed product leaves its bundle', live('a', 'b', 'c', 'e'), ['d'], ['/pagefind/part-2/'], { ...map, '/pagefind/part-2/': ['e'] }],
    [
      'a new product joins the smallest part, never the root',
      live('a', 'b', 'c', 'd', 'e', 'f'),
      ['f'],
      ['/pagefind/part-1/'],
      { ...map, '/pagefind/part-1/': ['c', 'f'] },
    ],
    ['a removed product the index never had changes nothing', live('a', 'b', 'c', 'd', 'e'), ['zz'], [], map],
  ])('%s', (_name, records, touched, changed, next) => {
    const plan = planBundles(map, records, touched);
    expect([...plan.changed].sort()).toEqual(changed);
    expect(plan.next).toEqual(next);
  });

  it('opens a new part when every part is full', () => {
    const full = { '/pagefind/': ['a'], '/pagefind/part-1/': Array.from({ length: PART_PRODUCTS }, (_, i) => `p${i}`) };
    const records = Object.fromEntries([...full['/pagefind/part-1/'], 'a', 'new'].map((s, i) => [s, record(i)]));
    const plan = planBundles(full, records, ['new']);
    const [added] = [...plan.changed];
    expect(added).toMatch(/^\/pagefind\/part-u[0-9a-z]+\/$/);
    expect(plan.next[added!]).toEqual(['new']);
  });
});

describe('updateSearchIndex over a real two-bundle index', () => {
  let site: string;
  const records: Record<string, SearchRecord> = {};
  const entry = (bundle: string) =>
    JSON.parse(readFileSync(join(site, bundle, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
  const count = (bundle: string) => Object.values(entry(bundle).languages).reduce((n, l) => n + l.page_count, 0);
  const parts = () => JSON.parse(readFileSync(join(site, 'pagefind', 'parts.json'), 'utf8')) as string[];

  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'qateh-search-update-'));
    for (let i = 0; i < PART_PRODUCTS + 20; i++) records[`p${i}`] = record(i);
    await indexSearchRecords(site, records);
  }, 120_000);
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('the build wrote the root bundle and one part, with the map of what each holds', () => {
    expect(count('pagefind')).toBe(PART_PRODUCTS);
    expect(parts()).toEqual(['/pagefind/part-1/']);
    expect(count('pagefind/part-1')).toBe(20);
  });

  it('a change in the small part indexes that part only; the root bundle is left as it was', async () => {
    const rootEntry = statSync(join(site, 'pagefind', 'pagefind-entry.json')).mtimeMs;
    records[`p${PART_PRODUCTS + 5}`] = record(5, '۲۰۰ تومان');
    records.fresh = record(99_999);
    const r = await updateSearchIndex(site, records, [`p${PART_PRODUCTS + 5}`, 'fresh']);
    expect(r.reindexed).toEqual(['/pagefind/part-1/']);
    expect(r.pages).toBe(21);
    expect(count('pagefind/part-1')).toBe(21);
    expect(statSync(join(site, 'pagefind', 'pagefind-entry.json')).mtimeMs).toBe(rootEntry);
  }, 120_000);

  it('a product removed from the root bundle rewrites the root and keeps every part in place', async () => {
    delete records.p3;
    const r = await updateSearchIndex(site, records, ['p3']);
    expect(r.reindexed).toEqual(['/pagefind/']);
    expect(count('pagefind')).toBe(PART_PRODUCTS - 1);
    expect(parts()).toEqual(['/pagefind/part-1/']);
    expect(count('pagefind/part-1')).toBe(21);
    expect(existsSync(join(site, 'pagefind', 'pagefind.js'))).toBe(true);
    // No half-made folders are left beside the index.
    expect(readdirSync(site)).toEqual(['pagefind']);
    expect(readdirSync(join(site, 'pagefind')).filter((n) => /\.(new|old)-/.test(n))).toEqual([]);
  }, 120_000);

  it('a site indexed before bundles had a map is indexed again in full, with a map', async () => {
    rmSync(join(site, 'pagefind', '.qateh-bundles.json'));
    const r = await updateSearchIndex(site, records, ['p1']);
    expect(r.reindexed).toEqual(['*']);
    expect(count('pagefind') + count('pagefind/part-1')).toBe(Object.keys(records).length);
    expect(existsSync(join(site, 'pagefind', '.qateh-bundles.json'))).toBe(true);
  }, 120_000);
});
