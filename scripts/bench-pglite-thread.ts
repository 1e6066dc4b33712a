/**
 * `npm run bench:pglite-thread -- [--products 20000] [--duration 10]`
 *
 * What a shopper of the embedded-database shop meets while others search: the bare health endpoint's
 * latency beside an uncached search load (read cache off, 50 connections of suggestion requests),
 * with PGlite in the server's thread (as before) and in its own thread (src/server/db/pglite-thread.ts).
 * Health stands for everything that needs no query: static pages and cached answers are served by the
 * same thread. The server runs in this process; autocannon runs in child processes. Never part of `npm test`.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from '../src/server/server';
import { openBenchDatabase } from './bench/database';
import type { LoadJob, LoadResult } from './bench/load-runner';
import { suggestionPaths, suggestionQueries } from './bench/queries';
import { ms, perSecond, table } from './bench/stats';
import { benchServerConfig } from './bench/server-config';

const SEARCH_CONNECTIONS = 50;
const HEALTH_CONNECTIONS = 2;

function options() {
  const { values } = parseArgs({
    options: { products: { type: 'string', default: '20000' }, duration: { type: 'string', default: '10' } },
    allowPositionals: false,
  });
  const products = Number(values.products);
  const duration = Number(values.duration);
  if (!Number.isInteger(products) || products < 1) throw new Error(`--products must be a positive whole number, not "${values.products}"`);
  if (!Number.isFinite(duration) || duration < 1) throw new Error(`--duration must be at least 1 second, not "${values.duration}"`);
  return { products, duration };
}

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./bench/load-runner.ts', import.meta.url)), { stdio: 'inherit' });
    let result: LoadResult | null = null;
    child.once('message', (m) => {
      result = m as LoadResult;
    });
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load runner exited with code ${code}`))));
    child.send(job);
  });
}

interface Run {
  health: LoadResult;
  healthAlone: LoadResult;
  search: LoadResult;
}

async function measure(products: number, duration: number, pgliteThread: boolean): Promise<Run> {
  const { database } = await openBenchDatabase('pglite', products, (s) => console.log(s), { pgliteThread });
  try {
    const config = benchServerConfig({
      // Every search reaches the database: the load a long tail of distinct queries makes.
      READ_CACHE_SIZE: '0',
    });
    const server = await startServer(config, database, { notifications: false });
    try {
      const health = ['/api/site/v1/health'];
      const healthAlone = await load({ url: server.url, paths: health, connections: HEALTH_CONNECTIONS, durationSeconds: duration });
      const [search, beside] = await Promise.all([
        load({ url: server.url, paths: suggestionPaths(suggestionQueries()), connections: SEARCH_CONNECTIONS, durationSeconds: duration }),
        load({ url: server.url, paths: health, connections: HEALTH_CONNECTIONS, durationSeconds: duration }),
      ]);
      return { health: beside, healthAlone, search };
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const { products, duration } = options();
  console.log(
    `PGlite, ${products.toLocaleString('en-US')} products, ${duration} s per run; health at ${HEALTH_CONNECTIONS} connections beside suggestion at ${SEARCH_CONNECTIONS} (read cache off).`,
  );
  const rows: string[][] = [];
  for (const [label, thread] of [
    ['in the server thread (before)', false],
    ['own thread (after)', true],
  ] as const) {
    const r = await measure(products, duration, thread);
    rows.push([
      label,
      ms(r.healthAlone.latency.p95),
      ms(r.health.latency.p50),
      ms(r.health.latency.p95),
      ms(r.health.latency.p99),
      perSecond(r.search.requestsPerSecond),
      ms(r.search.latency.p50),
      ms(r.search.latency.p95),
    ]);
    // Each run's figures as soon as they are known, then the table of both.
    console.log(`${label}: ${rows.at(-1)!.slice(1).join(' / ')}`);
  }
  console.log(
    table(['PGlite', 'health p95 alone', 'health p50 beside search', 'p95', 'p99', 'search req/s', 'search p50', 'search p95'], rows),
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
