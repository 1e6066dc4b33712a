/**
 * `npx tsx scripts/bench-bom.ts`
 *
 * What a parts-list upload costs and whether it stalls the server:
 *   1. parsing alone (readRows, no worker) of 5k- and 50k-row CSV and .xlsx files (cap lifted);
 *   2. full uploads through the real server over the shared catalogue (PGlite in memory): a 5,000-row
 *      CSV with 1,000 different part numbers, the 5,000-row .xlsx, and the hostile files (1M rows,
 *      zip bomb), while the event loop's delay is sampled and a /health probe runs every 20 ms.
 * Never part of `npm test`.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { readRows } from '../src/server/services/bom/read-rows';
import { importCatalogue } from '../src/server/services/catalogue-import';
import { startServer } from '../src/server/server';

const shared = new URL('../../shared/data/', import.meta.url);
// The part_number column of the shared catalogue (second field; some are quoted because they hold commas).
const partNumbers = [...readFileSync(new URL('products.csv', shared), 'utf8').matchAll(/^[^,\n]+,("(?:[^"]|"")*"|[^,\n]*),/gm)]
  .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'))
  .slice(1);
const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;

function csvOf(rows: number, distinct: number): Buffer {
  const lines = ['Designator,MPN,Qty'];
  for (let i = 0; i < rows; i++) lines.push(`R${i + 1},${quoted(partNumbers[i % Math.min(distinct, partNumbers.length)]!)},${(i % 7) + 1}`);
  return Buffer.from(lines.join('\n'));
}
function xlsxOf(rows: number): Buffer {
  const aoa: (string | number)[][] = [['Designator', 'MPN', 'Qty']];
  for (let i = 0; i < rows; i++) aoa.push([`R${i + 1}`, partNumbers[i % partNumbers.length]!, (i % 7) + 1]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'BOM');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
const ms = (x: number) => `${x.toFixed(0)} ms`;

console.log('1. parsing alone (main thread, cap lifted)');
for (const [name, bytes] of [
  ['5k.csv', csvOf(5000, 1000)],
  ['50k.csv', csvOf(50_000, 1000)],
  ['5k.xlsx', xlsxOf(5000)],
  ['50k.xlsx', xlsxOf(50_000)],
] as const) {
  const t0 = performance.now();
  const { sheets } = readRows(name, bytes, 60_000);
  console.log(
    `   ${name.padEnd(9)} ${(bytes.length / 1024).toFixed(0).padStart(6)} KiB  ${String(sheets[0]!.rows.length).padStart(6)} rows  ${ms(performance.now() - t0)}`,
  );
}

console.log('2. uploads through the server (worker + matching + saving), event loop watched');
const database = await openDatabase({});
await migrate(database);
await importCatalogue(database.db, {
  categories: { name: 'categories.csv', text: readFileSync(new URL('categories.csv', shared), 'utf8') },
  products: { name: 'products.csv', text: readFileSync(new URL('products.csv', shared), 'utf8') },
});
const server = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0' }), database);
const base = `${server.url}/api/site/v1`;
const cases: [string, Buffer][] = [
  ['5k rows, 500 parts.csv', csvOf(4999, 500)],
  ['5k rows.xlsx', xlsxOf(4999)],
  ['100 rows.csv', csvOf(100, 100)],
  ['1M rows.csv', Buffer.from('A,1\n'.repeat(1_000_000))],
];
for (const [name, bytes] of cases) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let probes = 0;
  let slowestProbe = 0;
  let failedProbes = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      const ok = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ok) failedProbes++;
      slowestProbe = Math.max(slowestProbe, performance.now() - t);
      probes++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  histogram.enable();
  // Any pause of the event loop over 50 ms, with when it ended (ms after the upload began).
  const gaps: string[] = [];
  let last = performance.now();
  const watchdog = setInterval(() => {
    const now = performance.now();
    if (now - last > 50) gaps.push(`${(now - last).toFixed(0)} ms ending at +${(now - t0).toFixed(0)}`);
    last = now;
  }, 5);
  const form = new FormData();
  form.append('newFile', new Blob([new Uint8Array(bytes)]), name.replace(/^.* /, 'bom-'));
  const t0 = performance.now();
  const res = await fetch(`${base}/SaveCustomerFile`, { method: 'POST', body: form });
  const took = performance.now() - t0;
  histogram.disable();
  clearInterval(watchdog);
  running = false;
  await probe;
  const body = (await res.json()) as { lines?: number; message: string };
  console.log(`   ${name.padEnd(24)} ${res.status} ${ms(took).padStart(8)}  ${res.headers.get('server-timing') ?? body.message}`);
  console.log(
    `      event loop delay: max ${ms(histogram.max / 1e6)}, p99 ${ms(histogram.percentile(99) / 1e6)}; /health probes ${probes} (${failedProbes} failed), slowest ${ms(slowestProbe)}`,
  );
  const longest = [...gaps].sort((a, b) => parseFloat(b) - parseFloat(a)).slice(0, 3);
  if (gaps.length) console.log(`      pauses over 50 ms: ${gaps.length}; longest ${longest.join('; ')}`);
}
await server.close();
await database.close();
