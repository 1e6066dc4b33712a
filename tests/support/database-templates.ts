/**
 * Vitest global setup: the databases every test file starts from, made once per run. Each file used
 * to run initdb, all migrations and (most of them) the import of the shared catalogue on its own —
 * about 25 s of a busy two-core machine per file, more than the tests themselves took. Now a file's
 * database is a copy: PGlite starts from a data-folder tarball, PostgreSQL copies a template database.
 * Two templates: migrated and empty, and migrated with the shared catalogue imported.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { ensureIranPlaces } from '../../src/server/services/accounts/places';
import { importCatalogue } from '../../src/server/services/catalogue-import';
import { readSharedCatalogue } from './shared-catalogue';

export interface DatabaseTemplates {
  /** PGlite: tarballs of data folders; PostgreSQL: names of template databases on DATABASE_URL's server. */
  kind: 'pglite' | 'postgres';
  empty: string;
  catalogue: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Migrated, with Iran's provinces and cities (every server writes them at start when absent: about a
 * thousand rows each test file would otherwise insert again); the catalogue template is a copy of
 * that one with the shared catalogue imported (`from`), so the run migrates once, not twice.
 */
async function prepareTemplate(database: Database, from: string | undefined): Promise<void> {
  if (from) {
    await importCatalogue(database.db, readSharedCatalogue());
    return;
  }
  await migrate(database);
  await ensureIranPlaces(database.db);
}

async function pgliteTemplate(work: string, name: string, from?: string): Promise<string> {
  const dataDir = join(work, name);
  const database = await openDatabase({ dataDir, pgliteThread: false, ...(from ? { startFrom: from } : {}) });
  await prepareTemplate(database, from);
  await database.close();
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  // Only the WAL segment holding the last checkpoint is needed to start; the others (a recycled one
  // waiting to be reused) would add 16 MB each to every test file's copy to read and unpack.
  await client.exec('SET wal_recycle = off; CHECKPOINT;');
  const { rows } = await client.query<{ file: string }>('select pg_walfile_name(pg_current_wal_lsn()) as file');
  const walDir = join(dataDir, 'pg_wal');
  for (const file of readdirSync(walDir)) {
    if (/^[0-9A-F]{24}$/.test(file) && file !== rows[0]!.file) rmSync(join(walDir, file));
  }
  const tarball = join(work, `${name}.tar`);
  writeFileSync(tarball, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  rmSync(dataDir, { recursive: true, force: true });
  return tarball;
}

async function postgresTemplate(serverUrl: string, name: string, from?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await prepareTemplate(database, from);
  await database.close();
  return name;
}

/** The empty template, then the catalogue template made from it. */
async function chain(make: (from?: string) => Promise<string>): Promise<{ empty: string; catalogue: string }> {
  const empty = await make();
  return { empty, catalogue: await make(empty) };
}

export async function dropPostgres(serverUrl: string, names: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/**
 * A vitest run makes its templates and removes them at its end. `npm test` runs vitest twice
 * (scripts/test.ts) and makes them once: it names a folder in QATEH_TEST_TEMPLATES, the first run
 * leaves what it made there (QATEH_TEST_TEMPLATES_KEEP=1) and the second starts from it and cleans up.
 */
/** The file in QATEH_TEST_TEMPLATES's folder that names the templates once they are made. */
export const templatesRecord = (folder: string, serverUrl: string | undefined) => join(folder, serverUrl ? 'postgres.json' : 'pglite.json');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  const shared = process.env.QATEH_TEST_TEMPLATES;
  const keep = process.env.QATEH_TEST_TEMPLATES_KEEP === '1';
  const record = shared ? templatesRecord(shared, serverUrl) : undefined;
  const made = record && existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as DatabaseTemplates) : undefined;
  if (serverUrl) {
    const prefix = `qateh_template_${randomBytes(4).toString('hex')}`;
    const templates: DatabaseTemplates = made ?? {
      kind: 'postgres',
      ...(await chain((from) => postgresTemplate(serverUrl, `${prefix}_${from ? 'catalogue' : 'empty'}`, from))),
    };
    if (record && !made) writeFileSync(record, JSON.stringify(templates));
    project.provide('databaseTemplates', templates);
    return async () => {
      if (!keep) await dropPostgres(serverUrl, [templates.empty, templates.catalogue]);
    };
  }
  const work = shared ?? mkdtempSync(join(tmpdir(), 'qateh-test-templates-'));
  const templates: DatabaseTemplates = made ?? {
    kind: 'pglite',
    ...(await chain((from) => pgliteTemplate(work, from ? 'catalogue' : 'empty', from))),
  };
  if (record && !made) writeFileSync(record, JSON.stringify(templates));
  project.provide('databaseTemplates', templates);
  return async () => {
    if (!keep) rmSync(work, { recursive: true, force: true });
  };
}
