/**
 * How long a price saved in the staff console takes to reach the product's static page, the way a
 * running shop does it: the staff API's PUT, then the site updater (checking every second, as
 * SITE_UPDATE_SECONDS defaults to, and on the change notification) having the shop's render thread
 * write the product's pages again (src/build/product-page-refresher.ts), the incremental rebuild
 * following. Timed until the Persian and the English page the shop serves show the new price, once
 * the render thread the updater starts is up (its start is printed on its own); `--rebuild-only`
 * measures the rebuild's path alone (before issue 18's refresher); `--on-request` builds the site with
 * SITE_PRODUCT_PAGES=on-request (no product page written by the build: the way a large catalogue is
 * deployed) and has each timed product's pages served once before its save, as a shopper's visit would. A demo
 * shop plus synthetic products up to N is built in full first (not timed here: bench:build measures builds).
 * `--bench-db` takes the bench database of N products instead (scripts/bench/database.ts: a million is
 * built in minutes and kept), and `--site DIR` a site already built over it (bench:first-render --site DIR)
 * instead of building one. Also timed: until the API's product call answers the new price.
 *   DATABASE_URL=postgres://… npm run bench:price-live -- 10000 [--saves 3] [--rebuild-only] [--on-request] [--bench-db] [--site DIR]    (PGlite without DATABASE_URL)
 * Figures are printed, never asserted, each with the machine's load average. Budget from issue 18: within 10 seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildSite } from '../src/build/site';
import { startSiteUpdater } from '../src/build/site-updater';
import { formatTomanAmount } from '../src/lib/money';
import { loadConfig } from '../src/server/config';
import { seedDemo, seedSynthetic } from '../src/server/seed';
import { DEMO_STAFF, ensureStaffAccount } from '../src/server/seed/staff';
import { startServer } from '../src/server/server';
import { freshDatabase } from '../tests/support/database';
import { openBenchDatabase } from './bench/database';

const count = Number(process.argv[2] ?? 10_000);
const saves = Number(process.argv[process.argv.indexOf('--saves') + 1]) || 3;
const rebuildOnly = process.argv.includes('--rebuild-only');
const onRequest = process.argv.includes('--on-request');
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

const benchDb = process.argv.includes('--bench-db');
const siteArg = process.argv.includes('--site') ? process.argv[process.argv.indexOf('--site') + 1] : undefined;
let t = performance.now();
const database = benchDb
  ? (await openBenchDatabase(process.env.DATABASE_URL ? 'postgres' : 'pglite', count, console.log)).database
  : await freshDatabase();
const { db } = database;
if (!benchDb) {
  const demo = await seedDemo(db);
  if (count > demo.products) await seedSynthetic(db, count - demo.products);
}
await ensureStaffAccount(db);
console.log(`${database.kind}: ${count} products seeded in ${seconds(t)} s`);

const config = loadConfig({
  NODE_ENV: 'test',
  PORT: '0',
  SEED_DEMO: '0',
  PUBLIC_BASE_URL: 'https://shop.example',
  SITE_PRODUCT_PAGES: onRequest ? 'on-request' : 'build',
});
const outDir = siteArg ?? mkdtempSync(join(tmpdir(), `qateh-price-live-${count}-`));
t = performance.now();
if (!siteArg) {
  await buildSite(config, database, { outDir, logLevel: 'error' });
  console.log(`${onRequest ? 'build without product pages' : 'full build'} in ${seconds(t)} s, ${load()}`);
}

const server = await startServer(config, database, { siteDir: outDir, notifications: false });
const updater = startSiteUpdater(config, database, outDir, {
  intervalSeconds: 1,
  log: () => undefined,
  productPages: rebuildOnly ? undefined : server.deps.productPages,
});
const api = `${server.url}/api/site/v1`;
const call = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(api + path, init);
  const body = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
};
const { access_token: token } = await call('/oauth/token', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ grant_type: 'password', client_id: 3, username: DEMO_STAFF.username, password: DEMO_STAFF.password }),
});
const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

const picked = (
  (await db.execute(
    sql`select id, slug from products where enable and deleted_at is null order by random() limit ${saves}`,
  )) as unknown as { rows: { id: number; slug: string }[] }
).rows;
if (!rebuildOnly) {
  // The shop starts its render thread with the updater; a save made before it is up waits for it.
  t = performance.now();
  await server.deps.productPages!.refresh(picked[0]!.slug);
  console.log(`render thread started and a first product's pages refreshed ${seconds(t)} s after the updater started, ${load()}`);
}
const times: number[] = [];
const apiTimes: number[] = [];
for (const [i, { id, slug }] of picked.entries()) {
  const { id: _id, slug: _slug, deleted: _d, updatedAt: _u, ...body } = (await call(`/staff/products/${id}`, { headers: staff })).data;
  const price = Math.round((body.price as number) / 100_000) * 100_000 + 1_230_000 + i * 10_000;
  const tiers = (body.tiers as { price: number }[]).map((tier, n) => (n === 0 ? { ...tier, price } : tier));
  const shown = [
    [`/shop/products/${slug}`, formatTomanAmount(price)],
    [`/en/shop/products/${slug}`, formatTomanAmount(price, 'en')],
  ] as const;
  if (onRequest) for (const [path] of shown) await (await fetch(server.url + path)).text();
  const saved = performance.now();
  await call(`/staff/products/${id}`, { method: 'PUT', headers: staff, body: JSON.stringify({ ...body, price, tiers }) });
  // The API's product call (what the islands and other servers' caches answer).
  while (((await call(`/get/products/${slug}`)).data?.price as number | undefined) !== price) {
    if (performance.now() - saved > 180_000) throw new Error(`${slug}: the API did not answer the new price after 180 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
  apiTimes.push((performance.now() - saved) / 1000);
  // The page the shop serves, as a shopper reloading it sees it (each file is replaced whole).
  for (const [path, text] of shown) {
    while (!(await (await fetch(server.url + path)).text()).includes(text)) {
      if (performance.now() - saved > 180_000) throw new Error(`${path}: the new price was not on the page after 180 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  times.push((performance.now() - saved) / 1000);
  console.log(
    `  ${slug}: price saved → API ${apiTimes.at(-1)!.toFixed(2)} s, on the static pages (fa, en) in ${times.at(-1)!.toFixed(2)} s, ${load()}`,
  );
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `${database.kind}, ${count} products${onRequest ? ', pages on request' : ''}, ${rebuildOnly ? 'rebuild only' : 'page refresher'}: save → static pages median ` +
    `${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} s, max ${sorted.at(-1)!.toFixed(2)} s over ${times.length} saves; ${load()}`,
);
await updater.stop();
await server.close();
await database.close();
if (!siteArg) rmSync(outDir, { recursive: true, force: true });
