/**
 * The benchmark's catalogue of N products: the shared demo catalogue plus synthetic products.
 * Building 100,000 products takes minutes, so a database whose product count already matches is reused:
 * PGlite keeps it in data/bench-pglite-<N>, PostgreSQL in a database qateh_bench_<N>.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedSynthetic } from '../../src/server/seed';
import { importCatalogue } from '../../src/server/services/catalogue-import';
import { rowsOf } from '../../src/server/db/rows';
import { SHARED_DATA } from './queries';

export interface BenchDatabase {
  database: Database;
  where: string;
  /** Seconds spent building it in this run, per step; empty when reused. */
  buildSteps: [string, number][];
}

async function productCount(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from products`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

function sharedCatalogue() {
  const read = (name: string) => ({ name, text: readFileSync(new URL(name, SHARED_DATA), 'utf8') });
  return { categories: read('categories.csv'), products: read('products.csv') };
}

async function timed<T>(steps: [string, number][], name: string, log: (s: string) => void, fn: () => Promise<T>): Promise<T> {
  log(`  ${name}…`);
  const t0 = performance.now();
  const value = await fn();
  const seconds = (performance.now() - t0) / 1000;
  steps.push([name, seconds]);
  log(`  ${name}: ${seconds.toFixed(1)} s`);
  return value;
}

/**
 * The catalogue tables' secondary indexes (not those behind a key or unique constraint: the writer's
 * upsert needs the slug's). product_images keeps its own: the writer's "no image yet" check reads it.
 */
const BULK_TABLES = ['products', 'product_prices', 'product_attribute_values'];

async function secondaryIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  const result = await db.execute(sql`
    SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(
      BULK_TABLES.map((t) => sql`${t}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
    ORDER BY i.indexname`);
  return rowsOf<{ name: string; definition: string }>(result);
}

/**
 * Seeds with the catalogue's secondary indexes dropped, then builds each once from its migration's own
 * definition. Updating two GIN indexes (trigrams of part numbers, the search vector) and nine B-trees
 * row by row made a million products take ≈ 50 minutes; one sorted build of each takes a minute or two.
 * A failure drops the half-built database anyway (the callers), so no index can stay missing.
 */
async function withIndexesBuiltAfter<T>(db: Db, steps: [string, number][], log: (s: string) => void, fn: () => Promise<T>): Promise<T> {
  const indexes = await secondaryIndexes(db);
  for (const { name } of indexes) await db.execute(sql.raw(`DROP INDEX "${name}"`));
  const value = await fn();
  await timed(steps, `build ${indexes.length} indexes`, log, () =>
    db.transaction(async (tx) => {
      // Per transaction: the sort of a million rows' keys fits in memory instead of spilling to disk.
      await tx.execute(sql.raw(`SET LOCAL maintenance_work_mem = '512MB'`));
      for (const { definition } of indexes) await tx.execute(sql.raw(definition));
    }),
  );
  return value;
}

async function fill(database: Database, products: number, log: (s: string) => void): Promise<[string, number][]> {
  const steps: [string, number][] = [];
  await timed(steps, 'migrate', log, () => migrate(database));
  await timed(steps, 'import shared catalogue', log, () => importCatalogue(database.db, sharedCatalogue()));
  const imported = await productCount(database.db);
  if (imported < products) {
    await withIndexesBuiltAfter(database.db, steps, log, () =>
      timed(steps, `seed ${(products - imported).toLocaleString('en-US')} synthetic products`, log, () =>
        seedSynthetic(database.db, products - imported),
      ),
    );
  }
  // Fresh statistics, or the planner guesses on tables that grew a hundredfold.
  await timed(steps, 'vacuum analyze', log, () => database.db.execute(sql`vacuum analyze`));
  const count = await productCount(database.db);
  if (count !== products) throw new Error(`the bench database holds ${count} products, not the ${products} asked for`);
  return steps;
}

/** Opens the PGlite bench database for N products, building it first when missing or different. */
async function openPglite(products: number, log: (s: string) => void, pgliteThread?: boolean): Promise<BenchDatabase> {
  const dir = `data/bench-pglite-${products}`;
  if (existsSync(dir)) {
    const database = await openDatabase({ dataDir: dir, pgliteThread });
    await migrate(database);
    const count = await productCount(database.db).catch(() => -1);
    if (count === products) return { database, where: `${dir} (reused)`, buildSteps: [] };
    log(`${dir} holds ${count} products, not ${products}: rebuilding it.`);
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  log(`Building ${dir}:`);
  const database = await openDatabase({ dataDir: dir, pgliteThread });
  try {
    const buildSteps = await fill(database, products, log);
    return { database, where: `${dir} (built now)`, buildSteps };
  } catch (err) {
    // A half-built database would be mistaken for a good one next time only if its count matched; drop it anyway.
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Same on the PostgreSQL server of DATABASE_URL, in its own database qateh_bench_<N>. */
async function openPostgres(url: string, products: number, log: (s: string) => void): Promise<BenchDatabase> {
  // BENCH_DB_PREFIX keeps benches of several checkouts on one server apart.
  const name = `${process.env.BENCH_DB_PREFIX ?? 'qateh_bench'}_${products}`;
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists) {
      const database = await openDatabase({ url: benchUrl.toString() });
      await migrate(database);
      const count = await productCount(database.db).catch(() => -1);
      if (count === products) return { database, where: `database ${name} (reused)`, buildSteps: [] };
      log(`database ${name} holds ${count} products, not ${products}: rebuilding it.`);
      await database.close();
      await admin.query(`drop database ${name} with (force)`);
    }
    log(`Building database ${name}:`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: benchUrl.toString() });
  try {
    const buildSteps = await fill(database, products, log);
    return { database, where: `database ${name} (built now)`, buildSteps };
  } catch (err) {
    await database.close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
    throw err;
  }
}

/** `pgliteThread: false` opens PGlite in this thread, as before it had one of its own (bench:pglite-thread). */
export function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  products: number,
  log: (s: string) => void,
  opts: { pgliteThread?: boolean } = {},
): Promise<BenchDatabase> {
  if (kind === 'pglite') return openPglite(products, log, opts.pgliteThread);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('--db postgres needs DATABASE_URL (postgres://user@host:port/postgres, a role that may create databases)');
  return openPostgres(url, products, log);
}
