/**
 * The static site of a browser test file, made from one build shared by the whole run.
 *
 * Every browser file used to run a full Astro build of the same small shop (one category enabled),
 * about 15 s on an idle two-core machine and over a minute beside the other fork: most of what those
 * files cost besides their journeys. Now the first file to need a site builds it once, under a
 * placeholder public address, into the run's folder (tests/support/browser-site-folder.ts); each file
 * copies it, gives it its own address, and lets the shop's real incremental rebuild
 * (src/build/rebuild.ts) bring it up to date with what the file's `prepare` changed. So a file still
 * gets exactly the pages a build of its database would give — the rebuild under test elsewhere does
 * the catching up — at the price of a copy and a partial build of the products it touched.
 *
 * What `prepare` changed is found by comparing the page-visible tables before and after it (tests
 * write rows directly, without the `updated_at` the staff screens set): changed products get a fresh
 * `updated_at` so the rebuild sees them; a change to anything every page shows (categories, menu,
 * content, settings) gets a full build of the file's own, as the rebuild would do.
 *
 * The partial build is most of a file's setup (40–70 s in CI). Product changes several files make
 * alike go into a named fixture (`SiteFixture`): the first file naming it catches the shared build up
 * with them, by the same partial rebuild, into the run's folder, and the others copy that site; a file
 * whose own `prepare` then changes no product page gets no partial build at all.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MANIFEST_FILE, readManifest, writeManifest } from '../../src/build/build-record';
import {
  buildSettingsKey,
  CLIENT_BUNDLE_FILE,
  readClientBundleRecord,
  writeClientBundleRecord,
} from '../../src/build/client-bundle-record';
import { InlineHashCollector, writeInlineHashes } from '../../src/build/inline-hashes';
import { rebuildSite } from '../../src/build/rebuild';
import { findServerCode, serverCodeCacheDir, serverCodeFingerprint, serverCodeKey } from '../../src/build/server-code-cache';
import { buildSite, PROJECT_ROOT } from '../../src/build/site';
import { shellFingerprint } from '../../src/build/shell-fingerprint';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';

/** The public address the shared build is made under; each copy is given its file's own. */
const PLACEHOLDER_BASE = 'http://shared-test-site.invalid';

/** Settings no page shows (they act at run time: headers, captcha, timers, alerts): sites built under other values are the same. */
const RUNTIME_ONLY = new Set([
  'PORT',
  'PUBLIC_BASE_URL',
  'CAPTCHA_MAX_NUMBER',
  'LOGIN_DELAY_MS',
  'MAP_TILE_URL',
  'NOTIFY_POLL_SECONDS',
  'NOTIFY_SCHEDULE_SECONDS',
  'PREINVOICE_REMINDER_HOURS',
  'STORE_ALERT_MOBILE',
  'STORE_ALERT_EMAIL',
  'GUEST_WRITE_RATE_LIMIT',
  'SEARCH_RATE_LIMIT',
  'BOM_UPLOAD_RATE_LIMIT',
  'DATA_DIR',
  'SEED_DEMO',
  'NODE_ENV',
]);

/** Rows that belong to one product page: a change re-renders that page (and its listings). */
const PRODUCT_TABLES = ['product_prices', 'product_images', 'product_files', 'product_attribute_values', 'reviews', 'comments'];
/** What every page, or the fixed pages, show: a change means a full build, as the rebuild decides. */
const SHELL_TABLES = [
  'brands',
  'categories',
  'attributes',
  'departments',
  'content_pages',
  'blog_posts',
  'site_messages',
  'home_slides',
  'help_files',
  'shop_settings',
  'site_revisions',
  'exchange_rates',
  'provinces',
  'cities',
];

interface Snapshot {
  at: Date;
  products: Map<number, string>;
  shell: string;
}

async function snapshot(database: Database): Promise<Snapshot> {
  const related = PRODUCT_TABLES.map(
    (t) => `coalesce((SELECT string_agg(x::text, '|' ORDER BY x::text) FROM ${t} x WHERE x.product_id = p.id), '')`,
  ).join(` || '#' || `);
  const rows = rowsOf<{ id: number; h: string }>(
    await database.db.execute(sql.raw(`SELECT p.id, md5(p::text || '#' || ${related}) AS h FROM products p`)),
  );
  const shell = SHELL_TABLES.map((t) => `(SELECT coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM ${t} x)`).join(` || `);
  const [row] = rowsOf<{ h: string; at: string | Date }>(await database.db.execute(sql.raw(`SELECT ${shell} AS h, now() AS at`)));
  return { at: new Date(row!.at), products: new Map(rows.map((r) => [Number(r.id), r.h])), shell: row!.h };
}

async function sharedRoot(): Promise<string | null> {
  if (!process.env.VITEST) return null;
  const { inject } = await import('vitest');
  return inject('browserSites') ?? null;
}

/** Whether the process that took `lock` still runs (true while it has not written its id yet). */
function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Builds `key` into the run's folder once; the other forks wait for it (a folder made with mkdir is the lock). */
async function sharedBuild(root: string, key: string, build: (outDir: string) => Promise<void>): Promise<string> {
  const ready = join(root, key);
  const lock = `${ready}.lock`;
  for (;;) {
    if (existsSync(join(ready, MANIFEST_FILE))) return ready;
    try {
      mkdirSync(lock);
    } catch {
      // A fork that ended while building (a set-up past its time limit) leaves its lock: it is nobody's
      // once that process is gone, or after ten minutes.
      if (existsSync(lock) && (!holderAlive(lock) || Date.now() - statSync(lock).mtimeMs > 600_000))
        rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    writeFileSync(join(lock, 'pid'), String(process.pid));
    try {
      const building = `${ready}.building`;
      rmSync(building, { recursive: true, force: true });
      await build(building);
      renameSync(building, ready);
      return ready;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

const TEXT_FILE = /\.(html|xml|txt|json|js|mjs|css|webmanifest)$/;

/**
 * Copies the shared site into `dir` under the file's own public address, as a build under that address
 * would have written it: each text file read once and written once with the address replaced, the
 * pages' inline hashes taken on the way (copying first and rewriting after read and wrote every page twice).
 */
function copyReaddressed(source: string, dir: string, from: string, to: string): void {
  const inline = new InlineHashCollector();
  // `pages`: below no dot folder, Astro's assets or the Pagefind bundles, as scanSitePages reads a site.
  const walk = (src: string, dst: string, pages: boolean) => {
    mkdirSync(dst, { recursive: true });
    for (const entry of readdirSync(src, { withFileTypes: true })) {
      const from_ = join(src, entry.name);
      const to_ = join(dst, entry.name);
      const page = pages && !entry.name.startsWith('.') && entry.name !== '_astro' && entry.name !== 'pagefind';
      if (entry.isDirectory()) walk(from_, to_, page);
      else if (TEXT_FILE.test(entry.name) && entry.name !== CLIENT_BUNDLE_FILE) {
        const text = readFileSync(from_, 'utf8');
        const moved = text.includes(from) ? text.split(from).join(to) : text;
        writeFileSync(to_, moved);
        if (page && entry.name.endsWith('.html')) inline.add(moved);
      } else copyFileSync(from_, to_);
    }
  };
  walk(source, dir, true);
  // Inline scripts may name the address: the policy's hashes are those of the pages as they now are.
  writeInlineHashes(dir, inline.result());
  // The recorded browser bundle stays replayable: its settings fingerprint names the address too.
  const recordFile = join(dir, CLIENT_BUNDLE_FILE);
  const record = existsSync(recordFile) ? readClientBundleRecord(recordFile) : null;
  if (record) {
    const form = [from, `${from}/`].find((site) => buildSettingsKey(PROJECT_ROOT, site) === record.fingerprint.settings);
    if (form !== undefined) {
      const moved = JSON.parse(JSON.stringify(record).split(from).join(to)) as typeof record;
      moved.fingerprint.settings = buildSettingsKey(PROJECT_ROOT, form === from ? to : `${to}/`);
      writeClientBundleRecord(recordFile, moved);
    }
  }
}

/**
 * The shared build's compiled server code (src/build/server-code-cache.ts), kept again under the file's
 * own address, as copyReaddressed does for the pages: the file's rebuilds (its own, or the shop's
 * updater's) then render from it instead of compiling the same sources once more for one address
 * (~14 CPU-seconds each). Astro writes the site's address into the compiled code as text (`Astro.site`,
 * its manifest), so the copy gets it replaced; the entry is written aside and renamed into place whole.
 */
function readdressServerCode(site: string, from: string, to: string): void {
  const record = readClientBundleRecord(join(site, CLIENT_BUNDLE_FILE));
  if (!record) return;
  // The browser bundle the pages link to, as the cache keys it (its file names, the same in every copy).
  const bundle = record.outputs
    .map((o) => o.fileName)
    .sort()
    .join('\n');
  const cacheDir = serverCodeCacheDir(PROJECT_ROOT);
  for (const [source, target] of [
    [from, to],
    [`${from}/`, `${to}/`],
  ] as const) {
    const found = findServerCode(cacheDir, serverCodeFingerprint(PROJECT_ROOT, source, bundle));
    if ('missing' in found) continue;
    const fingerprint = serverCodeFingerprint(PROJECT_ROOT, target, bundle);
    const dir = join(cacheDir, serverCodeKey(fingerprint));
    if (existsSync(dir)) return;
    const tmp = mkdtempSync(join(cacheDir, '.tmp-'));
    try {
      for (const file of found.entry.outputs) {
        const to_ = join(tmp, 'files', file);
        mkdirSync(dirname(to_), { recursive: true });
        const text = TEXT_FILE.test(file) ? readFileSync(join(found.filesDir, file), 'utf8') : null;
        if (text === null) copyFileSync(join(found.filesDir, file), to_);
        else writeFileSync(to_, text.split(from).join(to));
      }
      const state = JSON.parse(JSON.stringify(found.entry.state).split(from).join(to)) as unknown;
      writeFileSync(join(tmp, 'entry.json'), JSON.stringify({ ...found.entry, fingerprint, state }));
      renameSync(tmp, dir);
    } catch {
      // Another fork kept it first (or the cache is not writable): the rebuild compiles or finds it.
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    return;
  }
}

/**
 * Product changes several files make alike before their journeys (the same rows, the same values). The
 * run catches the shared build up with them once, by the same partial rebuild a file's own `prepare`
 * gets, and every file naming the fixture copies that site: one rebuild for all of them instead of one
 * each. Only product rows: what every page shows would need a full build.
 */
export interface SiteFixture {
  /** Names the caught-up site in the run's folder: one name, one `apply`. */
  name: string;
  apply: (database: Database) => Promise<void>;
}

export interface TestSiteOptions {
  /** The file's configuration and the environment it came from (for the shared build's key). */
  config: Config;
  env: Record<string, string>;
  category: string;
  database: Database;
  /** Changes shared with other files, made before `prepare`. */
  fixture?: SiteFixture;
  prepare?: (database: Database) => Promise<void>;
  outDir: string;
}

/** How the file's site was made, for the log of a slow run. */
export type TestSiteOrigin = 'shared copy' | 'shared copy + partial rebuild' | 'own full build';

/** The products whose page-visible rows differ between two snapshots. */
function changedProducts(before: Snapshot, after: Snapshot): number[] {
  return [...new Set([...before.products.keys(), ...after.products.keys()])].filter(
    (id) => before.products.get(id) !== after.products.get(id),
  );
}

/** Gives the changed products a fresh `updated_at`, as the staff screens would, so the rebuild sees them. */
async function markChanged(database: Database, ids: number[]): Promise<void> {
  if (ids.length > 0) await database.db.execute(sql`UPDATE products SET updated_at = now() WHERE id IN ${sql.raw(`(${ids.join(',')})`)}`);
}

/** A copy of the site built before `since` is told it was built then: the rebuild asks for what changed after it. */
function builtBefore(dir: string, since: Snapshot, config: Config): void {
  // The rebuild asks for changes since builtAt minus a clock margin (5 s): since the snapshot.
  writeManifest(dir, {
    ...readManifest(dir)!,
    shell: shellFingerprint(config),
    builtAt: new Date(since.at.getTime() + 5000).toISOString(),
  });
}

export async function makeTestSite(opts: TestSiteOptions): Promise<TestSiteOrigin> {
  const t0 = performance.now();
  const lap = (what: string) => {
    if (process.env.QATEH_TEST_TIMINGS) console.log(`site stage: ${what} at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const root = await sharedRoot();
  const full = async (): Promise<TestSiteOrigin> => {
    await opts.fixture?.apply(opts.database);
    await opts.prepare?.(opts.database);
    await buildSite(opts.config, opts.database, { outDir: opts.outDir, logLevel: 'error' });
    return 'own full build';
  };
  if (!root) return full();

  const placeholder = loadConfig({ ...opts.env, PUBLIC_BASE_URL: PLACEHOLDER_BASE });
  const pageEnv = Object.entries(opts.env)
    .filter(([k]) => !RUNTIME_ONLY.has(k))
    .sort(([a], [b]) => a.localeCompare(b));
  const key = createHash('sha1')
    .update(JSON.stringify([opts.category, shellFingerprint(placeholder), pageEnv]))
    .digest('hex')
    .slice(0, 16);
  let shared = await sharedBuild(root, key, async (outDir) => {
    await buildSite(placeholder, opts.database, { outDir, logLevel: 'error' });
  });
  lap('shared build ready');

  const fixture = opts.fixture;
  if (fixture) {
    // Every file naming the fixture makes the same rows in its own database; the first caught the site up.
    const bare = await snapshot(opts.database);
    await fixture.apply(opts.database);
    const fixed = await snapshot(opts.database);
    if (fixed.shell !== bare.shell) throw new Error(`the site fixture "${fixture.name}" changes what every page shows: not a fixture`);
    await markChanged(opts.database, changedProducts(bare, fixed));
    const base = shared;
    shared = await sharedBuild(root, `${key}-${fixture.name}`, async (outDir) => {
      cpSync(base, outDir, { recursive: true });
      builtBefore(outDir, bare, placeholder);
      await rebuildSite(placeholder, opts.database, outDir, { logLevel: 'error' });
    });
    lap(`fixture ${fixture.name} ready`);
  }

  const before = await snapshot(opts.database);
  await opts.prepare?.(opts.database);
  const after = await snapshot(opts.database);
  rmSync(opts.outDir, { recursive: true, force: true });
  if (after.shell !== before.shell) {
    mkdirSync(opts.outDir, { recursive: true });
    await buildSite(opts.config, opts.database, { outDir: opts.outDir, logLevel: 'error' });
    return 'own full build';
  }
  copyReaddressed(shared, opts.outDir, PLACEHOLDER_BASE, opts.config.PUBLIC_BASE_URL.replace(/\/+$/, ''));
  readdressServerCode(shared, PLACEHOLDER_BASE, opts.config.PUBLIC_BASE_URL.replace(/\/+$/, ''));
  builtBefore(opts.outDir, before, opts.config);
  await markChanged(opts.database, changedProducts(before, after));
  lap('copied');
  const result = await rebuildSite(opts.config, opts.database, opts.outDir, { logLevel: 'error' });
  lap(
    `rebuilt (${result.kind}: ${result.reason}; browser bundle ${JSON.stringify(result.clientBundle)}; server code ${JSON.stringify(result.serverCode)})`,
  );
  return result.kind === 'full' ? 'own full build' : result.kind === 'partial' ? 'shared copy + partial rebuild' : 'shared copy';
}
