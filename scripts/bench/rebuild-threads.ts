/**
 * The running shop's rebuilds (src/build/site-updater.ts → rebuild-thread.ts), one after another in
 * one process: each one's time from the call and the server process's memory after it, to show that
 * a thread per rebuild leaves nothing behind. Needs a site built from the N-product bench shop:
 *
 *   node --import tsx scripts/bench/build-once.ts 1000 --keep      # prints its outDir
 *   node --expose-gc --import tsx scripts/bench/rebuild-threads.ts 1000 <outDir> [rebuilds=5]
 */
import { sql } from 'drizzle-orm';
import { startBuildApi } from '../../src/build/build-api';
import { rebuildThreads } from '../../src/build/rebuild-thread';
import { loadConfig } from '../../src/server/config';
import { openSiteBenchDatabase } from './site-database';

const [products, siteDir, count = '5'] = process.argv.slice(2);
const database = await openSiteBenchDatabase(Number(products), () => {});
const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
const api = await startBuildApi(config, database);
const threads = rebuildThreads();
try {
  for (let i = 0; i < Number(count); i++) {
    // As in a shop: the change comes a while after the last rebuild (the next thread is ready by then).
    await new Promise((r) => setTimeout(r, 4000));
    await database.db.execute(sql`UPDATE products SET price = price + 10, updated_at = now()
      WHERE id = (SELECT id FROM products WHERE enable ORDER BY id LIMIT 1 OFFSET ${i})`);
    const started = performance.now();
    const r = await threads.run(config, { apiUrl: api.url }, siteDir!);
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    console.log(
      `rebuild ${i + 1}: ${r.kind}, pages live ${r.pagesSeconds.toFixed(1)} s, call ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `process RSS ${(m.rss / 1e6).toFixed(0)} MB, heap ${(m.heapUsed / 1e6).toFixed(0)} MB`,
    );
  }
} finally {
  await threads.close();
  await api.close();
  await database.close();
}
