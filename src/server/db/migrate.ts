import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the checked-in SQL migrations that this database has not seen yet. */
export async function migrate(database: Database): Promise<void> {
  const run = database.kind === 'postgres' ? migratePg : migratePglite;
  await run(database.db as never, { migrationsFolder });
}
