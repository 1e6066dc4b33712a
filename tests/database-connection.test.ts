/**
 * The database connection outlives the server ending idle sessions (a PostgreSQL restart or an
 * administrator's pg_terminate_backend): the pool drops them, the process carries on, and the next
 * query is served on a new session. A new session has the search's trigram settings without a query
 * of its own racing the first one. PostgreSQL only (PGlite runs inside the process).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexScanDbOf, type Database } from '../src/server/db/client';
import { freshDatabase } from './support/database';
import { rowsOf } from '../src/server/db/rows';

const onPostgres = Boolean(process.env.DATABASE_URL);
let database: Database;

beforeAll(async () => {
  if (onPostgres) database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.skipIf(!onPostgres)('PostgreSQL connection pool', () => {
  it('keeps serving after the server ends its idle connections', async () => {
    // Several sessions open at once, idle in the pool afterwards.
    await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`SELECT pg_sleep(0.05)`)));
    const [{ name }] = rowsOf<{ name: string }>(await database.db.execute(sql`SELECT current_database() AS name`)) as [{ name: string }];
    const admin = await freshDatabase();
    try {
      const ended = rowsOf<{ n: number }>(
        await admin.db.execute(sql`SELECT count(*)::int AS n FROM
        (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name}) t`),
      );
      expect(ended[0]!.n).toBeGreaterThan(0);
    } finally {
      await admin.close();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(rowsOf<{ one: number }>(await database.db.execute(sql`SELECT 1 AS one`))[0]!.one).toBe(1);
  });

  it('gives new sessions the trigram settings with no query sent to a client already running one', async () => {
    // pg queues a query sent to a busy client, with a deprecation warning (an error from pg 9): a
    // pool's 'connect' handler that runs a query races the first query of the client it hands out.
    let busy = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: { _queryQueue?: unknown[] }, ...args: unknown[]) {
      if ((this._queryQueue?.length ?? 0) > 0) busy++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const fresh = await freshDatabase();
    try {
      // Every session of both pools new, several at once.
      const settings = sql`SELECT current_setting('pg_trgm.similarity_threshold') AS s, show_limit()::text AS l,
        current_setting('pg_trgm.word_similarity_threshold') AS w`;
      for (const db of [fresh.db, indexScanDbOf(fresh.db)!]) {
        const all = await Promise.all(Array.from({ length: 6 }, () => db.execute(settings)));
        for (const result of all) expect(rowsOf(result)).toEqual([{ s: '0.25', l: '0.25', w: '0.45' }]);
      }
      expect(busy).toBe(0);
    } finally {
      pg.Client.prototype.query = query;
      await fresh.close();
    }
  });
});
