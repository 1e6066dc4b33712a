/**
 * Several instances of the shop started at the same moment on one fresh PostgreSQL database (a
 * deployment rolling out two or three app servers): each runs the start path of `npm start` —
 * open the database on its own connections and migrate, write the demo data, serve — and all of
 * them must come up, with the demo written once. Before the start-up advisory lock the second
 * instance crashed on the first migration's CREATE EXTENSION.
 *
 * Skipped without DATABASE_URL: this is a PostgreSQL matter. PGlite is opened by one process only,
 * so there is no second instance to race with.
 */
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { demoCatalogue } from '../../src/server/seed/demo-catalogue';
import { seedOnStart } from '../../src/server/seed/on-start';
import { DEMO_STAFF } from '../../src/server/seed/staff';
import { CITY_COUNT, PROVINCE_COUNT } from '../../src/server/services/accounts/places';
import { openConfiguredDatabase, startServer, type RunningServer } from '../../src/server/server';
import { emptyPostgresDatabase } from '../support/database';

const serverUrl = process.env.DATABASE_URL;
const INSTANCES = 3;
const MIGRATIONS = readdirSync(new URL('../../src/server/db/migrations/', import.meta.url)).filter((f) => f.endsWith('.sql')).length;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);

describe.skipIf(!serverUrl)(`${INSTANCES} instances started at once on one fresh PostgreSQL database`, () => {
  it('all come up and the demo shop, the demo staff account and the places are written once', async () => {
    const empty = await emptyPostgresDatabase(serverUrl!);
    cleanups.push(() => empty.drop());
    // Development settings: the demo is written on start (SEED_DEMO defaults to on).
    const config = loadConfig({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: empty.url });

    const starts = await Promise.allSettled(
      Array.from({ length: INSTANCES }, async () => {
        // Each instance its own pool, as separate processes would have: the same calls as scripts/start.ts.
        const database = await openConfiguredDatabase(config);
        cleanups.push(() => database.close());
        await seedOnStart(config, database, () => {});
        const server: RunningServer = await startServer(config, database);
        cleanups.push(() => server.close());
        return { database, server };
      }),
    );
    const failures = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failures).toEqual([]);
    const instances = starts.map((s) => (s as PromiseFulfilledResult<{ database: Database; server: RunningServer }>).value);

    for (const { server } of instances) {
      const health = await fetch(`${server.url}/api/site/v1/health`);
      expect(health.status).toBe(200);
      const categories = await fetch(`${server.url}/api/site/v1/categories`);
      expect(categories.status).toBe(200);
    }
    const { database } = instances[0]!;
    expect(await count(database, sql`select count(*) as n from drizzle.__drizzle_migrations`)).toBe(MIGRATIONS);
    expect(await count(database, sql`select count(*) as n from products`)).toBe(demoCatalogue().products.length);
    expect(await count(database, sql`select count(*) as n from users where role = 'staff'`)).toBe(1);
    expect(await count(database, sql`select count(*) as n from users where username = ${DEMO_STAFF.username}`)).toBe(1);
    expect(await count(database, sql`select count(*) as n from provinces`)).toBe(PROVINCE_COUNT);
    expect(await count(database, sql`select count(*) as n from cities`)).toBe(CITY_COUNT);
  }, 240_000);
});
