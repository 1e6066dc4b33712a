/**
 * The site benchmarks' shop of N products: the demo shop (categories, content, blog, menu) plus
 * synthetic products up to N. Seeding 100,000 products takes about a minute, so an embedded database
 * whose product count already matches is reused from data/bench-site-<N>.
 */
import { existsSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { productCount, seedDemo, seedSynthetic } from '../../src/server/seed';

export const benchSiteDir = (products: number) => `data/bench-site-${products}`;

export async function openSiteBenchDatabase(products: number, log: (s: string) => void): Promise<Database> {
  const dir = benchSiteDir(products);
  if (existsSync(dir)) {
    const database = await openDatabase({ dataDir: dir });
    await migrate(database);
    const count = await productCount(database.db).catch(() => -1);
    if (count === products) return database;
    log(`${dir} holds ${count} products, not ${products}: rebuilding it.`);
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  log(`Seeding ${dir} (demo shop + synthetic products)…`);
  const t0 = performance.now();
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrate(database);
    const demo = await seedDemo(database.db);
    if (products > demo.products) await seedSynthetic(database.db, products - demo.products);
    await database.db.execute(sql`vacuum analyze`);
    const count = await productCount(database.db);
    if (count !== products) throw new Error(`the bench shop holds ${count} products, not the ${products} asked for`);
  } catch (err) {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return database;
}
