/**
 * `npm run bench:first-render -- [--products 100000] [--db postgres|pglite] [--pages 300] [--concurrency 4] [--site DIR] [--search-fallback skip]`
 *
 * A deploy of a large catalogue with SITE_PRODUCT_PAGES=on-request, as `npm start` makes it: the
 * site's shell (every page but product pages, nothing that grows with the catalogue: freshness.ts),
 * the server and its render thread, so product URLs answer; then the rest of the site built in the
 * background (src/build/site-later.ts, its phases printed) while the first requests of product pages
 * not built yet are answered — p50/p95/p99 over `--pages` distinct products, one at a time over HTTP
 * on the real server (the page rendered, written and sent); once the full site is swapped in, the same
 * pages again (rendered again when a full build was swapped in, read from disk when the shell was completed in place: src/build/shell-complete.ts), again (read from disk), then distinct pages
 * `--concurrency` at a time (pages per second: how fast a crawl could fill the site).
 * The bytes on disk per product page in each language and for the whole site, and what they come
 * to at a million products; last, the search fallback `npm start` indexes in the background after
 * such a deploy (src/build/search-fallback-later.ts): how long until it is live. CPU seconds of this
 * process beside each wall time (the machine may be busy). The bench databases of scripts/bench/database.ts (PostgreSQL with
 * DATABASE_URL). With `--site DIR` the site is built into DIR and kept, and a later run over the same
 * DIR skips the build and drops the pages rendered before (to compare two versions of the renderer
 * without waiting for the build again). Never part of `npm test`. */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { readPageText } from '../src/build/compressed-pages';
import { ensureSiteFresh } from '../src/build/freshness';
import { completeSearchFallback } from '../src/build/search-fallback-later';
import { completeSiteLater, type SiteLaterJob } from '../src/build/site-later';
import { watchRenderPhases, type RenderPhases } from '../src/build/render-phases';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/server';
import { openBenchDatabase } from './bench/database';
import { ms, summarise } from './bench/stats';

function options() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      db: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
      pages: { type: 'string', default: '300' },
      concurrency: { type: 'string', default: '4' },
      site: { type: 'string' },
      // `--search-fallback skip`: hours at a million products; the rest of the figures do not wait for it.
      'search-fallback': { type: 'string', default: 'index' },
    },
    allowPositionals: false,
  });
  const products = Number(values.products);
  const pages = Number(values.pages);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(products) || products < 1) throw new Error(`--products must be a positive whole number, not "${values.products}"`);
  if (!Number.isInteger(pages) || pages < 1) throw new Error(`--pages must be a positive whole number, not "${values.pages}"`);
  if (values.db !== 'postgres' && values.db !== 'pglite') throw new Error(`--db is postgres or pglite, not "${values.db}"`);
  return {
    products,
    pages,
    concurrency: Math.max(1, concurrency),
    db: values.db as 'postgres' | 'pglite',
    site: values.site,
    searchFallback: values['search-fallback'] !== 'skip',
  };
}

/** Bytes of every file under `dir` and how many there are. */
function sizeOf(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        bytes += statSync(p).size;
        files++;
      }
    }
  };
  walk(dir);
  return { bytes, files };
}

/** CPU seconds of this process (every thread) since `from`. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
};
const load = () => `load ${loadavg()[0]!.toFixed(1)}`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

async function main() {
  const opts = options();
  const { database, where } = await openBenchDatabase(opts.db, opts.products, (s) => console.log(s));
  // Under the working directory: Astro's server chunks go into the output folder then (src/build/site.ts).
  const siteDir = opts.site ?? mkdtempSync(join(process.cwd(), 'node_modules', '.cache', 'bench-first-render-'));
  const reused = opts.site !== undefined && existsSync(join(siteDir, 'shop/products'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: '0',
      PUBLIC_BASE_URL: 'https://shop.example',
      SEARCH_RATE_LIMIT: '1000000000',
      SITE_PRODUCT_PAGES: 'on-request',
    });
    console.log(`${opts.products.toLocaleString('en-US')} products on ${where}`);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const log = (line: string) => console.log(`  [${((performance.now() - t0) / 1000).toFixed(1)} s, ${load()}] ${line}`);
    if (reused) {
      // The pages a run before rendered on request, and their shared parts.
      for (const prefix of ['', 'en/', 'ru/']) {
        const dir = join(siteDir, prefix, 'shop/products');
        for (const f of readdirSync(dir))
          if (f.endsWith('.html.br') || f === '.page-parts') rmSync(join(dir, f), { recursive: true, force: true });
      }
    } else await ensureSiteFresh(config, database, siteDir, log);
    const buildSeconds = (performance.now() - t0) / 1000;
    const shell = sizeOf(siteDir);
    console.log(
      `${reused ? 'site built before, reused' : "the site's shell (no product page, nothing that grows with the catalogue)"}: ${buildSeconds.toFixed(1)} s (${cpuSince(cpu0).toFixed(1)} s CPU, ${load()}), ${shell.files} files, ${mb(shell.bytes)}`,
    );

    const rows = (
      (await database.db.execute(
        sql`select slug from products where enable and deleted_at is null order by random() limit ${opts.pages * 2 + 1}`,
      )) as unknown as {
        rows: { slug: string }[];
      }
    ).rows.map((r) => r.slug);
    const server = await startServer(config, database, { siteDir });
    const serverStarted = performance.now();
    // When the server's in-memory search indexes were ready (built on its thread from its start, beside the renders).
    const indexesReady: string[] = [];
    for (const [name, keeper] of [
      ['suggestion index', server.deps.search?.index],
      ['listing index', server.deps.search?.listing],
    ] as const)
      void keeper
        ?.ready()
        .then(() =>
          indexesReady.push(
            `${name} ${((performance.now() - serverStarted) / 1000).toFixed(1)} s (build ${(keeper.stats.lastBuildMs / 1000).toFixed(1)} s)`,
          ),
        );
    void server.deps.searchThread
      ?.ready()
      .then((s) =>
        indexesReady.push(
          `search thread's indexes ${((performance.now() - serverStarted) / 1000).toFixed(1)} s (builds ${(s.suggestion.lastBuildMs / 1000).toFixed(1)} s and ${(s.listing.lastBuildMs / 1000).toFixed(1)} s)`,
        ),
      )
      // Not ready when the bench ends (a million products): stopping the thread refuses the wait, which is no error here.
      .catch(() => undefined);
    try {
      let resets = 0;
      const get = async (path: string) => {
        const t = performance.now();
        // A kept-alive connection the server closed as the request went out (its idle timer fires late
        // when its thread was busy): sent again on a new one, as browsers do, and counted.
        const res = await fetch(server.url + path).catch((err: { cause?: { code?: string } }) => {
          if (err.cause?.code !== 'ECONNRESET') throw err;
          resets++;
          return fetch(server.url + path, { headers: { Connection: 'close' } });
        });
        const body = await res.text();
        if (res.status !== 200 || !body.includes('</html>')) throw new Error(`${path}: ${res.status}`);
        return performance.now() - t;
      };
      // Where each first render's CPU goes (src/build/render-phases.ts); a page is kept after its answer.
      const phases: RenderPhases[] = [];
      const stopWatching = watchRenderPhases((p) => phases.push(p));
      /** One page at a time: its keeping ends before the next render starts. */
      const kept = async (n: number) => {
        while (phases.length < n) await new Promise((r) => setTimeout(r, 1));
      };
      // The first request starts the render thread (a small Astro build).
      const cpu1 = process.cpuUsage();
      const ready = await get(`/shop/products/${rows[0]!}`);
      await kept(1);
      phases.length = 0;
      console.log(
        `render thread ready and first page served: ${(ready / 1000).toFixed(1)} s (${cpuSince(cpu1).toFixed(1)} s CPU, ${load()})`,
      );
      const answering = (performance.now() - t0) / 1000;
      console.log(`a deploy answers product URLs after ${answering.toFixed(1)} s (the shell and the render thread's start)`);
      // What `npm start` does next: the rest of the site in the background, while product URLs answer.
      const laterStarted = performance.now();
      const cpu2 = process.cpuUsage();
      const later: SiteLaterJob | null = reused ? null : completeSiteLater(config, database, siteDir, { log });
      let laterDone = false;
      void later?.done.then(
        () => (laterDone = true),
        () => (laterDone = true),
      );
      const sample = rows.slice(1, opts.pages + 1);
      const locales = ['', '/en', '/ru'];
      const first: number[] = [];
      /** When each first request went out, seconds after the background job started. */
      const sentAt: number[] = [];
      // The server thread's event loop (it serves the pages and the render thread's API reads).
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      // The longest stalls of that thread, and when (s after the background job started): what held it is read beside them.
      const stalls: { at: number; ms: number }[] = [];
      let tick = performance.now();
      const stallWatch = setInterval(() => {
        const now = performance.now();
        if (now - tick > 250) stalls.push({ at: (tick - laterStarted) / 1000, ms: now - tick - 20 });
        tick = now;
      }, 20);
      const byLocale: Record<string, number[]> = { fa: [], en: [], ru: [] };
      // A first request that fails (on a machine under heavy outside load a page's API read passed its
      // 60 s timeout) is counted and the run goes on.
      let failed = 0;
      for (const [i, slug] of sample.entries()) {
        const prefix = locales[i % 3]!;
        const sent = (performance.now() - laterStarted) / 1000;
        let took: number;
        try {
          took = await get(`${prefix}/shop/products/${slug}`);
        } catch (err) {
          failed++;
          console.log(`  first request ${prefix}/shop/products/${slug} failed at ${sent.toFixed(1)} s: ${(err as Error).message}`);
          continue;
        }
        sentAt.push(sent);
        first.push(took);
        byLocale[prefix ? prefix.slice(1) : 'fa']!.push(took);
        await kept(first.length);
      }
      if (failed) console.log(`first requests that failed: ${failed}`);
      stopWatching();
      loopDelay.disable();
      clearInterval(stallWatch);
      const duringBuild = !laterDone && later !== null;
      const completed = await later?.done;
      if (completed)
        console.log(
          `the rest of the site built in the background and live after ${completed.seconds.toFixed(1)} s (${((performance.now() - laterStarted) / 1000).toFixed(1)} s; ${cpuSince(cpu2).toFixed(1)} s CPU of this process with the renders above, ${load()})`,
        );
      const built = sizeOf(siteDir);
      console.log(`full site without product pages: ${built.files} files, ${mb(built.bytes)}`);
      // A full build swapped in dropped the pages rendered into the shell (rendered again here); a shell completed in place kept them.
      const rerendered: number[] = [];
      for (const [i, slug] of sample.entries()) rerendered.push(await get(`${locales[i % 3]}/shop/products/${slug}`));
      const again: number[] = [];
      for (const [i, slug] of sample.entries()) again.push(await get(`${locales[i % 3]}/shop/products/${slug}`));
      // Several distinct pages at once: how fast the pages of a fresh deploy can be filled.
      const rest = rows.slice(opts.pages + 1);
      const t1 = performance.now();
      let at = 0;
      await Promise.all(
        Array.from({ length: opts.concurrency }, async () => {
          while (at < rest.length) await get(`/shop/products/${rest[at++]!}`);
        }),
      );
      const perSecond = rest.length / ((performance.now() - t1) / 1000);

      const line = (name: string, v: number[]) => {
        const s = summarise(v);
        console.log(`${name.padEnd(34)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  (n=${s.count})`);
      };
      console.log(
        `\nfirst request of a product page not built yet (${sample.length} distinct products, one at a time${duringBuild ? ', while the rest of the site was built' : ''}):`,
      );
      line('all languages', first);
      for (const [l, v] of Object.entries(byLocale)) line(`  ${l}`, v);
      line('again after the full site', rerendered);
      line('the same pages again (from disk)', again);
      const cpuLine = (name: string, v: number[]) => {
        const s = summarise(v);
        console.log(`  ${name.padEnd(32)} p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms`);
      };
      console.log(`\nCPU per first render by phase (ms of CPU, not wall: the same on a busy machine; n=${phases.length}):`);
      cpuLine(
        'reads (API + PGlite, server thread)',
        phases.map((p) => p.reads),
      );
      cpuLine(
        'Astro render (render thread)',
        phases.map((p) => p.render),
      );
      cpuLine(
        'Russian from English',
        phases.filter((_, i) => i % 3 === 2).map((p) => p.russian),
      );
      cpuLine(
        'CSP hashes',
        phases.map((p) => p.csp),
      );
      cpuLine(
        "the answer's compression",
        phases.map((p) => p.answer),
      );
      cpuLine(
        'until answered (sum of the above)',
        phases.map((p) => p.reads + p.render + p.russian + p.csp + p.answer),
      );
      cpuLine(
        'kept page (after the answer)',
        phases.map((p) => p.keep),
      );
      line(
        'wall: until the answer was ready',
        phases.map((p) => p.answeredAfter),
      );
      console.log(
        `server thread's event loop delay over those first requests: p50 ${ms(loopDelay.percentile(50) / 1e6)}  p99 ${ms(loopDelay.percentile(99) / 1e6)}  max ${ms(loopDelay.max / 1e6)}`,
      );
      console.log(
        `its stalls over 250 ms: ${stalls.length}; longest: ${[...stalls]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 8)
          .map((s) => `${s.ms.toFixed(0)} ms at ${s.at.toFixed(1)} s`)
          .join(', ')}`,
      );
      console.log(`in-memory indexes ready after the server's start: ${indexesReady.join('; ') || 'not yet'}`);
      // The slowest first requests, where their wall time went (render-phases.ts RenderTimeline).
      console.log('slowest first requests (ms since the server had the request; sent at s after the background job started):');
      for (const i of [...first.keys()].sort((a, b) => first[b]! - first[a]!).slice(0, 6)) {
        const t = phases[i]?.timeline;
        if (!t) continue;
        const reads = t.reads.map((r) => `${r.path.split('?')[0]} ${r.ms.toFixed(0)}`).join(', ');
        console.log(
          `  ${first[i]!.toFixed(0)} ms, sent at ${sentAt[i]!.toFixed(1)} s: asked ${t.asked.toFixed(0)}, picked up ${t.pickedUp.toFixed(0)}, posted ${t.posted.toFixed(0)}, returned ${t.returned.toFixed(0)}, answered ${t.answered.toFixed(0)}; reads: ${reads}`,
        );
      }
      console.log(`${opts.concurrency} at a time: ${perSecond.toFixed(1)} first renders/s (${rest.length} pages)`);
      if (resets) console.log(`connections reset by the server and asked again: ${resets}`);

      const perLocale: Record<string, number> = {};
      const rawPerLocale: Record<string, number> = {};
      for (const [prefix, l] of [
        ['', 'fa'],
        ['en/', 'en'],
        ['ru/', 'ru'],
      ] as const) {
        const dir = join(siteDir, prefix, 'shop/products');
        // Pages rendered on request are kept compressed (.html.br): what they hold unpacked, beside what they take.
        const pages = readdirSync(dir).filter((f) => f.endsWith('.html.br'));
        perLocale[l] = pages.length ? pages.reduce((n, f) => n + statSync(join(dir, f)).size, 0) / pages.length : 0;
        rawPerLocale[l] = pages.length ? pages.reduce((n, f) => n + Buffer.byteLength(readPageText(join(dir, f))), 0) / pages.length : 0;
      }
      const perProduct = perLocale.fa! + perLocale.en! + perLocale.ru!;
      const rawPerProduct = rawPerLocale.fa! + rawPerLocale.en! + rawPerLocale.ru!;
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      console.log(
        `\nbytes per product page on disk (brotli): fa ${kb(perLocale.fa!)}, en ${kb(perLocale.en!)}, ru ${kb(perLocale.ru!)}; ${kb(perProduct)} per product in three languages (unpacked ${kb(rawPerProduct)}: ${gb(rawPerProduct * 1_000_000)} at a million)`,
      );
      const site = sizeOf(siteDir);
      console.log(`site now: ${site.files} files, ${mb(site.bytes)}`);
      console.log(`\na deploy answers product URLs after ${answering.toFixed(1)} s (the shell and the render thread's start)`);
      // What `npm start` then does in the background (search-fallback-later.ts), while the shop serves.
      const cpu3 = process.cpuUsage();
      const fallback = opts.searchFallback ? await completeSearchFallback(config, database, siteDir).done : null;
      if (fallback)
        console.log(
          `search fallback indexed in the background and live after ${fallback.seconds.toFixed(1)} s (${fallback.records} products; ${cpuSince(cpu3).toFixed(1)} s CPU, ${load()})`,
        );
      console.log(
        `at 1,000,000 products with every page rendered: ${gb(perProduct * 1_000_000 + built.bytes)} (product pages ${gb(perProduct * 1_000_000)}, the rest as built here ${mb(built.bytes)})`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
    if (!opts.site) rmSync(siteDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
