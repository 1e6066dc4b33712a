/**
 * `npm run bench:pages [-- --products 1000] [-- --no-lighthouse]`: what a shopper downloads per page
 * type — HTML and JavaScript bytes gzipped (the page's scripts and island code with the chunks they
 * import statically) — and Lighthouse mobile scores (performance, accessibility, best practices, SEO,
 * CLS) for home, listing and product pages, driving Debian's Chromium. Builds the bench shop
 * (data/bench-site-<N>) into a temporary folder and serves it with the real server. Printed only.
 * Budgets from the issue: product page JS ≤ 90 KB gzip; performance and accessibility ≥ 95; CLS ≤ 0.05.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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

const gz = (text: string | Uint8Array) => gzipSync(text).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Script URLs a page loads at once: module scripts, modulepreloads, island components and renderers. */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const re of [/<script[^>]+src="([^"]+)"/g, /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g, /component-url="([^"]+)"/g, /renderer-url="([^"]+)"/g, /before-hydration-url="([^"]+)"/g]) {
    for (const m of html.matchAll(re)) if (m[1]) urls.add(m[1]);
  }
  return [...urls];
}

/** Follows static imports ("./x.js" from a chunk) so the shared chunks of an island are counted once. */
async function jsBytes(base: string, start: string[]): Promise<{ raw: number; gzip: number; files: number }> {
  const seen = new Set<string>();
  const queue = start.map((u) => new URL(u, base).toString());
  let raw = 0, gzip = 0;
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

async function lighthouseScores(url: string) {
  const { launch } = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default;
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const lhr = result!.lhr;
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    return {
      performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'),
      cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
      lcpMs: Math.round(Number(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN)),
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  const database = await openSiteBenchDatabase(products, (s) => console.log(s));
  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'http://127.0.0.1' });
  const outDir = mkdtempSync(join(tmpdir(), 'qateh-bench-pages-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    console.log(`Building the ${products}-product shop…`);
    await buildSite(config, database, { outDir, logLevel: 'error', searchIndex: false });
    server = await startServer({ ...config, HOST: '127.0.0.1' }, database, { siteDir: outDir });
    const api = async (path: string) => (await fetch(`${server!.url}/api/site/v1${path}`)).json() as Promise<any>;
    const category = (await api('/categories')).data[0].children[0]?.slug ?? (await api('/categories')).data[0].slug;
    const product = (await api('/getProduct?limit=1')).items[0].slug;
    const post = (await api('/blog/posts?limit=1')).data.items[0]?.slug;
    const pages: [string, string][] = [
      ['home', '/'], ['home (en)', '/en'], ['listing', `/shop/catalog/${category}`], ['product', `/shop/products/${product}`],
      ['product (en)', `/en/shop/products/${product}`], ['blog post', post ? `/blog/${post}` : '/blog/category-classic'], ['content', '/site/faq'],
    ];
    console.log('\npage          path                                         HTML KB  HTML gz KB  JS files  JS KB  JS gz KB');
    for (const [name, path] of pages) {
      const html = await (await fetch(server.url + path)).text();
      const js = await jsBytes(server.url + path, scriptUrls(html));
      console.log(`${name.padEnd(13)} ${path.slice(0, 44).padEnd(44)} ${kb(Buffer.byteLength(html)).padStart(8)} ${kb(gz(html)).padStart(11)} ${String(js.files).padStart(9)} ${kb(js.raw).padStart(6)} ${kb(js.gzip).padStart(9)}`);
    }
    if (withLighthouse) {
      console.log('\nLighthouse (mobile, simulated throttling)\npage       perf  a11y  best  seo   CLS     LCP ms');
      for (const [name, path] of pages.filter(([n]) => ['home', 'listing', 'product'].includes(n))) {
        try {
          const s = await lighthouseScores(server.url + path);
          console.log(`${name.padEnd(10)} ${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(5)} ${String(s.bestPractices).padStart(5)} ${String(s.seo).padStart(4)}  ${s.cls.toFixed(3).padStart(6)} ${String(s.lcpMs).padStart(8)}`);
        } catch (err) {
          console.log(`${name.padEnd(10)} Lighthouse failed: ${(err as Error).message}`);
        }
      }
    }
  } finally {
    await server?.close();
    await database.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
