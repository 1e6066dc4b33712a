/**
 * Bytes the Pagefind search fallback fetches per query, bundles cut by product id (every bundle
 * loaded and merged, the layout before) against bundles cut by word range (the routing file and the
 * bundle(s) of the query's most selective word, src/lib/pagefind-routes.ts), measured in Chromium on
 * the bench shop's search records only (no pages built), with the results of both compared.
 *
 *   npm run bench:search-fallback -- [--products 50000] [--queries 50]
 *
 * Each query runs in a fresh browser context (empty cache), as a shopper's first offline search does.
 * The figures at 1M are extrapolated from the measured ones (printed with how).
 */
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { bundlesForQuery, type SearchRoutes } from '../src/lib/pagefind-routes';
import { pagefindQuery } from '../src/lib/pagefind-query';
import { partNumberKey } from '../src/lib/search-text';
import { startBuildApi } from '../src/build/build-api';
import { exportSearchRecords } from '../src/build/export-search-records';
import { indexSearchRecords, PART_PRODUCTS, writePart } from '../src/build/search-index';
import { searchRecordOf, type SearchRecord } from '../src/build/search-records';
import { loadConfig } from '../src/server/config';
import * as pagefind from 'pagefind';
import { random } from './bench/queries';
import { openSiteBenchDatabase } from './bench/site-database';
import { percentile } from './bench/stats';

const CHROMIUM = '/usr/bin/chromium';

function options() {
  const args = process.argv.slice(2);
  const value = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  return { products: value('products', 50_000), queries: value('queries', 50) };
}

interface Named {
  partNumber: string;
  name: string;
  nameFa: string;
}

/** Distinct queries of the four kinds a shopper types: whole and partial part numbers, Persian and English words. */
function queriesOf(products: Named[], count: number): { kind: string; q: string }[] {
  const next = random(19);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const out = new Map<string, string>();
  const words = (text: string) => text.split(/[\s,()]+/).filter((w) => w.length >= 3 && !/\d/.test(w));
  const quarter = Math.ceil(count / 4);
  const kinds: [string, () => string | undefined][] = [
    ['whole part number', () => pick(products).partNumber],
    [
      'partial part number',
      () => {
        const key = partNumberKey(pick(products).partNumber);
        return key.slice(0, 3 + Math.floor(next() * 3));
      },
    ],
    ['Persian word', () => pick(words(pick(products).nameFa).filter((w) => /[\u0600-\u06ff]/.test(w)) || [])],
    ['English word', () => pick(words(pick(products).name).filter((w) => /^[a-z-]+$/i.test(w)) || [])],
  ];
  for (const [kind, make] of kinds)
    for (let tries = 0, made = 0; made < quarter && tries < 10_000; tries++) {
      const q = make();
      if (!q || out.has(q)) continue;
      out.set(q, kind);
      made++;
    }
  return [...out].map(([q, kind]) => ({ kind, q }));
}

/** The layout before: bundles of PART_PRODUCTS products in id order, the first at pagefind/ itself. */
async function writeByProductId(dir: string, records: Record<string, SearchRecord>): Promise<string[]> {
  const entries = Object.entries(records);
  const parts: string[] = [];
  try {
    for (let from = 0, n = 0; from < entries.length; from += PART_PRODUCTS, n++) {
      const folder = n === 0 ? join(dir, 'pagefind') : join(dir, 'pagefind', `part-${n}`);
      await writePart(folder, entries.slice(from, from + PART_PRODUCTS));
      if (n > 0) parts.push(`/before/pagefind/part-${n}/`);
    }
  } finally {
    await pagefind.close();
  }
  return parts;
}

function sizeOf(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    if (s.isDirectory()) {
      const inner = sizeOf(p);
      bytes += inner.bytes;
      files += inner.files;
    } else {
      bytes += s.size;
      files++;
    }
  }
  return { bytes, files };
}

const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html' };

async function main() {
  const opts = options();
  const database = await openSiteBenchDatabase(opts.products, console.log);
  const root = mkdtempSync(join(process.cwd(), 'node_modules', '.cache', 'bench-search-fallback-'));
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
  try {
    const api = await startBuildApi(config, database);
    const records: Record<string, SearchRecord> = {};
    const named: Named[] = [];
    try {
      await exportSearchRecords(api.url, (p) => {
        records[p.slug] = searchRecordOf(p);
        named.push({ partNumber: p.partNumber, name: p.name, nameFa: p.nameFa });
      });
    } finally {
      await api.close();
    }
    await database.close();
    const n = Object.keys(records).length;
    console.log(`${n.toLocaleString('en-US')} search records`);

    let t = performance.now();
    mkdirSync(join(root, 'before'), { recursive: true });
    const beforeParts = await writeByProductId(join(root, 'before'), records);
    const beforeSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    mkdirSync(join(root, 'after'), { recursive: true });
    const after = await indexSearchRecords(join(root, 'after'), records);
    const afterSeconds = (performance.now() - t) / 1000;
    const beforeSize = sizeOf(join(root, 'before', 'pagefind'));
    const afterSize = sizeOf(join(root, 'after', 'pagefind'));
    const routesText = readFileSync(join(root, 'after', 'pagefind', 'routes.json'), 'utf8');
    const routes = JSON.parse(routesText) as SearchRoutes;
    console.log(
      `index by product id: ${beforeParts.length + 1} bundles, ${n} records, ${mb(beforeSize.bytes)} in ${beforeSize.files} files, ${beforeSeconds.toFixed(0)} s`,
    );
    console.log(
      `index by word range: ${after.parts} bundles (${routes.routes.filter((r) => r[3]).length} capped common words), ${after.pages} records (${(after.pages / n).toFixed(1)} per product), ${mb(afterSize.bytes)} in ${afterSize.files} files, ${afterSeconds.toFixed(0)} s; routing file ${kb(routesText.length)} (${routesText.length} B)`,
    );

    const server = createServer((req, res) => {
      const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      if (path === '/harness.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><meta charset="utf-8"><title>bench</title>');
      }
      try {
        const body = readFileSync(join(root, path));
        res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
        res.end(body);
      } catch {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    const queries = queriesOf(named, opts.queries);
    type Run = { bytes: number; requests: number; count: number; slugs: string[] };
    const run = async (layout: 'before' | 'after', query: string): Promise<Run> => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/harness.html`);
      // What the network carried for the search (the harness page itself is loaded already).
      const sizes: Promise<number>[] = [];
      page.on('requestfinished', (r) => sizes.push(r.sizes().then((s) => s.responseBodySize)));
      const bundles = layout === 'after' ? bundlesForQuery(routes, query).bundles.map((b) => `/after/pagefind/${b}/`) : null;
      const found = await page.evaluate(
        async ({ layout, bundles, parts, folded }) => {
          type Pagefind = {
            search: (q: string) => Promise<{ results: { data: () => Promise<{ meta: Record<string, string> }> }[] }>;
            mergeIndex: (u: string) => Promise<void>;
          };
          let pf: Pagefind | null = null;
          if (layout === 'before') {
            pf = (await import('/before/pagefind/pagefind.js' as string)) as Pagefind;
            for (const p of parts) await pf.mergeIndex(p);
          } else {
            await (await fetch('/after/pagefind/routes.json')).json();
            // Pagefind's code and wasm are the root's, shared by every bundle (src/build/search-index.ts).
            if (bundles!.length) {
              pf = (await import('/after/pagefind/pagefind.js' as string)) as Pagefind;
              for (const p of bundles!) await pf.mergeIndex(p);
            }
          }
          if (!pf) return { count: 0, slugs: [] };
          const found = await pf.search(folded);
          const data = await Promise.all(found.results.slice(0, 24).map((r) => r.data()));
          return { count: found.results.length, slugs: data.map((d) => d.meta.slug!) };
        },
        { layout, bundles, parts: beforeParts, folded: pagefindQuery(query) },
      );
      const bytes = await Promise.all(sizes);
      await context.close();
      return { bytes: bytes.reduce((a, b) => a + b, 0), requests: bytes.length, ...found };
    };
    const rows: { kind: string; q: string; before: Run; after: Run }[] = [];
    for (const { kind, q } of queries) rows.push({ kind, q, before: await run('before', q), after: await run('after', q) });
    await browser.close();
    server.close();

    const show = (label: string, values: number[], fmt: (v: number) => string) =>
      `${label} p50 ${fmt(percentile(values, 50))}, p95 ${fmt(percentile(values, 95))}, max ${fmt(Math.max(...values))}`;
    console.log(
      `\n${rows.length} distinct queries (${[...new Set(rows.map((r) => r.kind))].join(', ')}), each in a fresh browser context:`,
    );
    console.log(
      show(
        '  by product id: bytes',
        rows.map((r) => r.before.bytes),
        kb,
      ),
      '·',
      show(
        'requests',
        rows.map((r) => r.before.requests),
        String,
      ),
    );
    console.log(
      show(
        '  by word range: bytes',
        rows.map((r) => r.after.bytes),
        kb,
      ),
      '·',
      show(
        'requests',
        rows.map((r) => r.after.requests),
        String,
      ),
    );
    // Ties (a common word matches thousands equally) are ordered by where a record sits in its index, which
    // differs between the layouts; so results are compared by how many match, and by the hits shown when
    // every match fits on the page.
    const sameCount = rows.filter((r) => r.before.count === r.after.count).length;
    const whole = rows.filter((r) => r.before.count <= 24);
    const sameSet = whole.filter((r) => JSON.stringify([...r.before.slugs].sort()) === JSON.stringify([...r.after.slugs].sort())).length;
    const sameFirst = whole.filter((r) => r.before.slugs[0] === r.after.slugs[0]).length;
    console.log(`  results: the same number of matches for ${sameCount} of ${rows.length} queries`);
    console.log(
      `  of the ${whole.length} queries whose matches fit on one page (≤ 24): the same hits for ${sameSet}, the same first hit for ${sameFirst}`,
    );
    for (const kind of [...new Set(rows.map((r) => r.kind))]) {
      const of = rows.filter((r) => r.kind === kind);
      console.log(
        `  ${kind}: ${of.length} queries, bytes p50 ${kb(
          percentile(
            of.map((r) => r.before.bytes),
            50,
          ),
        )} → ${kb(
          percentile(
            of.map((r) => r.after.bytes),
            50,
          ),
        )}, p95 ${kb(
          percentile(
            of.map((r) => r.before.bytes),
            95,
          ),
        )} → ${kb(
          percentile(
            of.map((r) => r.after.bytes),
            95,
          ),
        )}; matches found by both ${of.filter((r) => r.before.count > 0 && r.after.count > 0).length}, by neither ${of.filter((r) => !r.before.count && !r.after.count).length}, only before ${of.filter((r) => r.before.count && !r.after.count).length}`,
      );
    }
    for (const r of rows.filter(
      (r) =>
        r.before.count !== r.after.count ||
        (r.before.count <= 24 && [...r.before.slugs].sort().join() !== [...r.after.slugs].sort().join()),
    ))
      console.log(
        `    differs: ${r.kind} "${r.q}": ${r.before.count} matches before, ${r.after.count} after; first ${r.before.slugs[0] ?? '-'} / ${r.after.slugs[0] ?? '-'}`,
      );

    // At 1M: by product id every query loads 1M / PART_PRODUCTS bundles, each costing what one costs here;
    // by word range a query still loads its bundle(s) of at most PART_PRODUCTS products, and the routing file
    // grows with the number of bundles.
    const scale = 1_000_000 / n;
    const perBundle = (v: number) => v / (beforeParts.length + 1);
    const routesAt1M = routesText.length * scale;
    const afterFixed = rows.map((r) => r.after.bytes - routesText.length);
    console.log(`\nextrapolated to 1,000,000 products (×${scale.toFixed(1)}):`);
    console.log(
      `  by product id: ${Math.ceil(1_000_000 / PART_PRODUCTS)} bundles per query, bytes p50 ≈ ${mb(
        perBundle(
          percentile(
            rows.map((r) => r.before.bytes),
            50,
          ),
        ) *
          (1_000_000 / PART_PRODUCTS),
      )}, p95 ≈ ${mb(
        perBundle(
          percentile(
            rows.map((r) => r.before.bytes),
            95,
          ),
        ) *
          (1_000_000 / PART_PRODUCTS),
      )}`,
    );
    console.log(
      `  by word range: routing file ≈ ${kb(routesAt1M)}; bytes p50 ≈ ${kb(percentile(afterFixed, 50) + routesAt1M)}, p95 ≈ ${kb(percentile(afterFixed, 95) + routesAt1M)}; index on disk ≈ ${mb(afterSize.bytes * scale)} (by product id ≈ ${mb(beforeSize.bytes * scale)})`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
