/**
 * On PostgreSQL the searches run in a thread of their own (src/server/services/search/search-thread.ts).
 * Through it, the dropdown and getProduct answer exactly as a server computing them on its request
 * thread does, on the same database (bytes and statuses alike, errors included); a product change
 * through the staff API shows in the very next search; past its queue's bound the thread refuses with
 * 503 and the Persian message; a thread that ends is started again and searches go on (503 meanwhile). Skipped without
 * DATABASE_URL: with PGlite the searches stay on the request thread (its database is one thread's).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { rowsOf } from '../src/server/db/rows';
import { SERVER_BUSY_FA } from '../src/server/http/work-queue';
import { openConfiguredDatabase, startServer, type RunningServer } from '../src/server/server';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, staffToken } from './support/shop';

const serverUrl = process.env.DATABASE_URL;
const API = '/api/site/v1';

describe.skipIf(!serverUrl)('the search thread on PostgreSQL', () => {
  let threaded: TestServer;
  const others: { server: RunningServer; database: Database }[] = [];
  let staff: Record<string, string>;

  /** A second server on the same database; `env` on top of the test defaults. */
  async function another(env: Record<string, string>): Promise<RunningServer> {
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: threaded.database.url!,
      SEED_DEMO: '0',
      SEARCH_RATE_LIMIT: '100000',
      ...env,
    });
    const database = await openConfiguredDatabase(config);
    const server = await startServer(config, database);
    others.push({ server, database });
    return server;
  }

  const get = async (base: string, path: string) => {
    const res = await fetch(base + API + path);
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  };

  beforeAll(async () => {
    threaded = await startTestServer();
    staff = bearer(await staffToken(threaded));
    expect(threaded.deps.searchThread).toBeDefined();
    expect(threaded.deps.search).toBeUndefined();
    await threaded.deps.searchThread!.ready();
  }, 120_000);
  afterAll(async () => {
    for (const { server, database } of others) {
      await server.close();
      await database.close();
    }
    await threaded?.stop();
  });

  it('answers as the request thread does: suggestions, search pages, listings, filters and errors', async () => {
    const here = await another({ SEARCH_THREAD: '0' });
    expect(here.deps.search).toBeDefined();
    await Promise.all([here.deps.search!.index.ready(), here.deps.search!.listing.ready()]);
    const [category] = rowsOf<{ slug: string }>(
      await threaded.database.db.execute(
        sql`select c.slug from categories c where exists (select 1 from products p where p.category_id = c.id and p.enable) order by c.id limit 1`,
      ),
    );
    const paths = [
      ...['lm358', 'ne55', 'amsl117', 'رگولاتور', 'usb', '10k', 'x', 'zzqqxx'].map(
        (q) => `/suggestion?filter_searchPart=${encodeURIComponent(q)}`,
      ),
      '/suggestion?filter_searchPart=lm&take=3&limit=20',
      ...['lm358', 'atmega', 'خازن', 'amsl117'].map((q) => `/getProduct?filter_searchPart=${encodeURIComponent(q)}`),
      '/getProduct?filter_part=7805&sort=price_asc',
      `/getProduct?filter_category=${category!.slug}`,
      `/getProduct?filter_category=${category!.slug}&page=2&filter_availability=in-stock`,
      '/getProduct?filter_category=no-such-category-here',
      '/getProduct?page=0',
    ];
    for (const path of paths) {
      const [a, b] = [await get(threaded.url, path), await get(here.url, path)];
      expect({ path, ...a }).toEqual({ path, ...b });
    }
    // The errors as the route gives them: unknown category 404, bad page 422, both in Persian.
    expect((await get(threaded.url, '/getProduct?filter_category=no-such-category-here')).status).toBe(404);
    expect((await get(threaded.url, '/getProduct?page=0')).status).toBe(422);
  }, 120_000);

  it('shows a product change made through the staff API in the very next search', async () => {
    const [product] = rowsOf<{ id: number; part_number: string }>(
      await threaded.database.db.execute(
        sql`select id, part_number from products where enable and deleted_at is null and length(part_number) >= 6 order by sales_count desc, id limit 1`,
      ),
    );
    const path = `/suggestion?filter_searchPart=${encodeURIComponent(product!.part_number)}&take=50&limit=200`;
    const ids = async () => (JSON.parse((await get(threaded.url, path)).body) as { items: { id: number }[] }).items.map((i) => i.id);
    expect(await ids()).toContain(product!.id);
    const enable = (on: boolean) => threaded.api(`/staff/products/${product!.id}/enable`, json('POST', { enable: on }, staff));
    expect((await enable(false)).status).toBe(200);
    expect(await ids()).not.toContain(product!.id);
    expect((await enable(true)).status).toBe(200);
    expect(await ids()).toContain(product!.id);
  }, 60_000);

  it('refuses searches past its queue with 503, Retry-After and the Persian message', async () => {
    const busy = await another({ WORK_QUEUE_LIMIT: '1' });
    await busy.deps.searchThread!.ready();
    const words = [
      'lm',
      'ne',
      'op',
      'ic',
      'ab',
      'res',
      'cap',
      'tl',
      'st',
      'ti',
      '74',
      'at',
      'max',
      'ad',
      'ir',
      'bc',
      '2n',
      'ul',
      'l7',
      'sm',
    ];
    const answers = await Promise.all(
      words.flatMap((w) => [get(busy.url, `/getProduct?filter_part=${w}`), get(busy.url, `/suggestion?filter_searchPart=${w}&take=40`)]),
    );
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    for (const r of refused) {
      expect(r.retryAfter).toBe('2');
      expect(JSON.parse(r.body).message).toBe(SERVER_BUSY_FA);
    }
  }, 60_000);

  it('starts the thread again when it ends, and the searches go on', async () => {
    const searchThread = threaded.deps.searchThread!;
    const before = searchThread.starts;
    const first = searchThread.thread!;
    await first.terminate();
    // Until the new thread starts (half a second), a search is refused as busy, to be tried again.
    const meanwhile = await get(threaded.url, '/suggestion?filter_searchPart=lm7805');
    expect(meanwhile.status).toBe(503);
    expect(meanwhile.retryAfter).toBe('1');
    while (!searchThread.thread) await new Promise((r) => setTimeout(r, 50));
    expect(searchThread.starts).toBe(before + 1);
    expect(searchThread.thread).not.toBe(first);
    const answer = await get(threaded.url, '/suggestion?filter_searchPart=lm317');
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { total: number }).total).toBeGreaterThan(0);
    await searchThread.ready();
    const again = await get(threaded.url, '/getProduct?filter_searchPart=lm317&page=1');
    expect(again.status).toBe(200);
  }, 120_000);
});
