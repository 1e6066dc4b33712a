/**
 * `tsx scripts/bench/kind-costs.ts [--products 100000] [--db pglite|postgres] [--per 40]`: each long-tail
 * kind's requests one at a time on a fresh server (read cache empty), so every one is a miss: the
 * latency of one uncached request of each kind with nothing else running, and this process's CPU per request.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/server';
import { openBenchDatabase } from './database';
import { KINDS, longTailRequests } from './long-tail-queries';
import { ms, summarise, table } from './stats';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'pglite' },
    per: { type: 'string', default: '40' },
  },
});
const bench = await openBenchDatabase(values.db as 'pglite' | 'postgres', Number(values.products), (s) => console.log(s));
const lists = await longTailRequests(bench.database.db);
const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: '0', SEARCH_RATE_LIMIT: '1000000000' });
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
