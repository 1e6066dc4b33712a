/**
 * A change to some products is patched into the in-memory search index instead of rebuilding it: after
 * each kind of change (a price, stock taken by a paid order, a name and part number edit, a product
 * disabled, deleted, added, moved to another category) the patched index answers exactly as a freshly
 * built one and as the SQL does, and the keeper built nothing. A change to anything else (a category)
 * or to too many products for one notice is still a build. On PostgreSQL, a change made through one
 * instance is patched into another's index within a second (its NOTIFY names the product).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProductQuerySchema, suggestionQuerySchema } from '../src/api/schemas/search';
import { loadConfig } from '../src/server/config';
import { rowsOf } from '../src/server/db/rows';
import { products } from '../src/server/db/schema';
import { openConfiguredDatabase, startServer, type RunningServer } from '../src/server/server';
import { settleOrder } from '../src/server/services/shop/settle';
import { listProducts } from '../src/server/services/search/listing';
import { planSearch } from '../src/server/services/search/plan';
import { suggestProducts } from '../src/server/services/search/suggest';
import { SuggestionIndex } from '../src/server/services/search/suggestion-index';
import { freshDatabase } from './support/database';
import { buyerOf } from './support/payment-race';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, staffToken } from './support/shop';

let server: TestServer;
let staff: Record<string, string>;
beforeAll(async () => {
  // Only the changes' NOTIFY reaches the index: the periodic version check (an hour here) would name the
  // same changes again, and waiting out its 5 s period before each test cost this file most of its time.
  // The indexes are looked at in this process (on PostgreSQL they would be in the search thread).
  server = await startTestServer({ env: { CACHE_RECHECK_SECONDS: '3600', SEARCH_THREAD: '0' } });
  staff = bearer(await staffToken(server));
  await server.deps.search!.index.ready();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const keeper = () => server.deps.search!.index;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const typed = (word: string) => Array.from({ length: word.length - 1 }, (_, i) => word.slice(0, i + 2));
// Queries below the candidate cap: past it the SQL reads an arbitrary first thousand (see suggestion-index.test.ts).
const GENERAL = ['lm358', 'ne555', '7805', 'atmega', 'رگولاتور', '10k', 'usb'];

/**
 * Waits until the server has heard of no change for a second and a half: earlier writes' notices are
 * then all behind (their NOTIFY arrives within milliseconds; the version check is off, see beforeAll).
 */
async function quiet(): Promise<void> {
  for (;;) {
    const generation = server.deps.cache.generation;
    await sleep(1_500);
    if (server.deps.cache.generation === generation) return;
  }
}

/**
 * Waits until a change after generation `before` arrived and was patched, and no notice followed for a
 * moment (a write through this server bumps the generation at once, and its NOTIFY a little later).
 */
async function patched(before: number): Promise<void> {
  await expect.poll(() => server.deps.cache.generation > before, { timeout: 10_000 }).toBe(true);
  for (;;) {
    const generation = server.deps.cache.generation;
    await expect.poll(() => keeper().current() !== null, { timeout: 10_000 }).toBe(true);
    await sleep(200);
    if (server.deps.cache.generation === generation && keeper().current()) return;
  }
}

/**
 * The patched index against a fresh build of the same catalogue (every answer, cards included) and
 * against the SQL (the dropdown's and the search page's items), for the queries given and some general ones.
 */
async function answersAsBuiltAndSql(queries: string[], category?: string) {
  const index = keeper().current();
  expect(index).not.toBeNull();
  const fresh = await SuggestionIndex.build(server.database.db);
  expect(index!.size).toBe(fresh.size);
  const categories = category
    ? new Set(
        rowsOf<{ id: number }>(
          await server.database.db.execute(
            sql`select id from categories where path like (select path from categories where slug = ${category}) || '%'`,
          ),
        ).map((r) => Number(r.id)),
      )
    : null;
  for (const text of [...queries, ...GENERAL]) {
    const plan = planSearch(text);
    if (!plan) continue;
    for (const scope of categories ? [null, categories] : [null]) {
      const q = { limit: 150, take: 50 };
      expect({ text, scope: !!scope, ...index!.answer(plan, q, scope, 1000) }).toEqual({
        text,
        scope: !!scope,
        ...fresh.answer(plan, q, scope, 1000),
      });
      expect({ text, rows: index!.matchedRows(plan, 1000, 1000, scope) }).toEqual({
        text,
        rows: fresh.matchedRows(plan, 1000, 1000, scope),
      });
    }
    const params = { filter_searchPart: text, limit: '150', take: '50', ...(category ? { filter_category: category } : {}) };
    const viaSql = await suggestProducts(server.database.db, suggestionQuerySchema.parse(params));
    const viaIndex = await suggestProducts(server.database.db, suggestionQuerySchema.parse(params), server.deps.search);
    expect({ text, items: viaIndex.items, total: viaIndex.total }).toEqual({ text, items: viaSql.items, total: viaSql.total });
    const page = getProductQuerySchema.parse({ filter_part: text });
    const pageSql = await listProducts(server.database.db, page);
    if (!pageSql.capped)
      expect({ text, ...(await listProducts(server.database.db, page, server.deps.search)) }).toEqual({ text, ...pageSql });
  }
}

const idOf = async (slug: string) =>
  (await server.database.db.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;
/** The first visible product whose part number key starts with `key`. */
const idByKey = async (key: string) =>
  rowsOf<{ id: number }>(
    await server.database.db.execute(
      sql`select id from products where pn_key like ${key + '%'} and enable and deleted_at is null order by id limit 1`,
    ),
  )[0]!.id;
const editorOf = async (id: number) => (await server.api(`/staff/products/${id}`, { headers: staff })).body.data;
const bodyOf = ({ id: _i, slug: _s, deleted: _d, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;
/** Saves a product through the console with some fields changed. */
async function save(id: number, change: Record<string, unknown>) {
  const res = await server.api(`/staff/products/${id}`, json('PUT', { ...bodyOf(await editorOf(id)), ...change }, staff));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('a change to some products is patched into the search index', () => {
  it('a price', async () => {
    const builds = keeper().stats.builds;
    const id = await idOf('lm358n-dip8');
    const before = server.deps.cache.generation;
    await save(id, { price: 123_450, tiers: [] });
    await patched(before);
    await answersAsBuiltAndSql(typed('LM358N'));
    const shown = keeper()
      .current()!
      .answer(planSearch('LM358N')!, { limit: 10, take: 10 }, null, 1000)
      .cards!.find((c) => c.id === id);
    expect(shown?.price).toBe(123_450);
    expect(keeper().stats.builds).toBe(builds);
  });

  it('stock taken by a paid order (the order state machine), which moves the product down the ranking', async () => {
    const builds = keeper().stats.builds;
    const patches = keeper().stats.patches;
    // The first LM358 shown: sold out, it goes behind the products of its branch still in stock.
    const first = keeper().current()!.answer(planSearch('lm358')!, { limit: 150, take: 50 }, null, 1000).items[0]!.id;
    const [{ stock } = { stock: 0 }] = await server.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, first));
    await server.database.db.update(products).set({ availabilityDate: null }).where(eq(products.id, first));
    await patched(server.deps.cache.generation - 1);
    const buyer = await buyerOf(server.database.db, first, Math.max(1, stock));
    const before = server.deps.cache.generation;
    await settleOrder(server.database.db, buyer.order.id, { allowExpired: true });
    await patched(before);
    expect(keeper().stats.patches).toBeGreaterThan(patches);
    await answersAsBuiltAndSql(typed('lm358'));
    const card = keeper()
      .current()!
      .answer(planSearch('lm358')!, { limit: 150, take: 150 }, null, 1000)
      .cards!.find((c) => c.id === first);
    expect(card?.stock).toBe(0);
    expect(keeper().stats.builds).toBe(builds);
  });

  it('a name and part number edit', async () => {
    const builds = keeper().stats.builds;
    const id = await idByKey('NE555');
    const before = server.deps.cache.generation;
    await save(id, { partNumber: 'QZT9217-X', nameFa: 'تایمر زمردین آزمایشی', name: 'Emerald test timer' });
    await patched(before);
    expect(keeper().current()!.overlaySize).toBeGreaterThan(0);
    await answersAsBuiltAndSql([...typed('QZT9217X'), 'T9217', '9217x', 'زمردین', 'تایمر زمر', 'emerald timer', ...typed('NE555P')]);
    const found = keeper().current()!.answer(planSearch('qzt9217')!, { limit: 10, take: 10 }, null, 1000);
    expect(found.items).toEqual([{ id, kind: 'family' }]);
    expect(keeper().stats.builds).toBe(builds);
  });

  it('a product disabled, deleted, restored and enabled again', async () => {
    const builds = keeper().stats.builds;
    const id = await idByKey('LM7805');
    let before = server.deps.cache.generation;
    expect((await server.api(`/staff/products/${id}/enable`, json('POST', { enable: false }, staff))).status).toBe(200);
    await patched(before);
    await answersAsBuiltAndSql(typed('LM7805'));
    before = server.deps.cache.generation;
    expect((await server.api(`/staff/products/${id}/enable`, json('POST', { enable: true }, staff))).status).toBe(200);
    await patched(before);
    await answersAsBuiltAndSql(typed('LM7805'));
    before = server.deps.cache.generation;
    expect((await server.api(`/staff/products/${id}`, { method: 'DELETE', headers: staff })).status).toBe(200);
    await patched(before);
    await answersAsBuiltAndSql(['lm7805', '7805', 'رگولاتور']);
    before = server.deps.cache.generation;
    expect((await server.api(`/staff/products/${id}/restore`, json('POST', {}, staff))).status).toBe(200);
    await patched(before);
    await answersAsBuiltAndSql(['lm7805', '7805']);
    expect(keeper().stats.builds).toBe(builds);
  });

  it('a new product', async () => {
    const builds = keeper().stats.builds;
    const model = await editorOf(await idOf('lm358n-dip8'));
    const before = server.deps.cache.generation;
    const created = await server.api(
      '/staff/products',
      json(
        'POST',
        {
          ...bodyOf(model),
          slug: 'zqv4410-new',
          partNumber: 'ZQV4410',
          name: 'Brand new amplifier',
          nameFa: 'تقویت‌کننده نوظهور',
          stock: 7,
        },
        staff,
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await patched(before);
    await answersAsBuiltAndSql([...typed('ZQV4410'), 'V4410', 'نوظهور', 'amplifier new', 'lm358']);
    expect(keeper().current()!.answer(planSearch('zqv4410')!, { limit: 10, take: 10 }, null, 1000).items).toEqual([
      { id: created.body.data.id, kind: 'exact' },
    ]);
    expect(keeper().stats.builds).toBe(builds);
  });

  it('a product moved to another category', async () => {
    const builds = keeper().stats.builds;
    const id = await idOf('lm358n-dip8');
    const before = server.deps.cache.generation;
    await save(id, { categorySlug: 'voltage-regulators' });
    await patched(before);
    await answersAsBuiltAndSql(['lm358', 'lm', '7805'], 'voltage-regulators');
    await answersAsBuiltAndSql(['lm358'], 'op-amps');
    expect(keeper().stats.builds).toBe(builds);
  });

  it('a change written straight to the database is patched from its NOTIFY (stock and sales)', async () => {
    const builds = keeper().stats.builds;
    const ids = rowsOf<{ id: number }>(
      await server.database.db.execute(sql`select id from products where pn_key like 'BC5%' order by id limit 3`),
    ).map((r) => r.id);
    // The earlier tests' own notices may still be arriving: start once the server has heard them all.
    await quiet();
    const before = server.deps.cache.generation;
    await server.database.db.execute(
      sql`update products set stock = 0, sales_count = sales_count + 1000 where id in (${sql.join(ids, sql`, `)})`,
    );
    await patched(before);
    expect([...(server.deps.cache.changedSince(before) ?? [])].sort((a, b) => a - b)).toEqual(ids);
    await answersAsBuiltAndSql(typed('BC547'));
    expect(keeper().stats.builds).toBe(builds);
  });

  it('a category change, or more products than one notice names, is built anew', async () => {
    // Built anew, at least once: the periodic version check may notice the same change and ask for a second build.
    let builds = keeper().stats.builds;
    let before = server.deps.cache.generation;
    await server.database.db.execute(sql`update categories set updated_at = now() where slug = 'op-amps'`);
    await expect.poll(() => server.deps.cache.generation > before).toBe(true);
    await keeper().ready();
    expect(keeper().stats.builds).toBeGreaterThan(builds);
    builds = keeper().stats.builds;
    before = server.deps.cache.generation;
    await server.database.db.execute(
      sql`update products set updated_at = now() where id in (select id from products order by id limit 800)`,
    );
    await expect.poll(() => server.deps.cache.generation > before).toBe(true);
    expect(server.deps.cache.changedSince(before)).toBeNull();
    await keeper().ready();
    expect(keeper().stats.builds).toBeGreaterThan(builds);
    await answersAsBuiltAndSql(['lm358']);
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  let main: Awaited<ReturnType<typeof freshDatabase>>;
  const servers: RunningServer[] = [];
  const databases: Awaited<ReturnType<typeof openConfiguredDatabase>>[] = [];
  beforeAll(async () => {
    main = await freshDatabase({ catalogue: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: main.url!,
      SEED_DEMO: '0',
      SEARCH_RATE_LIMIT: '100000',
      // Only LISTEN/NOTIFY can bring the change to the other instance within the test.
      CACHE_RECHECK_SECONDS: '3600',
      // The other instance's index is looked at here (tests/search-thread.test.ts: through the thread).
      SEARCH_THREAD: '0',
    });
    for (let i = 0; i < 2; i++) {
      const database = await openConfiguredDatabase(config);
      databases.push(database);
      const s = await startServer(config, database);
      servers.push(s);
      await s.deps.search!.index.ready();
    }
  }, 300_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const d of databases) await d.close();
    await main?.close();
  });

  it('a part number changed through one instance is patched into the other within a second', async () => {
    const [one, other] = servers as [RunningServer, RunningServer];
    const builds = other.deps.search!.index.stats.builds;
    const [p] = await main.db.select({ id: products.id }).from(products).where(eq(products.slug, 'lm358n-dip8'));
    const t0 = Date.now();
    // Written by instance one, as its console save would (its own cache bumps; the other hears the NOTIFY).
    await databases[0]!.db.update(products).set({ partNumber: 'QWZ8080', pnKey: 'QWZ8080' }).where(eq(products.id, p!.id));
    one.deps.cache.invalidate({ products: [p!.id] });
    const found = () => {
      const index = other.deps.search!.index.current();
      return index?.answer(planSearch('QWZ8080')!, { limit: 10, take: 10 }, null, 1000).items.map((i) => i.id) ?? [];
    };
    await expect.poll(found, { timeout: 1000, interval: 20 }).toEqual([p!.id]);
    console.log(`patched on the other instance after ${Date.now() - t0} ms`);
    expect(other.deps.search!.index.stats.builds).toBe(builds);
    const res = await fetch(`${other.url}/api/site/v1/suggestion?filter_searchPart=QWZ8080`);
    expect(((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id)).toEqual([p!.id]);
  });
});
