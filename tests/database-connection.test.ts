/**
 * The database connection outlives the server ending idle sessions (a PostgreSQL restart or an
 * administrator's pg_terminate_backend): the pool drops them, the process carries on, and the next
 * query is served on a new session. PostgreSQL only (PGlite runs inside the process).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client';
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
});
