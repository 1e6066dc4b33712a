/**
 * `node --import tsx scripts/bench/page-bytes.ts [--products 1000] [--pages 60] [--out DIR] [--reuse]`
 *
 * What a product page is made of and what it takes on disk: the N-product bench shop
 * (data/bench-site-<N>) built with SITE_PRODUCT_PAGES=on-request, `--pages` products asked for in
 * each language through the real server (so they are kept as the server keeps them, `.html.br`), then
 * per language the page's parts (inline CSS, JSON-LD, island props, the shared frame — header with the
 * departments menu, footer — inline SVG, the page's own body), the stored bytes and the bytes in
 * file-system blocks (`du`), per product and at a million products with the rest of the site. `--out
 * DIR` keeps the site; `--reuse` measures the pages already in DIR without building. Never part of
 * `npm test`.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { keptPageText, readPageText } from '../../src/build/compressed-pages';
import { shellOf } from '../../src/build/shell-swap';
import { buildSite } from '../../src/build/site';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/server';
import { openSiteBenchDatabase } from './site-database';
import { ms, summarise } from './stats';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000' },
    pages: { type: 'string', default: '60' },
    out: { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
const pages = Number(values.pages);

/** Bytes and bytes in blocks (what `du` counts) of every file under `dir`, with a filter on the relative path. */
function sizeOf(dir: string, keep: (rel: string) => boolean): { bytes: number; blocks: number; files: number } {
  let bytes = 0;
  let blocks = 0;
  let files = 0;
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, `${rel}${e.name}/`);
      else if (keep(rel + e.name)) {
        const s = statSync(p);
        bytes += s.size;
        blocks += s.blocks * 512;
        files++;
      }
    }
  };
  walk(dir, '');
  return { bytes, blocks, files };
}

const isProductPage = (rel: string) => /^(en\/|ru\/)?shop\/products\/[^/]+\.html(\.br)?$/.test(rel);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gb = (n: number) => `${(n / 1024 ** 3).toFixed(1)} GB`;
const sum = (xs: string[]) => xs.reduce((n, x) => n + Buffer.byteLength(x), 0);
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[0]);
const brotli = (text: string, quality: number, lgwin = 22) =>
  brotliCompressSync(Buffer.from(text), {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: lgwin,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  }).byteLength;

/** The page's parts by kind, in bytes of its HTML (the parts overlap: SVG and props sit inside frame or body). */
function composition(html: string): Record<string, number> {
  const shell = shellOf(html) ?? [];
  const header = shell.slice(0, 2).join('');
  const footer = shell[2] ?? '';
  const menuStart = html.indexOf('<ul class="departments__menu');
  const menu = menuStart < 0 ? '' : html.slice(menuStart, html.indexOf('<ul class="navpanel__links"', menuStart));
  const main = /<main id="main"[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  const styles = sum(all(html, /<style[^>]*>[\s\S]*?<\/style>/g));
  return {
    total: Buffer.byteLength(html),
    'inline CSS': styles,
    'JSON-LD': sum(all(html, /<script type="application\/ld\+json">[\s\S]*?<\/script>/g)),
    'other inline scripts': sum(all(html, /<script(?! type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g)),
    'island props': sum(all(html, / props="[^"]*"/g)),
    'header (frame)': Buffer.byteLength(header),
    '  departments menu': Buffer.byteLength(menu),
    '  search category <select>': sum(all(header, /<select[\s\S]*?<\/select>/g)),
    'footer (frame)': Buffer.byteLength(footer),
    'inline SVG (anywhere)': sum(all(html, /<svg[\s\S]*?<\/svg>/g)),
    'main (page body)': Buffer.byteLength(main),
    'whitespace runs (2+ chars)': sum(all(html, /\s{2,}/g)),
  };
}

async function main() {
  const database = await openSiteBenchDatabase(products, (s) => console.error(s));
  const siteDir = values.out ? resolve(values.out) : mkdtempSync(join(process.cwd(), 'node_modules', '.cache', 'bench-page-bytes-'));
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
    if (!values.reuse) {
      const t0 = performance.now();
      await buildSite(config, database, { outDir: siteDir, logLevel: 'error' });
      console.log(`build (no product page): ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const slugs = (
        (await database.db.execute(
          sql`select slug from products where enable and deleted_at is null order by id limit ${pages}`,
        )) as unknown as { rows: { slug: string }[] }
      ).rows.map((r) => r.slug);
      const server = await startServer(config, database, { siteDir });
      try {
        const t1 = performance.now();
        const took: number[] = [];
        for (const slug of slugs)
          for (const prefix of ['', '/en', '/ru']) {
            const t = performance.now();
            const res = await fetch(`${server.url}${prefix}/shop/products/${slug}`, { headers: { 'Accept-Encoding': 'br' } });
            if (res.status !== 200) throw new Error(`${prefix}/shop/products/${slug}: ${res.status}`);
            await res.arrayBuffer();
            took.push(performance.now() - t);
          }
        const s = summarise(took.slice(3));
        console.log(
          `${slugs.length} products × 3 languages rendered on request in ${((performance.now() - t1) / 1000).toFixed(1)} s; first request p50 ${ms(s.p50)}, p95 ${ms(s.p95)} (the first product's, which starts the renderer, left out)`,
        );
      } finally {
        await server.close();
      }
    }

    {
      // The kept pages served again by a fresh server (nothing cached in memory): unpacked and compressed for the answer.
      const server = await startServer(config, database, { siteDir });
      try {
        const took: number[] = [];
        for (const prefix of ['', 'en/', 'ru/'])
          for (const f of readdirSync(join(siteDir, prefix, 'shop/products')).filter((f) => f.endsWith('.html.br'))) {
            const t = performance.now();
            const res = await fetch(`${server.url}/${prefix}shop/products/${f.slice(0, -'.html.br'.length)}`, {
              headers: { 'Accept-Encoding': 'br' },
            });
            await res.arrayBuffer();
            took.push(performance.now() - t);
          }
        const s = summarise(took);
        console.log(`kept pages served from disk, brotli, nothing cached: p50 ${ms(s.p50)}, p95 ${ms(s.p95)} (n=${s.count})`);
      } finally {
        await server.close();
      }
    }

    const perLocale: Record<
      string,
      { n: number; parts: Record<string, number>; stored: number; blocks: number; q11: number; parts11: Record<string, number> }
    > = {};
    for (const [prefix, l] of [
      ['', 'fa'],
      ['en/', 'en'],
      ['ru/', 'ru'],
    ] as const) {
      const dir = join(siteDir, prefix, 'shop/products');
      const files = readdirSync(dir).filter((f) => (f.endsWith('.html.br') || f.endsWith('.html')) && f !== 'index.html');
      const acc = {
        n: files.length,
        parts: {} as Record<string, number>,
        stored: 0,
        blocks: 0,
        q11: 0,
        parts11: {} as Record<string, number>,
      };
      for (const f of files) {
        const s = statSync(join(dir, f));
        acc.stored += s.size;
        acc.blocks += s.blocks * 512;
        const html = readPageText(join(dir, f));
        // What the file holds: the page's own part when its shared stretches are kept apart (.page-parts).
        const own = f.endsWith('.br') ? keptPageText(join(dir, f)) : html;
        acc.parts['kept own part (unpacked)'] = (acc.parts['kept own part (unpacked)'] ?? 0) + Buffer.byteLength(own);
        acc.q11 += brotli(own, 11, 24);
        for (const [k, v] of Object.entries(composition(html))) acc.parts[k] = (acc.parts[k] ?? 0) + v;
      }
      perLocale[l] = acc;
    }
    const rows = Object.keys(perLocale.fa!.parts);
    console.log(`\nper page, average over ${perLocale.fa!.n} products (HTML bytes):`);
    console.log(`${''.padEnd(30)}${['fa', 'en', 'ru'].map((l) => l.padStart(10)).join('')}`);
    for (const r of rows)
      console.log(`${r.padEnd(30)}${['fa', 'en', 'ru'].map((l) => kb(perLocale[l]!.parts[r]! / perLocale[l]!.n).padStart(10)).join('')}`);
    const per = (k: 'stored' | 'blocks' | 'q11') => ['fa', 'en', 'ru'].reduce((n, l) => n + perLocale[l]![k] / perLocale[l]!.n, 0);
    const raw = ['fa', 'en', 'ru'].reduce((n, l) => n + perLocale[l]!.parts.total! / perLocale[l]!.n, 0);
    for (const [k, name] of [
      ['stored', 'stored (as kept)'],
      ['blocks', 'in file-system blocks (du)'],
      ['q11', 'own part alone, brotli 11 (no reference)'],
    ] as const)
      console.log(`${name.padEnd(42)}${['fa', 'en', 'ru'].map((l) => kb(perLocale[l]![k] / perLocale[l]!.n).padStart(10)).join('')}`);
    const stored = per('stored');
    const blocks = per('blocks');
    console.log(
      `\nper product (three languages): HTML ${kb(raw)}, stored ${kb(stored)}, in blocks ${kb(blocks)}, brotli 11 ${kb(per('q11'))}`,
    );

    // The rest of the site: what grows with the catalogue (sitemaps, the Pagefind bundles, the manifest
    // and search-record shards) scaled to a million products; the rest (listings' first pages, home,
    // content pages, scripts, styles, fonts) stays as it is.
    const grows = (rel: string) => rel.startsWith('pagefind/') || rel.startsWith('.qateh-shards/') || /^sitemap.*\.xml$/.test(rel);
    const growing = sizeOf(siteDir, grows);
    const fixed = sizeOf(siteDir, (rel) => !isProductPage(rel) && !grows(rel) && !rel.includes('/.page-parts/'));
    const parts = sizeOf(siteDir, (rel) => rel.includes('/.page-parts/'));
    console.log(
      `rest of the site at ${products} products: growing with the catalogue ${growing.files} files, ${kb(growing.bytes)} (${kb(growing.blocks)} in blocks); the rest ${fixed.files} files, ${kb(fixed.bytes)} (${kb(fixed.blocks)} in blocks); kept pages' shared parts ${parts.files} files, ${kb(parts.blocks)} in blocks`,
    );
    const scale = 1_000_000 / products;
    console.log(
      `at 1,000,000 products: product pages ${gb(stored * 1e6)} stored, ${gb(blocks * 1e6)} in blocks; growing parts ${gb(growing.blocks * scale)} in blocks; the rest ${((fixed.blocks + parts.blocks) / 1024 ** 2).toFixed(0)} MB; total ${gb(blocks * 1e6 + growing.blocks * scale + fixed.blocks + parts.blocks)} in blocks`,
    );
  } finally {
    await database.close();
    if (!values.out) rmSync(siteDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
