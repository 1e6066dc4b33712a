/**
 * Several servers on one PostgreSQL (README "Several servers"), in two shapes that share one database
 * and one static site (built once, by the first shape's start):
 *
 * Three instances of the shop behind a proxy (tests/support/proxy.ts, round robin, as nginx does), each
 * with its own connection pool, read cache and site updater, all serving one site folder:
 * - the static site is built once at start and rebuilt by one instance after a change, and every
 *   instance serves the new page;
 * - a change committed through one instance (stock taken by a payment) reaches the others' read caches
 *   by LISTEN/NOTIFY (their periodic version check is set to an hour, so nothing else could);
 * - a payment whose steps land on different instances goes through the bank sandbox (its sessions are
 *   in the database);
 * - the search limit and the sign-in throttle count one client across all instances.
 *
 * Then `npm start` with WEB_PROCESSES=2 (src/server/web-processes.ts) on the same database and site
 * folder, which it finds built and fresh (a site build is most of what a start costs, and the first
 * shape already tested it): the primary forks two server processes on one port, and
 * - both answer (the primary deals new connections round robin; health names the process, 1 or 2);
 * - a change saved through the staff console reaches the other process's read cache and search index
 *   by LISTEN/NOTIFY;
 * - a process killed is started again in its place, the lead (process 1) as well as the other;
 * - SIGTERM to the primary closes every process and frees the port.
 * And the embedded database refuses WEB_PROCESSES > 1 before opening anything.
 *
 * The PostgreSQL parts are skipped without DATABASE_URL: PGlite is opened by one process only.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RebuildResult } from '../../src/build/rebuild';
import { ensureSiteFresh, siteFreshness, type Freshness } from '../../src/build/freshness';
import { startSiteUpdater, type SiteUpdater } from '../../src/build/site-updater';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { products, rateLimitCounters } from '../../src/server/db/schema';
import { DEMO_STAFF, ensureStaffAccount } from '../../src/server/seed/staff';
import { openConfiguredDatabase, startServer, type RunningServer } from '../../src/server/server';
import { freshDatabase } from '../support/database';
import { buyerOf, payAtZarinpal, payLink, productWithStock } from '../support/payment-race';
import { startProxy, type TestProxy } from '../support/proxy';
import { runScript, SERVES_AS_PROCESSES, startShopProcess, stopShopProcesses, type ShopProcess } from '../support/shop-process';
import { json, newCustomer } from '../support/shop';

const serverUrl = process.env.DATABASE_URL;
const INSTANCES = 3;
const SEARCH_LIMIT = 6;
const CATEGORY = 'op-amps';
const CHANGED = 'lm358n-dip8';

interface Instance {
  database: Database;
  server: RunningServer;
  updater: SiteUpdater;
  rebuilds: RebuildResult[];
  log: string[];
}

let main: Database & { url?: string };
let proxy: TestProxy;
let outDir: string;
let startStates: Freshness[] = [];
/** The second shape: `npm start` with WEB_PROCESSES=2, and its own data folder. */
let shop: ShopProcess;
let work: string;
const instances: Instance[] = [];

/**
 * `check`'s first truthy value, asked every 50 ms; fails after fifteen minutes (a rebuild on a busy
 * machine) unless told sooner, with what `said` returns (the site updaters' logs, or the shop's output).
 */
async function until<T>(
  check: () => Promise<T | null | false> | T | null | false,
  what: string,
  ms = 900_000,
  said = () => `the site updaters said: ${JSON.stringify(instances.map((i) => i.log))}`,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; ${said()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The API of one address (an instance, or the proxy), as tests/support/server.ts's `api`. */
const apiAt = (base: string) => ({
  async api(path: string, init?: RequestInit) {
    const res = await fetch(`${base}/api/site/v1${path}`, init);
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers };
  },
});

afterAll(async () => {
  await stopShopProcesses();
  await proxy?.close();
  await main?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
}, 120_000);

describe.skipIf(!serverUrl)(`${INSTANCES} instances on one PostgreSQL behind a proxy`, () => {
  beforeAll(async () => {
    main = await freshDatabase({ catalogue: true });
    // A small site (one category's products) keeps the Astro builds short.
    await main.db.execute(
      sql`UPDATE products SET enable = false WHERE category_id <> (SELECT id FROM categories WHERE slug = ${CATEGORY})`,
    );
    proxy = await startProxy();
    outDir = mkdtempSync(join(tmpdir(), 'qateh-cluster-site-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: main.url!,
      SEED_DEMO: '0',
      // Shoppers reach the shop at the proxy: payment callbacks and the sandbox's pages go through it.
      PUBLIC_BASE_URL: proxy.url,
      TRUST_PROXY: '127.0.0.1',
      SEARCH_RATE_LIMIT: String(SEARCH_LIMIT),
      SEARCH_RATE_WINDOW_SECONDS: '600',
      LOGIN_CAPTCHA_AFTER: '3',
      LOGIN_SLOW_AFTER: '100',
      GUEST_WRITE_RATE_LIMIT: '100000',
      CAPTCHA_MAX_NUMBER: '2000',
      // Only LISTEN/NOTIFY can bring a change to another instance's cache within the test.
      CACHE_RECHECK_SECONDS: '3600',
    });
    const databases = await Promise.all(Array.from({ length: INSTANCES }, () => openConfiguredDatabase(config)));
    // Started together, as a deployment starts them: one builds the site, the others wait and find it built.
    startStates = await Promise.all(databases.map((database) => ensureSiteFresh(config, database, outDir, () => {})));
    for (const database of databases) {
      const server = await startServer(config, database, { siteDir: outDir });
      const rebuilds: RebuildResult[] = [];
      const log: string[] = [];
      const updater = startSiteUpdater(config, database, outDir, {
        intervalSeconds: 0.2,
        log: (l) => log.push(l),
        onRebuilt: (r) => rebuilds.push(r),
      });
      instances.push({ database, server, updater, rebuilds, log });
    }
    proxy.setUpstreams(instances.map((i) => i.server.url));
  }, 600_000);

  afterAll(async () => {
    // The stock a payment took is on its product's page: the updaters catch the site up before they
    // stop, so the npm start below finds it fresh (a stale one would only cost that start a rebuild).
    if (main && outDir)
      await until(async () => (await siteFreshness(main, outDir)) === 'fresh', 'the site caught up', 120_000).catch(() => {});
    for (const i of instances) {
      await i.updater.stop();
      await i.server.close();
      await i.database.close();
    }
  }, 600_000);

  it('builds the static site once at start; after a change one instance rebuilds it and every instance serves the new page', async () => {
    expect([...startStates].sort()).toEqual(['fresh', 'fresh', 'missing']);
    await until(async () => (await siteFreshness(main, outDir)) === 'fresh', 'a fresh site');
    const before = instances.map((i) => i.rebuilds.length);

    await main.db
      .update(products)
      .set({ price: 987_650, updatedAt: sql`now()` })
      .where(eq(products.slug, CHANGED));
    for (const { server } of instances) {
      await until(
        async () => (await (await fetch(`${server.url}/en/shop/products/${CHANGED}`)).text()).includes('98,765 Toman'),
        `the new price on ${server.url}`,
      );
    }
    await until(() => instances.some((i, n) => i.rebuilds.length > before[n]!), 'the rebuild to report');
    // The others had the lock refused while it ran, and then found the site fresh.
    await new Promise((r) => setTimeout(r, 1500));
    const rebuilt = instances.map((i, n) => i.rebuilds.length - before[n]!);
    expect(rebuilt.reduce((a, b) => a + b)).toBe(1);
    expect(instances.flatMap((i) => i.rebuilds).at(-1)).toMatchObject({ kind: 'partial', rendered: [CHANGED] });
  }, 1_800_000);

  it('a payment whose steps land on different instances goes through, and every instance answers the new stock at once', async () => {
    const product = await productWithStock(main.db, 3, 1);
    // Every instance has the product in its read cache with one unit.
    for (const { server } of instances) {
      const { body } = await apiAt(server.url).api(`/get/products/${product.slug}`);
      expect(body.data.stock).toBe(1);
    }
    const buyer = await buyerOf(main.db, product.id);
    const shopper = apiAt(proxy.url);
    const first = proxy.served.length;
    // Start (instance 1), the bank's page (2), pay (3), back to the shop (1): each a different instance.
    const started = await shopper.api(payLink(buyer), { headers: { authorization: `Bearer ${buyer.token}` }, redirect: 'manual' });
    expect(started.status).toBe(303);
    const startPay = started.headers.get('location')!;
    expect(startPay.startsWith(`${proxy.url}/sandbox/zarinpal/pg/StartPay/`)).toBe(true);
    const page = await fetch(startPay);
    expect(page.status).toBe(200);
    const callback = await payAtZarinpal(startPay);
    expect(callback.startsWith(`${proxy.url}/api/site/v1/callback_zarin?`)).toBe(true);
    const landing = (await fetch(callback, { redirect: 'manual' })).headers.get('location') ?? '';
    expect(landing).toContain('/shop/checkout/success/');
    expect(new Set(proxy.served.slice(first))).toEqual(new Set([0, 1, 2]));

    // The instance that took the stock dropped its own cache; the others heard it from the database.
    for (const { server } of instances) {
      await until(
        async () => (await apiAt(server.url).api(`/get/products/${product.slug}`)).body.data.stock === 0,
        `stock 0 on ${server.url}`,
      );
    }
  }, 120_000);

  it("counts one client's searches across the instances, and leaves another client alone", async () => {
    const suggest = (client: string) =>
      fetch(`${proxy.url}/api/site/v1/suggestion?filter_searchPart=lm358`, { headers: { 'x-forwarded-for': client } });
    const statuses: number[] = [];
    for (let n = 0; n < INSTANCES * SEARCH_LIMIT; n++) statuses.push((await suggest('203.0.113.7')).status);
    const allowed = statuses.filter((s) => s === 200).length;
    // Each instance alone would allow SEARCH_LIMIT (18 in all); shared, the first SEARCH_LIMIT pass and
    // at most what the other instances counted below half the limit before their next sync.
    expect(statuses.slice(0, SEARCH_LIMIT)).toEqual(Array(SEARCH_LIMIT).fill(200));
    expect(allowed).toBeLessThanOrEqual(SEARCH_LIMIT + (INSTANCES - 1) * Math.floor(SEARCH_LIMIT / 2));
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // Once every instance has handed its count over, none of them lets the client through.
    await until(async () => {
      const [row] = await main.db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.bucket} = 'search' AND ${rateLimitCounters.key} = '203.0.113.7'`);
      return row?.hits === INSTANCES * SEARCH_LIMIT;
    }, 'the counts to reach the database');
    for (let n = 0; n < INSTANCES; n++) {
      const refused = await suggest('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await suggest('198.51.100.20')).status).toBe(200);
  }, 60_000);

  it('asks for the captcha after LOGIN_CAPTCHA_AFTER wrong passwords, whichever instances they went to', async () => {
    const shopper = apiAt(proxy.url);
    // Signed up through the proxy: the captcha is handed out by one instance and accepted by another.
    const customer = await newCustomer(shopper as never, 'cluster');
    const guess = () =>
      shopper.api(
        '/oauth/token',
        json('POST', { grant_type: 'password', client_id: 3, username: customer.username, password: 'wrong-pass-1' }),
      );
    for (let n = 0; n < 3; n++) expect((await guess()).status).toBe(401);
    const fourth = await guess();
    expect(fourth.status).toBe(422);
    expect(fourth.headers.get('x-captcha-required')).toBe('1');
  }, 60_000);
});

/**
 * One request on a connection of its own (no keep-alive): the primary hands each new connection to the
 * next process, so consecutive calls alternate between the two.
 */
function once(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: any }> {
  const url = new URL(path, shop.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode!, body });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const SUGGESTION = `/api/site/v1/suggestion?filter_searchPart=lm358`;
const processOf = async () => (await once('/api/site/v1/health')).body.process as number;
/** The products a suggestion answer offers as shown (a hidden product is either left out or marked so). */
const slugsIn = (answer: { body: any }): string[] =>
  (answer.body.items as { slug: string; enable?: boolean }[]).filter((p) => p.enable !== false).map((p) => p.slug);

/**
 * Health, suggestion, suggestion, health on four new connections: round robin puts the two suggestions
 * on the two processes the health answers name (when those differ; otherwise something else took a
 * connection between them and the caller asks again).
 */
async function suggestionOnBoth(): Promise<{ processes: number[]; slugs: string[][] }> {
  const first = await processOf();
  const a = await once(SUGGESTION);
  const b = await once(SUGGESTION);
  const last = await processOf();
  return { processes: [first, last], slugs: [slugsIn(a), slugsIn(b)] };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The process id the primary last reported for slot `slot` ("web process 2 of 2 (pid 123) serves at …"). */
function pidOf(slot: number): number {
  const all = [...shop.output().matchAll(new RegExp(`web process ${slot} of 2 \\(pid (\\d+)\\) serves at`, 'g'))];
  return Number(all.at(-1)![1]);
}

/** `until` with what the shop printed when it gives up. */
const fromShop = <T>(what: string, check: () => Promise<T | null | false>, ms: number): Promise<T> =>
  until(check, what, ms, () => `the shop said:\n${shop.output()}`);

describe('WEB_PROCESSES on the embedded database', () => {
  it('refuses more than one process, naming the setting, before opening anything', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'qateh-web-processes-pglite-')), 'data');
    const run = await runScript('start.ts', [], { NODE_ENV: 'test', WEB_PROCESSES: '2', DATA_DIR: dataDir });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/WEB_PROCESSES: 2 server processes need PostgreSQL \(DATABASE_URL\)/);
    expect(run.stdout).not.toMatch(/Qateh (is running|runs)/);
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);
});

describe.skipIf(!serverUrl)('WEB_PROCESSES=2 on PostgreSQL (npm start)', () => {
  beforeAll(async () => {
    await ensureStaffAccount(main.db);
    work = mkdtempSync(join(tmpdir(), 'qateh-web-processes-'));
    shop = await startShopProcess(
      {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: main.url!,
        DATA_DIR: join(work, 'data'),
        // The site the three instances built and served, under the address its pages name.
        SITE_OUT_DIR: outDir,
        PUBLIC_BASE_URL: proxy.url,
        SITE_UPDATE_SECONDS: '0',
        SEED_DEMO: '0',
        SEARCH_RATE_LIMIT: '100000',
        // Only LISTEN/NOTIFY can bring a change to the other process within the test.
        CACHE_RECHECK_SECONDS: '3600',
        WEB_PROCESSES: '2',
      },
      SERVES_AS_PROCESSES,
    );
  }, 600_000);

  it('answers from both processes on one port, serving the site it found built', async () => {
    expect(shop.output()).not.toMatch(/building it|rebuild/i);
    const seen = new Set<number>();
    for (let i = 0; i < 6; i++) seen.add(await processOf());
    expect([...seen].sort()).toEqual([1, 2]);
    const page = await once(`/en/shop/products/${CHANGED}`);
    expect(page.status).toBe(200);
    // Built under the address the three instances were given (the address is part of what a start checks).
    expect(page.body).toContain(`<link rel="canonical" href="${proxy.url}/en/shop/products/${CHANGED}">`);
  });

  // Before the change below: a lead started again after a catalogue change finds the site stale and
  // rebuilds what changed first (no updater runs here), which this test does not need to wait for.
  it('starts a killed process again in its place, the lead as well as the other', async () => {
    for (const slot of [2, 1]) {
      const killed = pidOf(slot);
      process.kill(killed, 'SIGKILL');
      const replacement = await fromShop(`process ${slot} started again`, async () => pidOf(slot) !== killed && pidOf(slot), 120_000);
      expect(alive(replacement)).toBe(true);
      expect(shop.output()).toMatch(new RegExp(`web process ${slot} \\(pid ${killed}\\) exited with signal SIGKILL; starting it again`));
      const seen = new Set<number>();
      for (let i = 0; i < 6; i++) seen.add(await processOf());
      expect([...seen].sort()).toEqual([1, 2]);
    }
  }, 300_000);

  it('a change saved through one process is in the other one’s answers within the NOTIFY bound', async () => {
    const before = await fromShop(
      'both processes answering the suggestion',
      async () => {
        const r = await suggestionOnBoth();
        return r.processes[0] !== r.processes[1] && r;
      },
      10_000,
    );
    // Both processes have the product in their read cache and search index now.
    for (const slugs of before.slugs) expect(slugs).toContain(CHANGED);

    const login = await once('/api/site/v1/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 3, username: DEMO_STAFF.username, password: DEMO_STAFF.password }),
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const { id } = (await main.db.select({ id: products.id }).from(products).where(eq(products.slug, CHANGED)))[0]!;
    const saved = Date.now();
    const hide = await once(`/api/site/v1/staff/products/${id}/enable`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.access_token}` },
      body: JSON.stringify({ enable: false }),
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    // NOTIFY takes milliseconds; the index's patch a little more. Two seconds is the bound asked of both.
    const after = await fromShop(
      'the change on both processes',
      async () => {
        const r = await suggestionOnBoth();
        return r.processes[0] !== r.processes[1] && r.slugs.every((slugs) => !slugs.includes(CHANGED)) && r;
      },
      2_000,
    );
    expect(after.slugs[0]).not.toContain(CHANGED);
    expect(after.slugs[1]).not.toContain(CHANGED);
    console.log(`the change was on both processes ${Date.now() - saved} ms after it was saved`);
  }, 60_000);

  it('SIGTERM to the primary closes every process and frees the port', async () => {
    const pids = [pidOf(1), pidOf(2)];
    expect(await shop.stop()).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    await expect(once('/api/site/v1/health')).rejects.toThrow(/ECONNREFUSED/);
    // Each process closed its server and database on the way out.
    expect(shop.output()).toMatch(/SIGTERM: closing 2 server processes/);
    expect(shop.output()).toMatch(/web process 2: SIGTERM, closing/);
  }, 120_000);
});
