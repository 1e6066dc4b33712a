/**
 * `npm run bench:api -- [--products 100000] [--db pglite|postgres] [--duration 10]`
 *
 * Latency and throughput of the two calls whose cost grows with the catalogue, suggestion and
 * getProduct, on a catalogue of N products, against the real server in this process, driven by
 * autocannon from a child process at 50 connections on loopback. For each call it reports:
 *   - the first request of every distinct query (read cache empty), one at a time;
 *   - the same statements replayed straight through the database driver (no HTTP, no ORM), so the
 *     overhead of everything above the database shows as a ratio;
 *   - load with the read cache on (what a shopper mostly meets) and off (every request queried);
 * and the requests/s of the bare health endpoint in the same run: the ceiling of this machine.
 * PostgreSQL uses DATABASE_URL. Never part of `npm test`.
 *
 * `--long-tail [--mix uniform|zipf|both]` measures instead the long tail of real traffic: thousands of
 * distinct suggestion, search page and category listing requests, read cache as in production, health
 * latency beside the load (scripts/bench/long-tail.ts). `--without-fast-paths` answers every request through
 * SQL, as before the dropdown's in-memory index and the card cache, for comparison in the same conditions.
 * `--changes products|everything` changes a product's stock every second during the long-tail load (the
 * shop taking orders), told as that product (the index patches it) or as everything (built anew each
 * time, as before issue 19's patches); the index's builds and patches are printed after each mix.
 * `--processes N` (PostgreSQL, with --long-tail) serves the load from N server processes on one port, as
 * WEB_PROCESSES=N does, started as a cluster in child processes instead of in this one; the CPU per request
 * is then summed over those processes, and each one's resident memory is printed.
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { startServer, type RunningServer } from '../src/server/server';
import { openBenchDatabase } from './bench/database';
import type { LoadJob, LoadResult } from './bench/load-runner';
import { longTailBench } from './bench/long-tail';
import { getProductPaths, suggestionPaths, suggestionQueries } from './bench/queries';
import { SqlRecorder, type Statement } from './bench/sql-replay';
import { median, ms, perSecond, summarise, table, type LatencySummary } from './bench/stats';

const CONNECTIONS = 50;
const TARGET_P95_MS = { suggestion: 25, getProduct: 50 } as const;
type Endpoint = keyof typeof TARGET_P95_MS;

function options() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      db: { type: 'string', default: 'pglite' },
      duration: { type: 'string', default: '10' },
      'long-tail': { type: 'boolean', default: false },
      mix: { type: 'string', default: 'both' },
      'without-fast-paths': { type: 'boolean', default: false },
      changes: { type: 'string' },
      processes: { type: 'string' },
    },
    allowPositionals: false,
  });
  const products = Number(values.products);
  const duration = Number(values.duration);
  if (!Number.isInteger(products) || products < 1) throw new Error(`--products must be a positive whole number, not "${values.products}"`);
  if (!Number.isFinite(duration) || duration < 1) throw new Error(`--duration must be at least 1 second, not "${values.duration}"`);
  if (values.db !== 'pglite' && values.db !== 'postgres') throw new Error(`--db must be pglite or postgres, not "${values.db}"`);
  if (!['uniform', 'zipf', 'both'].includes(values.mix)) throw new Error(`--mix must be uniform, zipf or both, not "${values.mix}"`);
  if (values.changes !== undefined && values.changes !== 'products' && values.changes !== 'everything')
    throw new Error(`--changes must be products or everything, not "${values.changes}"`);
  const processes = values.processes === undefined ? undefined : Number(values.processes);
  if (processes !== undefined && (!Number.isInteger(processes) || processes < 1))
    throw new Error(`--processes must be a positive whole number, not "${values.processes}"`);
  if (processes !== undefined && (!values['long-tail'] || values.db !== 'postgres'))
    throw new Error('--processes goes with --long-tail --db postgres');
  return {
    processes,
    products,
    duration,
    db: values.db as 'pglite' | 'postgres',
    longTail: values['long-tail'],
    mix: values.mix,
    withoutFastPaths: values['without-fast-paths'],
    changes: values.changes as 'products' | 'everything' | undefined,
  };
}

async function serve(database: Database, readCache: boolean): Promise<RunningServer> {
  const config = loadConfig({
    NODE_ENV: 'test', // production would ask for the shop's own addresses and secrets; nothing here depends on it
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: '0',
    SEARCH_RATE_LIMIT: '1000000000',
    READ_CACHE_SIZE: readCache ? '20000' : '0',
  });
  return startServer(config, database);
}

async function closeServer(server: RunningServer): Promise<void> {
  await server.close();
  await server.deps.searchLog.flush();
}

/** One autocannon run in a child process. */
function load(url: string, paths: string[], durationSeconds: number): Promise<LoadResult> {
  const job: LoadJob = { url, paths, connections: CONNECTIONS, durationSeconds };
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

interface FirstRequests {
  latency: LatencySummary;
  /** Per request, in the order of the paths. */
  latencies: number[];
  statements: Statement[][];
  failures: string[];
}

/** Each distinct request once, one at a time, on a server whose read cache is still empty. */
async function firstRequests(server: RunningServer, recorder: SqlRecorder, paths: string[]): Promise<FirstRequests> {
  const latencies: number[] = [];
  const statements: Statement[][] = [];
  const failures: string[] = [];
  for (const path of paths) {
    let elapsed = 0;
    const sent = await recorder.record(async () => {
      const t0 = performance.now();
      const res = await fetch(server.url + path);
      await res.arrayBuffer();
      elapsed = performance.now() - t0;
      if (res.status !== 200) failures.push(`${res.status} ${decodeURIComponent(path)}`);
    });
    latencies.push(elapsed);
    statements.push(sent);
  }
  return { latency: summarise(latencies), latencies, statements, failures };
}

interface SqlTimes extends LatencySummary {
  /** Median number of statements per request. */
  statements: number;
  /** Per request, in the order of the paths (NaN when it sent none). */
  times: number[];
}

/** The time each request's statements take straight through the driver (best of 3), summarised over the set. */
async function sqlTimes(recorder: SqlRecorder, perQuery: Statement[][]): Promise<SqlTimes> {
  const times: number[] = [];
  for (const statements of perQuery) {
    if (!statements.length) {
      times.push(Number.NaN);
      continue;
    }
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await recorder.replay(statements));
    times.push(Math.min(...runs));
  }
  return { ...summarise(times.filter(Number.isFinite)), statements: median(perQuery.map((s) => s.length)), times };
}

/** The requests whose first answer took longest: where a search or listing needs work. */
function slowest(paths: string[], first: FirstRequests, sqlTime: SqlTimes, n = 5): string[] {
  return paths
    .map((path, i) => ({ path, http: first.latencies[i]!, sql: sqlTime.times[i]! }))
    .sort((a, b) => b.http - a.http)
    .slice(0, n)
    .map((r) => `  ${ms(r.http).padStart(9)} (SQL ${ms(r.sql)})  ${decodeURIComponent(r.path.replace(/^\/api\/site\/v1\//, ''))}`);
}

function loadRow(endpoint: string, mode: string, r: LoadResult): string[] {
  const problems = r.errors + r.timeouts + r.non2xx;
  return [
    endpoint,
    mode,
    ms(r.latency.p50),
    ms(r.latency.p95),
    ms(r.latency.p99),
    perSecond(r.requestsPerSecond),
    problems ? String(problems) : '0',
  ];
}

async function main() {
  const opts = options();
  const log = (s: string) => console.log(s);
  console.log(
    `Qateh API benchmark: ${opts.db}, ${opts.products.toLocaleString('en-US')} products, ${CONNECTIONS} connections, ${opts.duration} s per load run`,
  );
  const t0 = performance.now();
  const bench = await openBenchDatabase(opts.db, opts.products, log);
  const { database } = bench;
  if (opts.longTail) {
    await longTailBench(database, { ...opts, connections: CONNECTIONS });
    await database.close();
    console.log(`Total time ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
    return;
  }
  const recorder = new SqlRecorder(database);

  const suggestionList = suggestionPaths(suggestionQueries());
  const productList = getProductPaths(suggestionQueries());
  const paths: Record<Endpoint, string[]> = { suggestion: suggestionList, getProduct: productList };
  console.log(`Requests: ${suggestionList.length} distinct suggestion queries, ${productList.length} distinct getProduct requests.`);

  const rows: string[][] = [];
  const firsts = {} as Record<Endpoint, FirstRequests>;
  const sqls = {} as Record<Endpoint, SqlTimes>;
  const cached = {} as Record<Endpoint, LoadResult>;
  const uncached = {} as Record<Endpoint, LoadResult>;

  // Read cache on: first requests (cold), the SQL behind them, then load (warm).
  let server = await serve(database, true);
  console.log('health under load…');
  const health = await load(server.url, ['/api/site/v1/health'], opts.duration);
  for (const endpoint of ['suggestion', 'getProduct'] as const) {
    console.log(`${endpoint}: first request of each query…`);
    firsts[endpoint] = await firstRequests(server, recorder, paths[endpoint]);
    console.log(`${endpoint}: the same statements straight through the driver…`);
    sqls[endpoint] = await sqlTimes(recorder, firsts[endpoint].statements);
    console.log(`${endpoint}: load, read cache on…`);
    cached[endpoint] = await load(server.url, paths[endpoint], opts.duration);
  }
  await closeServer(server);

  // Read cache off: every request goes to the database, as a stream of never-seen queries would.
  server = await serve(database, false);
  for (const endpoint of ['suggestion', 'getProduct'] as const) {
    console.log(`${endpoint}: load, read cache off…`);
    uncached[endpoint] = await load(server.url, paths[endpoint], opts.duration);
  }
  await closeServer(server);
  recorder.restore();
  await database.close();

  rows.push(loadRow('health', 'load (machine ceiling)', health));
  for (const endpoint of ['suggestion', 'getProduct'] as const) {
    const f = firsts[endpoint];
    const s = sqls[endpoint];
    rows.push([
      endpoint,
      `first request, one at a time`,
      ms(f.latency.p50),
      ms(f.latency.p95),
      ms(f.latency.p99),
      '—',
      String(f.failures.length),
    ]);
    rows.push([endpoint, `same SQL via driver (${s.statements} stmt)`, ms(s.p50), ms(s.p95), ms(s.p99), '—', '—']);
    rows.push(loadRow(endpoint, 'load, read cache on', cached[endpoint]));
    rows.push(loadRow(endpoint, 'load, read cache off', uncached[endpoint]));
  }

  console.log('');
  console.log(`Database: ${opts.db}, ${bench.where}; ${opts.products.toLocaleString('en-US')} products`);
  if (bench.buildSteps.length) {
    const total = bench.buildSteps.reduce((a, [, s]) => a + s, 0);
    console.log(`Built in ${total.toFixed(0)} s: ${bench.buildSteps.map(([n, s]) => `${n} ${s.toFixed(1)} s`).join(', ')}`);
  }
  console.log(
    `Machine: ${availableParallelism()} CPUs, node ${process.version}; load: ${CONNECTIONS} connections, ${opts.duration} s per run, loopback`,
  );
  console.log('');
  console.log(table(['endpoint', 'measure', 'p50', 'p95', 'p99', 'req/s', 'errors'], rows));
  console.log('');
  for (const endpoint of ['suggestion', 'getProduct'] as const) {
    const ratio = firsts[endpoint].latency.p50 / sqls[endpoint].p50;
    console.log(
      `${endpoint}: first request p50 / SQL p50 = ${Number.isFinite(ratio) ? ratio.toFixed(1) : '—'}× (HTTP, validation, ORM and mapping over the database's own time)`,
    );
  }
  for (const endpoint of ['suggestion', 'getProduct'] as const) {
    const target = TARGET_P95_MS[endpoint];
    const verdict = (r: LoadResult) => `${ms(r.latency.p95)} ${r.latency.p95 <= target ? 'meets' : 'MISSES'}`;
    console.log(`target ${endpoint} p95 ≤ ${target} ms: cache on ${verdict(cached[endpoint])}, cache off ${verdict(uncached[endpoint])}`);
  }
  for (const endpoint of ['suggestion', 'getProduct'] as const) {
    console.log(`slowest first requests of ${endpoint}:`);
    for (const line of slowest(paths[endpoint], firsts[endpoint], sqls[endpoint])) console.log(line);
  }
  for (const endpoint of ['suggestion', 'getProduct'] as const) {
    const failures = firsts[endpoint].failures;
    if (failures.length)
      console.log(`${endpoint}: ${failures.length} request(s) did not answer 200, e.g. ${failures.slice(0, 3).join('; ')}`);
  }
  console.log(`Total time ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
