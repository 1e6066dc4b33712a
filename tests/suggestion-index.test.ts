/**
 * The dropdown's in-memory index answers exactly as the SQL it stands in for: the same products, in the
 * same order, with the same labels and count, for part numbers typed keystroke by keystroke, Persian and
 * English words, synonyms, category scopes; and it stops answering as soon as the catalogue changes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProductQuerySchema, suggestionQuerySchema } from '../src/api/schemas/search';
import { listProducts } from '../src/server/services/search/listing';
import { suggestProducts, type SearchFastPaths } from '../src/server/services/search/suggest';
import { SuggestionIndex } from '../src/server/services/search/suggestion-index';
import { rowsOf } from '../src/server/db/rows';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  // The indexes are looked at in this process (on PostgreSQL they would be in the search thread).
  server = await startTestServer({ env: { SEARCH_THREAD: '0' } });
  await server.deps.search!.index.ready();
});
afterAll(async () => {
  await server?.stop();
});

const typed = (word: string) => Array.from({ length: word.length - 1 }, (_, i) => word.slice(0, i + 2));
const QUERIES = [
  ...typed('LM358N'),
  ...typed('ne555'),
  ...typed('7805'),
  ...typed('atmega328p'),
  'AMS1117-3.3',
  '1N4007',
  'bc547',
  'مقاومت',
  'مقاومت ۱۰ کیلو',
  'خازن',
  'خازن الکترولیت',
  'ترانزیستور',
  'رگولاتور',
  'crystal 16',
  'resistor',
  'led red',
  'مولتی',
  'arduino',
  'esp',
  'usb',
  '10k',
  '100n',
];

async function both(params: Record<string, string>) {
  const q = suggestionQuerySchema.parse(params);
  const viaSql = await suggestProducts(server.database.db, q);
  const viaIndex = await suggestProducts(server.database.db, q, server.deps.search);
  return { viaSql, viaIndex };
}

describe('suggestion index', () => {
  it('holds every visible product', () => {
    expect(server.deps.search!.index.current()?.size).toBe(3026 - 42);
  });

  it('answers as the SQL does, keystroke by keystroke and word by word', async () => {
    for (const text of QUERIES) {
      for (const [limit, take] of [
        ['150', '50'],
        ['10', '5'],
      ] as const) {
        const { viaSql, viaIndex } = await both({ filter_searchPart: text, limit, take });
        // Whole items: the cards the index holds are the ones the database would give.
        expect({ text, limit, items: viaIndex.items, total: viaIndex.total }).toEqual({
          text,
          limit,
          items: viaSql.items,
          total: viaSql.total,
        });
      }
    }
  });

  it('answers as the SQL does within a category', async () => {
    for (const text of ['lm', 'LM78', '7805', 'رگولاتور', 'ne555']) {
      const { viaSql, viaIndex } = await both({ filter_searchPart: text, filter_category: 'voltage-regulators', take: '50' });
      expect(viaIndex.items.map((i) => i.slug)).toEqual(viaSql.items.map((i) => i.slug));
      expect(viaIndex.total).toBe(viaSql.total);
    }
  });

  it('gives the search page the same page, counts and sidebar as the SQL', async () => {
    const cases: Record<string, string>[] = [
      { filter_part: 'lm358' },
      { filter_part: 'LM', page: '2' },
      { filter_part: '7805', sort: 'price_asc' },
      { filter_part: 'مقاومت', filter_availability: 'in-stock' },
      { filter_part: 'خازن الکترولیت', filter_quality: 'original' },
      { filter_part: 'resistor' },
      { filter_searchPart: 'ne555' },
      { filter_part: 'lm', filter_category: 'voltage-regulators' },
      { filter_part: 'amsl117' },
    ];
    for (const params of cases) {
      const q = getProductQuerySchema.parse(params);
      const viaSql = await listProducts(server.database.db, q);
      const viaIndex = await listProducts(server.database.db, q, server.deps.search);
      if (viaSql.capped) {
        // Past the candidate cap each reads an arbitrary first thousand (the SQL in the word index's
        // order, the index by id): both say the counts are lower bounds.
        expect({ params, capped: viaIndex.capped }).toEqual({ params, capped: true });
        continue;
      }
      expect({ params, ...viaIndex }).toEqual({ params, ...viaSql });
    }
  });

  it('leaves typos and keyboard slips to the SQL, with the same answer', async () => {
    for (const text of ['amsl117', 'مپ۳۵۸', 'lrh,lj']) {
      const { viaSql, viaIndex } = await both({ filter_searchPart: text });
      expect(viaIndex.items.map((i) => [i.slug, i.match])).toEqual(viaSql.items.map((i) => [i.slug, i.match]));
    }
  });

  it('leaves a disabled product out at once, and the patched index sees the change', async () => {
    const keeper = server.deps.search!.index;
    const before = await both({ filter_searchPart: 'LM358N' });
    expect(before.viaIndex.items.length).toBeGreaterThan(0);
    const slug = before.viaIndex.items[0]!.slug;
    const worked = keeper.stats.patches + keeper.stats.builds;
    await server.database.db.execute(sql`update products set enable = false, updated_at = now() where slug = ${slug}`);
    // The trigger's NOTIFY bumps the read cache's generation: the old index stops answering at once and is
    // patched (on PostgreSQL often before a poll could see it absent, so the patch count is what is waited for).
    await expect.poll(() => keeper.stats.patches + keeper.stats.builds, { timeout: 15_000 }).toBeGreaterThan(worked);
    const meanwhile = await suggestProducts(
      server.database.db,
      suggestionQuerySchema.parse({ filter_searchPart: 'LM358N' }),
      server.deps.search,
    );
    expect(meanwhile.items.map((i) => i.slug)).not.toContain(slug);
    await keeper.ready();
    const after = await both({ filter_searchPart: 'LM358N' });
    expect(after.viaIndex.items.map((i) => i.slug)).not.toContain(slug);
    expect(after.viaIndex.items.map((i) => i.slug)).toEqual(after.viaSql.items.map((i) => i.slug));
    await server.database.db.execute(sql`update products set enable = true, updated_at = now() where slug = ${slug}`);
  });
});

describe('suggestion index, a prefix thousands of part numbers share', () => {
  // 2,400 keys QZ00001…QZ02400 in two categories, a third out of stock, sales spread: "QZ" and "QZ0"
  // match them all, so the index walks the rows from the most popular instead of ranking every match;
  // "QZ01" (1,000) and "QZ024" (1) rank their matches. Either way the answer is the SQL's.
  let index: SuggestionIndex;
  let fast: SearchFastPaths;
  let categories: string[];
  beforeAll(async () => {
    const db = server.database.db;
    const found = rowsOf<{ slug: string }>(await db.execute(sql`select slug from categories order by id limit 2`));
    categories = found.map((c) => c.slug);
    await db.execute(sql`
      insert into products (slug, part_number, pn_key, search_text, name, name_fa, category_id, price, stock, sales_count)
      select 'qz-' || g, 'QZ' || lpad(g::text, 5, '0'), 'QZ' || lpad(g::text, 5, '0'), 'qz' || lpad(g::text, 5, '0') || ' | part',
             'Part ' || g, 'قطعه ' || g, (select id from categories where slug = case when g % 2 = 0 then ${categories[0]!} else ${categories[1]!} end) , 100000,
             case when g % 3 = 0 then 0 else 10 end, (g * 7919) % 500
      from generate_series(1, 2400) g`);
    index = await SuggestionIndex.build(db);
    fast = { ...server.deps.search!, index: { current: () => index } as unknown as SearchFastPaths['index'] };
  });
  afterAll(async () => {
    await server.database.db.execute(sql`delete from products where slug like 'qz-%'`);
  });

  it('answers as the SQL does, walked or ranked, in the whole shop and within a category', async () => {
    for (const text of ['QZ', 'qz0', 'QZ01', 'QZ024']) {
      for (const category of [undefined, ...categories]) {
        for (const [limit, take] of [
          ['150', '50'],
          ['10', '5'],
        ] as const) {
          const q = suggestionQuerySchema.parse({
            filter_searchPart: text,
            limit,
            take,
            ...(category ? { filter_category: category } : {}),
          });
          const viaSql = await suggestProducts(server.database.db, q);
          const viaIndex = await suggestProducts(server.database.db, q, fast);
          expect({ text, category, limit, items: viaIndex.items.map((i) => [i.slug, i.match]), total: viaIndex.total }).toEqual({
            text,
            category,
            limit,
            items: viaSql.items.map((i) => [i.slug, i.match]),
            total: viaSql.total,
          });
        }
      }
    }
  });
});
