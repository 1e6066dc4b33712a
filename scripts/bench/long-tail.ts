/**
 * `npm run bench:api -- --long-tail [--mix uniform|zipf|both]`: the long tail of real traffic at 50
 * connections with the read cache as in production (READ_CACHE_SIZE's default): thousands of distinct
 * suggestion, search page and category listing requests mixed in one stream, p50/p95/p99 and req/s per
 * kind, and the health endpoint's latency measured beside that load.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { startServer } from '../../src/server/server';
import { KINDS, longTailRequests, requestSequence } from './long-tail-queries';
import type { MixedJob, MixedResult } from './mixed-load-runner';
import { ms, perSecond, table } from './stats';

/** The targets for suggestion / getProduct / category listing p95, per database and size. */
export function targetsFor(db: 'pglite' | 'postgres', products: number): Record<string, number> {
  if (db === 'pglite') return { suggestion: 100, getProduct: 250 };
  return products >= 1_000_000 ? { suggestion: 50, getProduct: 150, listing: 100 } : { suggestion: 25, getProduct: 75 };
}

function mixedLoad(job: MixedJob): Promise<MixedResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./mixed-load-runner.ts', import.meta.url)), { stdio: 'inherit' });
    let result: MixedResult | null = null;
    child.once('message', (m) => {
      result = m as MixedResult;
    });
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load runner exited with code ${code}`))));
    child.send(job);
  });
}

export async function longTailBench(
  database: Database,
  opts: { db: 'pglite' | 'postgres'; products: number; duration: number; mix: string; connections: number },
) {
  const lists = await longTailRequests(database.db);
  const distinct = KINDS.map((k) => `${lists[k].length} ${k}`).join(', ');
  console.log(`Long tail: ${distinct} distinct requests (${KINDS.reduce((a, k) => a + lists[k].length, 0)} in all).`);
  const mixes = opts.mix === 'both' ? (['uniform', 'zipf'] as const) : [opts.mix as 'uniform' | 'zipf'];
  const rows: string[][] = [];
  const results: [string, MixedResult][] = [];
  for (const mix of mixes) {
    // A fresh server per mix: its read cache starts empty, as after a deploy, and fills as in production.
    const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: '0', SEARCH_RATE_LIMIT: '1000000000' });
    const server = await startServer(config, database);
    console.log(`${mix} mix: ${opts.duration} s at ${opts.connections} connections (read cache ${config.READ_CACHE_SIZE} entries)…`);
    const requests = requestSequence(lists, mix, 200_000);
    const result = await mixedLoad({
      url: server.url,
      requests,
      connections: opts.connections,
      durationSeconds: opts.duration,
      groups: { getProduct: ['search', 'listing'] },
    });
    await server.close();
    await server.deps.searchLog.flush();
    results.push([mix, result]);
    for (const [kind, r] of [...Object.entries(result.kinds), ['health (beside the load)', result.health] as const]) {
      rows.push([kind, mix, ms(r.latency.p50), ms(r.latency.p95), ms(r.latency.p99), perSecond(r.requestsPerSecond), String(r.failures)]);
    }
  }
  console.log('');
  console.log(table(['kind', 'mix', 'p50', 'p95', 'p99', 'req/s', 'failures'], rows));
  console.log('');
  const targets = targetsFor(opts.db, opts.products);
  for (const [mix, result] of results) {
    for (const [kind, target] of Object.entries(targets)) {
      const r = result.kinds[kind];
      if (r)
        console.log(`target ${kind} p95 ≤ ${target} ms (${mix}): ${ms(r.latency.p95)} ${r.latency.p95 <= target ? 'meets' : 'MISSES'}`);
    }
    if (opts.db === 'pglite')
      console.log(
        `target health p95 ≤ 20 ms beside the load (${mix}): ${ms(result.health.latency.p95)} ${result.health.latency.p95 <= 20 ? 'meets' : 'MISSES'}`,
      );
  }
}
