import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { importCatalogue } from '../../src/server/services/catalogue-import';
import type { DatabaseTemplates } from './database-templates';
import { readSharedCatalogue } from './shared-catalogue';

/**
 * The run's template databases (tests/support/database-templates.ts); absent outside vitest (the
 * benchmarks use this module too, and importing vitest outside its runner throws).
 */
async function templates(): Promise<DatabaseTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  try {
    const { inject } = await import('vitest');
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

/**
 * A fresh, migrated database for one test file — empty, or with the shared catalogue imported
 * (`catalogue: true`): in-memory PGlite by default, or — when DATABASE_URL is set — a new throw-away
 * database on that PostgreSQL server, dropped on close. Inside vitest it is a copy of the run's
 * template; elsewhere (benchmarks) it is migrated (and imported) here.
 */
export async function freshDatabase(opts: { catalogue?: boolean } = {}): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  const template = await templates();
  const from = template && (opts.catalogue ? template.catalogue : template.empty);
  if (!url) {
    if (template?.kind === 'pglite') return openDatabase({ startFrom: from });
    const database = await openDatabase({});
    await migrate(database);
    if (opts.catalogue) await importCatalogue(database.db, readSharedCatalogue());
    return database;
  }
  const name = `qateh_test_${randomBytes(6).toString('hex')}`;
  await createDatabase(url, name, template?.kind === 'postgres' ? from : undefined);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString() });
  if (template?.kind !== 'postgres') {
    await migrate(database);
    if (opts.catalogue) await importCatalogue(database.db, readSharedCatalogue());
  }
  return {
    ...database,
    // A second connection to the same database (several server instances in one test).
    url: testUrl.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A new, empty throw-away database on the PostgreSQL server of `serverUrl` (DATABASE_URL), for tests
 * that open it themselves (several connections, other processes); `drop` removes it.
 */
export async function emptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `qateh_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * CREATE DATABASE, from a template when given. PostgreSQL refuses to copy a template while another
 * session copies it too ("being accessed by other users"): the two forks then take turns.
 */
async function createDatabase(serverUrl: string, name: string, template: string | undefined): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
        return;
      } catch (err) {
        if (!template || attempt >= 50 || !/being accessed by other users/.test(String((err as Error).message))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
}
