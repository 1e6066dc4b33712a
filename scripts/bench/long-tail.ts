/**
 * `npm run bench:api -- --long-tail [--mix uniform|zipf|both]`: the long tail of real traffic at 50
 * connections with the read cache as in production (READ_CACHE_SIZE's default): thousands of distinct
 * suggestion, search page and category listing requests mixed in one stream, p50/p95/p99 and req/s per
 * kind, and the health endpoint's latency measured beside that load.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/rows';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { startServer } from '../../src/server/server';
import { KINDS, longTailRequests, requestSequence } from './long-tail-queries';
import type { MixedJob, MixedResult } from './mixed-load-runner';
import { ms, perSecond, table } from './stats';
import { benchServerConfig } from './server-config';

/** The issue's targets for suggestion / getProduct / category listing p95, per database and size. */
export function targetsFor(db: 'pglite' | 'postgres', products: number): Record<string, number> {
  if (db === 'pglite') return { suggestion: 100, getProduct: 250 };
  return products >= 1_000_000 ? { suggestion: 50, getProduct: 150, listing: 100 } : { suggestion: 25, getProduct: 75 };
}

/**
 * CPU ticks used so far by each PostgreSQL backend serving this database (Linux /proc, server on this
 * machine; empty when unreadable): other databases' sessions on the same server are not counted.
 */
async function backendTicks(database: Database): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  if (database.kind !== 'postgres') return ticks;
  const pids = rowsOf<{ pid: number }>(await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`));
  for (const { pid } of pids) {
    try {
      // Fields after the command name: state is field 3, utime 14 and stime 15.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      /* ended meanwhile, or another machine */
    }
  }
  return ticks;
}

/**
 * CPU seconds the backends spent between two readings, summed per backend: one that began meanwhile
 * counts whole, one that ended meanwhile (a pool closing an idle connection) is not counted, where a
 * plain difference of the two sums went below zero.
 */
function backendCpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks / 100;
}

/**
 * Every second one product (of the first 200 visible, by turns) gets one unit more in stock, through
 * the database as an order's settlement writes it (its NOTIFY names it); `everything` also tells this
 * server that everything changed, as every change was told before issue 19's patches. stop() waits for
 * the last write and takes the units back.
 */
function stockEverySecond(
  database: Database,
  told: 'products' | 'everything',
  tell: ((change: 'everything' | { products: number[] }) => void) | null,
) {
  const changed: number[] = [];
  let ids: number[] = [];
  let busy: Promise<void> = Promise.resolve();
  const tick = () => {
    busy = busy.then(async () => {
      if (!ids.length)
        ids = rowsOf<{ id: number }>(
          await database.db.execute(sql`select id from products where enable and deleted_at is null order by id limit 200`),
        ).map((r) => r.id);
      const id = ids[changed.length % ids.length]!;
      await database.db.execute(sql`update products set stock = stock + 1, updated_at = now() where id = ${id}`);
      changed.push(id);
      // Several processes (--processes): each hears of it by the products trigger's NOTIFY only.
      tell?.(told === 'everything' ? 'everything' : { products: [id] });
    });
  };
  const timer = setInterval(tick, 1000);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await busy;
      for (const id of changed) await database.db.execute(sql`update products set stock = stock - 1 where id = ${id}`);
      return changed.length;
    },
  };
}

/** The server under load: in this process, or as several processes in children of it (--processes). */
interface ServedShop {
  url: string;
  /** CPU seconds used so far by the server's process(es). */
  cpuSeconds(): number;
  /** Whose CPU cpuSeconds counts, for the report. */
  whose: string;
  /** Tells the server of a change as the shop's own write would (in-process only; processes hear NOTIFY). */
  tell: ((change: 'everything' | { products: number[] }) => void) | null;
  indexStats?(): Promise<{ builds: number; lastBuildMs: number; patches: number; lastPatchMs: number } | undefined>;
  close(): Promise<void>;
}

async function inProcess(config: Config, database: Database): Promise<ServedShop> {
  const server = await startServer(config, database);
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  // A deploy builds the dropdown's index at start; the load begins once it is ready.
  const t = performance.now();
  if (server.deps.search) {
    await Promise.all([server.deps.search.index.ready(), server.deps.search.listing.ready()]);
    const index = server.deps.search.index.current();
    // Cards are held outside the heap (packed-cards.ts): heap and resident memory tell them apart.
    console.log(
      `suggestion and listing indexes: ${index?.size ?? 0} products in ${((performance.now() - t) / 1000).toFixed(1)} s; cards ${mib(index?.cardBytes ?? 0)} MiB, heap ${mib(process.memoryUsage().heapUsed)} MiB, resident ${mib(process.memoryUsage().rss)} MiB`,
    );
  } else if (server.deps.searchThread) {
    const s = await server.deps.searchThread.ready();
    console.log(
      `suggestion and listing indexes in the search thread: ${s.products} products in ${((performance.now() - t) / 1000).toFixed(1)} s; cards ${mib(s.cardBytes)} MiB, the thread's heap ${mib(s.heapUsed)} MiB, the request thread's ${mib(process.memoryUsage().heapUsed)} MiB, resident ${mib(process.memoryUsage().rss)} MiB`,
    );
  }
  return {
    url: server.url,
    // This process: the server and, on PGlite, its database thread.
    cpuSeconds: () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    },
    whose: "this process's",
    tell: (change) => server.deps.cache.invalidate(change),
    indexStats: async () => server.deps.search?.index.stats ?? (await server.deps.searchThread?.ready())?.suggestion,
    async close() {
      await server.close();
      await server.deps.searchLog.flush();
    },
  };
}

/** CPU seconds (user + system) of a process on this machine, from Linux /proc; 0 once it has ended. */
function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Resident memory of a process in MB (Linux /proc). */
function residentMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/**
 * The server as `count` processes sharing one port (WEB_PROCESSES, src/server/web-processes.ts), in a
 * child process that is their cluster primary (scripts/bench/cluster-server.ts); ready once every
 * process's indexes are built. CPU is summed over the primary and its processes.
 */
async function asProcesses(database: Database, count: number, config: Config): Promise<ServedShop> {
  const t = performance.now();
  const child = fork(fileURLToPath(new URL('./cluster-server.ts', import.meta.url)), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: database.url!, WEB_PROCESSES: String(count), SEARCH_INDEX: config.SEARCH_INDEX ? '1' : '0' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { url, pids } = await new Promise<{ url: string; pids: number[] }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; pids: number[] }));
    void exited.then(() => reject(new Error('the cluster primary exited before its processes served')));
  });
  const all = [child.pid!, ...pids];
  console.log(
    `${count} server processes (pids ${pids.join(', ')}) serve with their indexes built in ${((performance.now() - t) / 1000).toFixed(1)} s; resident memory: ${pids.map((p) => `${residentMb(p).toFixed(0)} MB`).join(', ')} (primary ${residentMb(child.pid!).toFixed(0)} MB)`,
  );
  return {
    url,
    cpuSeconds: () => all.reduce((a, pid) => a + processCpuSeconds(pid), 0),
    whose: `the ${count} server processes' (and their primary's)`,
    tell: null,
    async close() {
      console.log(`resident memory after the load: ${pids.map((p) => `${residentMb(p).toFixed(0)} MB`).join(', ')}`);
      child.kill('SIGTERM');
      await exited;
    },
  };
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
  opts: {
    db: 'pglite' | 'postgres';
    products: number;
    duration: number;
    mix: string;
    connections: number;
    withoutFastPaths: boolean;
    /**
     * A product's stock changes every second during the load (the shop taking orders), told as what it
     * is ('products': the index patches it) or as 'everything' (how every change was told before: the
     * index is built anew each time). The stock is put back at the end.
     */
    changes?: 'products' | 'everything';
    /** The server as this many processes (node:cluster, WEB_PROCESSES) in child processes instead of in this one. */
    processes?: number;
  },
) {
  if (opts.processes !== undefined && database.kind !== 'postgres')
    throw new Error('--processes needs --db postgres (PGlite is one process’s)');
  if (opts.processes !== undefined && opts.changes === 'everything')
    throw new Error('--processes tells changes only as the database does (NOTIFY of the product): use --changes products');
  const lists = await longTailRequests(database.db);
  const distinct = KINDS.map((k) => `${lists[k].length} ${k}`).join(', ');
  console.log(`Long tail: ${distinct} distinct requests (${KINDS.reduce((a, k) => a + lists[k].length, 0)} in all).`);
  const mixes = opts.mix === 'both' ? (['uniform', 'zipf'] as const) : [opts.mix as 'uniform' | 'zipf'];
  const rows: string[][] = [];
  const results: [string, MixedResult][] = [];
  for (const mix of mixes) {
    // A fresh server per mix: its read cache starts empty, as after a deploy, and fills as in production.
    const config = benchServerConfig({
      // --without-fast-paths: every answer through SQL, as before the in-memory index and card cache.
      SEARCH_INDEX: opts.withoutFastPaths ? '0' : '1',
      // The work queue's settings and SEARCH_THREAD from the environment, to compare them under the same load.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('WORK_QUEUE_') || name === 'SEARCH_THREAD')),
    });
    const server = opts.processes === undefined ? await inProcess(config, database) : await asProcesses(database, opts.processes, config);
    console.log(`${mix} mix: ${opts.duration} s at ${opts.connections} connections (read cache ${config.READ_CACHE_SIZE} entries)…`);
    const requests = requestSequence(lists, mix, 200_000);
    // CPU of this process (server and, on PGlite, its database thread) per answered request: less
    // disturbed by a loaded machine than latency. PostgreSQL's own backends are not counted.
    const cpu0 = server.cpuSeconds();
    const backend0 = await backendTicks(database);
    const changing = opts.changes ? stockEverySecond(database, opts.changes, server.tell) : null;
    const result = await mixedLoad({
      url: server.url,
      requests,
      connections: opts.connections,
      durationSeconds: opts.duration,
      groups: { getProduct: ['search', 'listing'] },
    });
    const cpu = server.cpuSeconds() - cpu0;
    const backend = backendCpuSecondsBetween(backend0, await backendTicks(database));
    if (changing) {
      const done = await changing.stop();
      const stats = await server.indexStats?.();
      console.log(
        `${mix}: ${done} stock changes told as ${opts.changes}; index builds ${stats?.builds ?? 0} (last ${((stats?.lastBuildMs ?? 0) / 1000).toFixed(1)} s), patches ${stats?.patches ?? 0} (last ${(stats?.lastPatchMs ?? 0).toFixed(1)} ms)`,
      );
    }
    const answered = KINDS.reduce((a, k) => a + (result.kinds[k]?.requestsPerSecond ?? 0), 0) * result.seconds;
    console.log(
      `${mix}: ${((cpu * 1000) / answered).toFixed(2)} ms of ${server.whose} CPU per search request (${answered.toFixed(0)} answered; health probes included in the CPU)`,
    );
    if (database.kind === 'postgres')
      console.log(
        `${mix}: ${((backend * 1000) / answered).toFixed(2)} ms of PostgreSQL backends' CPU per search request (this database's sessions)`,
      );
    console.log(
      `${mix}: ${(result.clientCpuMs / (answered + result.health.requestsPerSecond * result.seconds)).toFixed(2)} ms of the load generator's CPU per request`,
    );
    await server.close();
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
