/**
 * `npm run bench:pages [-- --products 1000] [-- --no-lighthouse] [-- --runs 3] [-- --details]
 * [-- --only home,product] [-- --out DIR [--reuse]]`: what a shopper downloads per page
 * type — HTML and JavaScript bytes gzipped (the page's scripts and island code with the chunks they
 * import statically) — and Lighthouse mobile scores (performance, accessibility, best practices, SEO,
 * CLS, the metrics behind performance) for home, listing and product pages, driving Debian's Chromium.
 * Builds the bench shop (data/bench-site-<N>) into a temporary folder (or DIR, kept; with --reuse an
 * existing DIR is served without building) and serves it with the real server. Printed only.
 * Lighthouse's simulated throttling scales the CPU time it observes, so a busy machine lowers scores:
 * --runs N reports the median run of each page; --details adds what costs (failed audits, main-thread
 * work by kind, the heaviest scripts, savings Lighthouse sees); --only scores just the pages named.
 * Budgets from the issue: product page JS ≤ 90 KB gzip; performance and accessibility ≥ 95; CLS ≤ 0.05.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSite } from '../src/build/site';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/server';
import { openSiteBenchDatabase } from './bench/site-database';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const products = Number(process.argv[process.argv.indexOf('--products') + 1]) || 1000;
const withLighthouse = !process.argv.includes('--no-lighthouse');
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const runs = Math.max(1, Number(arg('--runs')) || 1);
const details = process.argv.includes('--details');
const keptDir = arg('--out');
const reuse = process.argv.includes('--reuse');

const gz = (text: string | Uint8Array) => gzipSync(text).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Script URLs of a page: module scripts, modulepreloads, island components and renderers. With
 * `atLoad`, islands that wait for the shopper (client:visible, client:interaction, client:media) are
 * left out: what every visit runs, whatever the screen shows.
 */
function scriptUrls(html: string, atLoad = false): string[] {
  const urls = new Set<string>();
  for (const re of [/<script[^>]+src="([^"]+)"/g, /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g]) {
    for (const m of html.matchAll(re)) if (m[1]) urls.add(m[1]);
  }
  for (const [island] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const directive = /\bclient="([^"]+)"/.exec(island)?.[1];
    if (atLoad && directive !== 'load' && directive !== 'idle' && directive !== 'only') continue;
    for (const attr of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = new RegExp(`\\b${attr}="([^"]+)"`).exec(island)?.[1];
      if (url) urls.add(url);
    }
  }
  return [...urls];
}

/** Follows static imports ("./x.js" from a chunk) so the shared chunks of an island are counted once. */
async function jsBytes(base: string, start: string[]): Promise<{ raw: number; gzip: number; files: number }> {
  const seen = new Set<string>();
  const queue = start.map((u) => new URL(u, base).toString());
  let raw = 0,
    gzip = 0;
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await fetch(url);
    if (!res.ok) continue;
    const text = await res.text();
    raw += Buffer.byteLength(text);
    gzip += gz(text);
    for (const m of text.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) queue.push(new URL(m[1]!, url).toString());
  }
  return { raw, gzip, files: seen.size };
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  siMs: number;
  /** --details: what costs, as printable lines. */
  notes: string[];
}

async function lighthouseScores(url: string): Promise<Scores> {
  const { launch } = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default;
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = result!.lhr;
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const ms = (k: string) => Math.round(Number(lhr.audits[k]?.numericValue ?? NaN));
    const notes: string[] = [];
    if (details) {
      for (const [key, cat] of Object.entries(lhr.categories)) {
        const failed = cat.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 0.9).map((r) => r.id);
        if (failed.length) notes.push(`${key} below 0.9: ${failed.join(', ')}`);
      }
      type Item = Record<string, unknown>;
      const items = (k: string) => (lhr.audits[k]?.details as { items?: Item[] } | undefined)?.items ?? [];
      notes.push(
        'main thread: ' +
          items('mainthread-work-breakdown')
            .slice(0, 5)
            .map((i) => `${i.groupLabel} ${Math.round(Number(i.duration))} ms`)
            .join(', '),
      );
      notes.push(
        'scripts: ' +
          items('bootup-time')
            .slice(0, 5)
            .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(i.scripting))} ms`)
            .join(', '),
      );
      for (const k of [
        'render-blocking-resources',
        'unused-javascript',
        'unused-css-rules',
        'font-display',
        'largest-contentful-paint-element',
        'long-tasks',
      ]) {
        const a = lhr.audits[k];
        if (a && (a.score ?? 1) < 1 && a.displayValue) notes.push(`${k}: ${a.displayValue}`);
      }
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      siMs: ms('speed-index'),
      notes,
    };
  } finally {
    chrome.kill();
  }
}

/** The median run by performance score (so its metrics belong together). */
async function medianScores(url: string): Promise<{ median: Scores; all: number[] }> {
  const results: Scores[] = [];
  for (let i = 0; i < runs; i++) results.push(await lighthouseScores(url));
  results.sort((a, b) => a.performance - b.performance);
  return { median: results[Math.floor(results.length / 2)]!, all: results.map((r) => r.performance) };
}

async function main() {
  const database = await openSiteBenchDatabase(products, (s) => console.log(s));
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'http://127.0.0.1' });
  const outDir = keptDir ?? mkdtempSync(join(tmpdir(), 'qateh-bench-pages-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    if (reuse && existsSync(join(outDir, 'index.html'))) {
      console.log(`Serving the shop already built in ${outDir}`);
    } else {
      console.log(`Building the ${products}-product shop…`);
      // A kept folder is built afresh (its old pages would otherwise mix with the new ones).
      if (keptDir) rmSync(outDir, { recursive: true, force: true });
      mkdirSync(outDir, { recursive: true });
      await buildSite(config, database, { outDir, logLevel: 'error', searchIndex: false });
    }
    server = await startServer({ ...config, HOST: '127.0.0.1' }, database, { siteDir: outDir });
    const api = async (path: string) => (await fetch(`${server!.url}/api/site/v1${path}`)).json() as Promise<any>;
    const category = (await api('/categories')).data[0].children[0]?.slug ?? (await api('/categories')).data[0].slug;
    const product = (await api('/getProduct?limit=1')).items[0].slug;
    const post = (await api('/blog/posts?limit=1')).data.items[0]?.slug;
    const pages: [string, string][] = [
      ['home', '/'],
      ['home (en)', '/en'],
      ['listing', `/shop/catalog/${category}`],
      ['product', `/shop/products/${product}`],
      ['product (en)', `/en/shop/products/${product}`],
      ['blog post', post ? `/blog/${post}` : '/blog/category-classic'],
      ['content', '/site/faq'],
    ];
    console.log('\n(JS: the page\'s scripts and every island\'s code; "at load": without islands that wait to be seen or used)');
    console.log('page          path                                         HTML KB  HTML gz KB  JS files  JS KB  JS gz KB  at load gz KB');
    for (const [name, path] of pages) {
      const html = await (await fetch(server.url + path)).text();
      const js = await jsBytes(server.url + path, scriptUrls(html));
      const atLoad = await jsBytes(server.url + path, scriptUrls(html, true));
      console.log(
        `${name.padEnd(13)} ${path.slice(0, 44).padEnd(44)} ${kb(Buffer.byteLength(html)).padStart(8)} ${kb(gz(html)).padStart(11)} ${String(js.files).padStart(9)} ${kb(js.raw).padStart(6)} ${kb(js.gzip).padStart(9)} ${kb(atLoad.gzip).padStart(14)}`,
      );
    }
    if (withLighthouse) {
      console.log(`\nLighthouse (mobile, simulated throttling${runs > 1 ? `, median of ${runs} runs` : ''})`);
      console.log('page       perf  a11y  best  seo   CLS    FCP ms  LCP ms  TBT ms   SI ms  runs');
      const scored = arg('--only')?.split(',') ?? ['home', 'listing', 'product'];
      for (const [name, path] of pages.filter(([n]) => scored.includes(n))) {
        try {
          const { median: s, all } = await medianScores(server.url + path);
          console.log(
            `${name.padEnd(10)} ${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(5)} ${String(s.bestPractices).padStart(5)} ${String(s.seo).padStart(4)}  ${s.cls.toFixed(3).padStart(6)} ${[s.fcpMs, s.lcpMs, s.tbtMs, s.siMs].map((v) => String(v).padStart(7)).join(' ')}  ${runs > 1 ? all.join('/') : ''}`,
          );
          for (const note of s.notes) console.log(`           ${note}`);
        } catch (err) {
          console.log(`${name.padEnd(10)} Lighthouse failed: ${(err as Error).message}`);
        }
      }
    }
  } finally {
    await server?.close();
    await database.close();
    if (!keptDir) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
