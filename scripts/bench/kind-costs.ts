/**
 * `tsx scripts/bench/kind-costs.ts [--products 100000] [--db pglite|postgres] [--per 40]`: each long-tail
 * kind's requests one at a time on a fresh server (read cache empty), so every one is a miss: the
 * latency of one uncached request of each kind with nothing else running, and this process's CPU per request.
 *
 * `--services`: each kind's own work instead, without HTTP: every request of the long tail answered by its
 * service and written as JSON (as json-answer.ts writes it), the whole list twice and the second pass
 * timed (warm), one at a time: mean and tail per kind, the share of the time spent in requests over 2 ms,
 * and the slowest requests. Less noisy than a load run for comparing two versions of the search code.
 */
import { parseArgs } from 'node:util';
import { startServer } from '../../src/server/server';
import { openBenchDatabase } from './database';
import { KINDS, longTailRequests } from './long-tail-queries';
import { ms, summarise, table } from './stats';
import { getProductQuerySchema, suggestionQuerySchema } from '../../src/api/schemas/search';
import { listProducts } from '../../src/server/services/search/listing';
import { suggestProducts } from '../../src/server/services/search/suggest';
import { encodeJson } from '../../src/server/services/shared-json';
import { benchServerConfig } from './server-config';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'pglite' },
    per: { type: 'string', default: '40' },
    services: { type: 'boolean', default: false },
  },
});
const bench = await openBenchDatabase(values.db as 'pglite' | 'postgres', Number(values.products), (s) => console.log(s));
const lists = await longTailRequests(bench.database.db);
// The services are timed here, in this thread: no search thread on PostgreSQL either.
const config = benchServerConfig({ SEARCH_THREAD: '0' });
const server = await startServer(config, bench.database);
await Promise.all([server.deps.search?.index.ready(), server.deps.search?.listing.ready()]);
const listingIndex = server.deps.search?.listing.current();
if (listingIndex) {
  const mb = (listingIndex.memoryBytes() / 2 ** 20).toFixed(1);
  const heap = (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0);
  console.log(
    `listing index: ${listingIndex.size} products, ${mb} MiB, built in ${(listingIndex.buildTimeMs / 1000).toFixed(1)} s; heap ${heap} MiB`,
  );
}
if (values.services) {
  const deps = server.deps;
  const answer = async (kind: (typeof KINDS)[number], path: string) => {
    const params = Object.fromEntries(new URL(path, 'http://bench').searchParams);
    const result =
      kind === 'suggestion'
        ? await suggestProducts(deps.db, suggestionQuerySchema.parse(params), deps.search)
        : await listProducts(deps.db, getProductQuerySchema.parse(params), deps.search);
    return encodeJson(result);
  };
  const timed: { kind: string; path: string; ms: number }[] = [];
  for (const pass of [0, 1]) {
    for (const kind of KINDS) {
      for (const path of lists[kind]) {
        const t0 = performance.now();
        await answer(kind, path);
        if (pass === 1) timed.push({ kind, path, ms: performance.now() - t0 });
      }
    }
  }
  const serviceRows = KINDS.map((kind) => {
    const times = timed.filter((x) => x.kind === kind).map((x) => x.ms);
    const total = times.reduce((a, b) => a + b, 0);
    const s = summarise(times);
    const slowShare = times.filter((t) => t > 2).reduce((a, b) => a + b, 0) / total;
    return [
      kind,
      String(times.length),
      ms(total / times.length),
      ms(s.p50),
      ms(s.p95),
      ms(s.p99),
      ms(s.max),
      `${(100 * slowShare).toFixed(0)}%`,
    ];
  });
  console.log(table(['kind', 'requests', 'mean', 'p50', 'p95', 'p99', 'max', 'time in >2 ms'], serviceRows));
  console.log('slowest:');
  for (const x of timed.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${ms(x.ms)}  ${x.kind}  ${decodeURIComponent(x.path)}`);
  await server.close();
  await bench.database.close();
  process.exit(0);
}
const rows: string[][] = [];
for (const kind of KINDS) {
  const list = lists[kind];
  const step = Math.max(1, Math.floor(list.length / Number(values.per)));
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < list.length && times.length < Number(values.per); i += step) {
    const t0 = performance.now();
    const res = await fetch(server.url + list[i]);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  const s = summarise(times);
  rows.push([kind, ms(s.p50), ms(s.p95), ms((cpu.user + cpu.system) / 1000 / times.length)]);
}
console.log(table(['kind', 'p50', 'p95', 'CPU/request'], rows));
await server.close();
await bench.database.close();
