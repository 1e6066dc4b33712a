/**
 * A catalogue-wide reprice from a new dollar rate: its time and memory, and the shop's latency while it
 * runs (a product call on rotating products, and the health call), against the same calls before it.
 *   npm run bench:reprice -- 10000     (PGlite; DATABASE_URL=postgres://… for PostgreSQL)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/server';
import { seedSynthetic } from '../src/server/seed/synthetic';
import { ensureStaffAccount } from '../src/server/seed/staff';
import { repricePaceFor, repriceByExchangeRate } from '../src/server/services/back-office/exchange-rate-run';
import { freshDatabase } from '../tests/support/database';

const count = Number(process.argv[2] ?? 10_000);
const database = await freshDatabase();
const { db } = database;
let t = performance.now();
await seedSynthetic(db, count);
// Every product follows the dollar: its price as if bought at 600,000 rials per dollar with a 20 % margin.
await db.execute(
  sql`UPDATE products SET base_price_usd_cents = greatest(1, round(price / 600000.0 / 1.2 * 100))::int, margin_percent = 20`,
);
const staffId = await ensureStaffAccount(db);
const slugs = (
  (await db.execute(sql`select slug from products order by random() limit 2000`)) as unknown as { rows: { slug: string }[] }
).rows.map((r) => r.slug);
console.log(`${database.kind}: ${count} products seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', SEARCH_RATE_LIMIT: '1000000', CACHE_RECHECK_SECONDS: '3600' });
const server = await startServer(config, database);
const api = `${server.url}/api/site/v1`;

/** Sequential shopper calls until `done` resolves: product pages' data on rotating products, and health. */
async function shopperLatency(done: Promise<unknown>) {
  const product: number[] = [];
  const health: number[] = [];
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let i = 0;
  let failed = 0;
  // A keep-alive socket the server closed while idle is reset on reuse: counted, and the call timed again.
  const timed = async (url: string, into: number[]) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const s = performance.now();
      try {
        await (await fetch(url)).arrayBuffer();
        into.push(performance.now() - s);
        return;
      } catch {
        failed++;
      }
    }
  };
  while (!finished) {
    await timed(`${api}/get/products/${slugs[i++ % slugs.length]}`, product);
    await timed(`${api}/health`, health);
  }
  if (failed) console.log(`  (${failed} connection resets retried)`);
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(1);
  const line = (xs: number[]) => `n=${xs.length} p50 ${q(xs, 0.5)} ms, p95 ${q(xs, 0.95)} ms, max ${q(xs, 1)} ms`;
  return { product: line(product), health: line(health) };
}

const baseline = await shopperLatency(new Promise((r) => setTimeout(r, 3000)));
console.log(`shop before:  getProduct ${baseline.product}; health ${baseline.health}`);

let peakRss = 0;
let peakHeap = 0;
const startRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 20);
t = performance.now();
const run = repriceByExchangeRate(db, staffId, 650_000, repricePaceFor(database.kind));
const during = await shopperLatency(run);
const repriced = await run;
const seconds = (performance.now() - t) / 1000;
clearInterval(sampler);
console.log(
  `reprice: ${repriced} of ${count} products in ${seconds.toFixed(2)} s (${Math.round(repriced / seconds)} products/s); ` +
    `rss ${(startRss / 2 ** 20).toFixed(0)} → peak ${(peakRss / 2 ** 20).toFixed(0)} MB, peak heap ${(peakHeap / 2 ** 20).toFixed(0)} MB; ` +
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
console.log(`shop during: getProduct ${during.product}; health ${during.health}`);
await server.close();
await database.close();
