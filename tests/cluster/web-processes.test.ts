/**
 * `npm start` with WEB_PROCESSES=2 on PostgreSQL (src/server/web-processes.ts, README "Several servers"):
 * the primary forks two server processes on one port, and
 * - both answer (the primary deals new connections round robin; health names the process, 1 or 2);
 * - a change saved through the staff console reaches the other process's read cache and search index
 *   by LISTEN/NOTIFY (the periodic version check is set to an hour, so nothing else could);
 * - a process killed is started again in its place, the lead (process 1) as well as the other;
 * - SIGTERM to the primary closes every process and frees the port.
 * And the embedded database refuses WEB_PROCESSES > 1 before opening anything.
 *
 * The PostgreSQL part is skipped without DATABASE_URL: PGlite is opened by one process only.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { products } from '../../src/server/db/schema';
import { DEMO_STAFF, ensureStaffAccount } from '../../src/server/seed/staff';
import { freshDatabase } from '../support/database';
import { runScript, SERVES_AS_PROCESSES, startShopProcess, stopShopProcesses, type ShopProcess } from '../support/shop-process';

const serverUrl = process.env.DATABASE_URL;
const CATEGORY = 'op-amps';
const CHANGED = 'lm358n-dip8';
const SUGGESTION = `/api/site/v1/suggestion?filter_searchPart=lm358`;

let work: string;
let main: Database & { url?: string };
let shop: ShopProcess;

interface Answer {
  status: number;
  body: any;
}

/**
 * One request on a connection of its own (no keep-alive): the primary hands each new connection to the
 * next process, so consecutive calls alternate between the two.
 */
function once(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
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

const processOf = async () => (await once('/api/site/v1/health')).body.process as number;
/** The products a suggestion answer offers as shown (a hidden product is either left out or marked so). */
const slugsIn = (answer: Answer): string[] =>
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

async function until<T>(what: string, check: () => Promise<T | null | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; the shop said:\n${shop.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

afterAll(async () => {
  await stopShopProcesses();
  await main?.close();
  if (work) rmSync(work, { recursive: true, force: true });
}, 120_000);

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

describe.skipIf(!serverUrl)('WEB_PROCESSES=2 on PostgreSQL', () => {
  beforeAll(async () => {
    main = await freshDatabase({ catalogue: true });
    // A small site (one category's products, product pages on request) keeps the start's build short.
    await main.db.execute(
      sql`UPDATE products SET enable = false WHERE category_id <> (SELECT id FROM categories WHERE slug = ${CATEGORY})`,
    );
    await ensureStaffAccount(main.db);
    work = mkdtempSync(join(tmpdir(), 'qateh-web-processes-'));
    shop = await startShopProcess(
      {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: main.url!,
        DATA_DIR: join(work, 'data'),
        SITE_OUT_DIR: join(work, 'site'),
        SITE_PRODUCT_PAGES: 'on-request',
        SITE_UPDATE_SECONDS: '0',
        SEED_DEMO: '0',
        SEARCH_RATE_LIMIT: '100000',
        // Only LISTEN/NOTIFY can bring a change to the other process within the test.
        CACHE_RECHECK_SECONDS: '3600',
        WEB_PROCESSES: '2',
      },
      SERVES_AS_PROCESSES,
    );
  }, 900_000);

  it('answers from both processes on one port', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 6; i++) seen.add(await processOf());
    expect([...seen].sort()).toEqual([1, 2]);
  });

  it('a change saved through one process is in the other one’s answers within the NOTIFY bound', async () => {
    const before = await until(
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
    const after = await until(
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

  it('starts a killed process again in its place, the lead as well as the other', async () => {
    for (const slot of [2, 1]) {
      const killed = pidOf(slot);
      process.kill(killed, 'SIGKILL');
      const replacement = await until(`process ${slot} started again`, async () => pidOf(slot) !== killed && pidOf(slot), 120_000);
      expect(alive(replacement)).toBe(true);
      expect(shop.output()).toMatch(new RegExp(`web process ${slot} \\(pid ${killed}\\) exited with signal SIGKILL; starting it again`));
      const seen = new Set<number>();
      for (let i = 0; i < 6; i++) seen.add(await processOf());
      expect([...seen].sort()).toEqual([1, 2]);
    }
  }, 300_000);

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
