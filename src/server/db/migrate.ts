import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The lock every start-up write takes (migrations, demo data, places): several instances started at
 * once on one PostgreSQL take turns, and each one after the first finds the work done.
 */
export const STARTUP_LOCK = 'qateh:start-up';

/** Applies the checked-in SQL migrations that this database has not seen yet. */
export async function migrate(database: Database): Promise<void> {
  const run = database.kind === 'postgres' ? migratePg : migratePglite;
  // Without the lock a second instance ran the first migration too and failed on CREATE EXTENSION.
  await database.withLock(STARTUP_LOCK, () => run(database.db as never, { migrationsFolder }));
}
