/**
 * `npm run bench:build [-- --sizes 1000,10000,100000]`: full static build time, pages per second and
 * peak memory (this process tree: Node, the embedded database, the Pagefind indexer) for shops of
 * each size (demo shop + synthetic products, reused from data/bench-site-<N>), then the time of an
 * incremental rebuild after one product's price changed. Figures are printed, never asserted.
 * Budgets from the issue: 100k products under 5 minutes and 4 GB; a price change live within 10 s.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

const arg = process.argv.find((a) => a.startsWith('--sizes='))?.split('=')[1] ?? process.argv[process.argv.indexOf('--sizes') + 1];
const sizes = (process.argv.includes('--sizes') || arg?.includes(',') ? arg! : '1000,10000,100000').split(',').map(Number);

interface Row {
  products: number;
  pages: number;
  seconds: number;
  renderSeconds: number;
  searchSeconds: number | null;
  searchPages: number | null;
  searchParts: number | null;
  searchPeakMb: number | null;
  russianFromEnglish: boolean;
  peakMb: number;
  rebuild: { kind: string; rendered: number; listings: number; pagesSeconds: number; seconds: number; peakMb: number };
}

const rows: Row[] = [];
for (const n of sizes) {
  console.log(`Building the ${n.toLocaleString('en-US')}-product shop…`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/build-once.ts', String(n)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=3072`.trim() },
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('{')) {
    console.log(`  failed (exit ${run.status}): ${run.stdout.slice(-500)}`);
    continue;
  }
  rows.push(JSON.parse(line) as Row);
}

const f1 = (x: number | null) => (x === null ? '—' : x.toFixed(1));
console.log(`\nMachine: ${cpus().length} CPUs, node ${process.version}; embedded PGlite; 3 languages per page\n`);
console.log(
  'products   pages   build s  render s  pages/s  peak MB | pagefind: records parts    s  peak MB | rebuild: pages live s  total s  peak MB',
);
for (const r of rows) {
  console.log(
    `${r.products.toLocaleString('en-US').padStart(8)} ${r.pages.toLocaleString('en-US').padStart(7)} ${f1(r.seconds).padStart(9)} ${f1(r.renderSeconds).padStart(9)}` +
      ` ${Math.round(r.pages / r.renderSeconds)
        .toString()
        .padStart(8)} ${r.peakMb.toString().padStart(8)} |` +
      ` ${(r.searchPages ?? 0).toLocaleString('en-US').padStart(17)} ${String(r.searchParts ?? '—').padStart(5)} ${f1(r.searchSeconds).padStart(4)} ${String(r.searchPeakMb ?? '—').padStart(8)} |` +
      ` ${f1(r.rebuild.pagesSeconds).padStart(20)} ${f1(r.rebuild.seconds).padStart(8)} ${r.rebuild.peakMb.toString().padStart(8)}` +
      `  (${r.rebuild.kind}: ${r.rebuild.rendered} product × 3 languages, ${r.rebuild.listings} listings × 3)`,
  );
}
console.log(
  '\npages: HTML pages written (Russian product pages ' +
    (rows.every((r) => r.russianFromEnglish) ? 'made from the English ones' : 'rendered by Astro in some runs') +
    '); render s: Astro + Russian pages + sitemap;' +
    ' peak MB: whole process tree incl. the Pagefind indexer; pagefind peak: the indexer process alone.',
);
