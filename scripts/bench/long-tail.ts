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

/**
 * CPU seconds used so far by the PostgreSQL backends serving this database (Linux /proc, server on this
 * machine; 0 when unreadable): other databases' sessions on the same server are not counted.
 */
async function backendCpuSeconds(database: Database): Promise<number> {
  if (database.kind !== 'postgres') return 0;
  const pids = rowsOf<{ pid: number }>(await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`));
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      // Fields after the command name: state is field 3, utime 14 and stime 15.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* ended meanwhile, or another machine */
    }
  }
  return ticks / 100;
}

/**
 * Every second one product (of the first 200 visible, by turns) gets one unit more in stock, through
 * the database as an order's settlement writes it (its NOTIFY names it); `everything` also tells this
 * server that everything changed, as every change was told before issue 19's patches. stop() waits for
 * the last write and takes the units back.
 */
function stockEverySecond(database: Database, server: Awaited<ReturnType<typeof startServer>>, told: 'products' | 'everything') {
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
      server.deps.cache.invalidate(told === 'everything' ? 'everything' : { products: [id] });
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
  },
) {
  const lists = await longTailRequests(database.db);
  const distinct = KINDS.map((k) => `${lists[k].length} ${k}`).join(', ');
  console.log(`Long tail: ${distinct} distinct requests (${KINDS.reduce((a, k) => a + lists[k].length, 0)} in all).`);
  const mixes = opts.mix === 'both' ? (['uniform', 'zipf'] as const) : [opts.mix as 'uniform' | 'zipf'];
  const rows: string[][] = [];
  const results: [string, MixedResult][] = [];
  for (const mix of mixes) {
    // A fresh server per mix: its read cache starts empty, as after a deploy, and fills as in production.
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: '0',
      SEARCH_RATE_LIMIT: '1000000000',
      // --without-fast-paths: every answer through SQL, as before the in-memory index and card cache.
      SEARCH_INDEX: opts.withoutFastPaths ? '0' : '1',
    });
    const server = await startServer(config, database);
    if (server.deps.search) {
      // A deploy builds the dropdown's index at start; the load begins once it is ready.
      const t = performance.now();
      await Promise.all([server.deps.search.index.ready(), server.deps.search.listing.ready()]);
      console.log(
        `suggestion and listing indexes: ${server.deps.search.index.current()?.size ?? 0} products in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    console.log(`${mix} mix: ${opts.duration} s at ${opts.connections} connections (read cache ${config.READ_CACHE_SIZE} entries)…`);
    const requests = requestSequence(lists, mix, 200_000);
    // CPU of this process (server and, on PGlite, its database thread) per answered request: less
    // disturbed by a loaded machine than latency. PostgreSQL's own backends are not counted.
    const cpu0 = process.cpuUsage();
    const backend0 = await backendCpuSeconds(database);
    const changing = opts.changes ? stockEverySecond(database, server, opts.changes) : null;
    const result = await mixedLoad({
      url: server.url,
      requests,
      connections: opts.connections,
      durationSeconds: opts.duration,
      groups: { getProduct: ['search', 'listing'] },
    });
    const cpu = process.cpuUsage(cpu0);
    const backend = (await backendCpuSeconds(database)) - backend0;
    if (changing) {
      const done = await changing.stop();
      const stats = server.deps.search?.index.stats;
      console.log(
        `${mix}: ${done} stock changes told as ${opts.changes}; index builds ${stats?.builds ?? 0} (last ${((stats?.lastBuildMs ?? 0) / 1000).toFixed(1)} s), patches ${stats?.patches ?? 0} (last ${(stats?.lastPatchMs ?? 0).toFixed(1)} ms)`,
      );
    }
    const answered = KINDS.reduce((a, k) => a + (result.kinds[k]?.requestsPerSecond ?? 0), 0) * result.seconds;
    console.log(
      `${mix}: ${((cpu.user + cpu.system) / 1000 / answered).toFixed(2)} ms of this process's CPU per search request (${answered.toFixed(0)} answered; health probes included in the CPU)`,
    );
    if (database.kind === 'postgres')
      console.log(
        `${mix}: ${((backend * 1000) / answered).toFixed(2)} ms of PostgreSQL backends' CPU per search request (this database's sessions)`,
      );
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
