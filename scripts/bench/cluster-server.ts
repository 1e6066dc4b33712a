/**
 * The shop as N server processes for `npm run bench:api -- --long-tail --processes N` (scripts/bench/long-tail.ts):
 * forked by the benchmark with the bench database in DATABASE_URL and WEB_PROCESSES=N, it runs the
 * primary of src/server/web-processes.ts, whose processes run this file again as cluster workers. Each
 * process starts the server with the benchmark's settings and says it serves once its suggestion and
 * listing indexes are built (a deploy builds them at start). The primary tells the benchmark the
 * address and the process ids ({ url, pids }); SIGTERM stops them all.
 */
import cluster from 'node:cluster';
import { startWebProcesses, stopWithPrimary, tellPrimaryReady } from '../../src/server/web-processes';
import { benchServerConfig } from './server-config';

/** The settings of scripts/bench/long-tail.ts's in-process server, from this process's environment. */
function benchConfig() {
  return benchServerConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    WEB_PROCESSES: process.env.WEB_PROCESSES,
    SEARCH_INDEX: process.env.SEARCH_INDEX,
  });
}

async function primary() {
  const config = benchConfig();
  const processes = startWebProcesses(config.WEB_PROCESSES, { log: (s) => console.log(`  ${s}`) });
  process.on('SIGTERM', () => {
    void processes.stop().then(() => process.exit(0));
  });
  const started = await processes.started;
  process.send!(started);
}

async function worker() {
  // Loaded by the server processes only: the primary stays small, as `npm start`'s does.
  const { openConfiguredDatabase, startServer } = await import('../../src/server/server');
  const config = benchConfig();
  const database = await openConfiguredDatabase(config);
  const server = await startServer(config, database);
  if (server.deps.search) await Promise.all([server.deps.search.index.ready(), server.deps.search.listing.ready()]);
  else await server.deps.searchThread?.ready();
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  stopWithPrimary(() => void close());
  tellPrimaryReady(server.url);
}

(cluster.isPrimary ? primary() : worker()).catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
