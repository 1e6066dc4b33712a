/**
 * What `npm start` writes into the database before serving: in development and tests the demo shop
 * and the demo staff account (SEED_DEMO), nothing in production, where the first staff account comes
 * from `npm run staff:create`. Under the start-up lock, so instances started together on one
 * PostgreSQL write the demo once.
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import { STARTUP_LOCK } from '../db/migrate';
import { seedDemoIfEmpty } from './demo';
import { staffCount } from '../services/accounts/staff-accounts';
import { ensureStaffAccount } from './staff';

export async function seedOnStart(config: Config, database: Database, log: (line: string) => void): Promise<void> {
  if (config.SEED_DEMO) {
    await database.withLock(STARTUP_LOCK, async () => {
      const seeded = await seedDemoIfEmpty(database.db);
      if (seeded) log(`Demo data written: ${seeded.products} products.`);
      await ensureStaffAccount(database.db);
    });
  }
  if ((await staffCount(database.db)) === 0) {
    log(
      'No staff account yet: create the first one with `npm run staff:create -- --username NAME --email ADDRESS` (README, "Running in production").',
    );
  }
}
