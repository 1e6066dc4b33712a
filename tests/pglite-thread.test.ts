/**
 * The embedded database runs in a thread of its own (src/server/db/pglite-thread.ts): while a long
 * query runs, the server still answers what needs no query. A shopper would notice the opposite as a
 * shop that stops answering whenever somebody's uncached search is running. Checked by order, not by
 * time: the health answer arrives while the long statement is still running. On PostgreSQL the same
 * holds through the pool; the test runs on both.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ catalogue: false });
}, 600_000);
afterAll(async () => server?.stop());

describe('a long query', () => {
  it('does not stop the server from answering the health check', async () => {
    const events: string[] = [];
    // A second or so of work inside the database, like an uncached search of a large catalogue.
    const long = server.database.db
      .execute(sql`select count(*) as n from generate_series(1, 3000000) as s where s % 7 = 3`)
      .then(() => events.push('long query done'));
    const health = await server.api('/health');
    events.push('health answered');
    expect(health.status).toBe(200);
    await long;
    expect(events).toEqual(['health answered', 'long query done']);
  }, 240_000);

  it('keeps errors, transactions and their rollback as PostgreSQL has them', async () => {
    const db = server.database.db;
    const failed = await db.execute(sql`select * from no_such_table`).catch((err: { cause?: { code?: string }; code?: string }) => err);
    expect((failed as { cause?: { code?: string } }).cause?.code ?? (failed as { code?: string }).code).toBe('42P01');
    await db.execute(sql`create table if not exists thread_probe (n int)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (1)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => tx.execute(sql`insert into thread_probe values (2)`));
    const rows = await db.execute(sql`select n from thread_probe order by n`);
    expect((rows as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 2 }]);
  }, 240_000);
});
