import { loadConfig } from '/work/wt-search/src/server/config';
import { openDatabase } from '/work/wt-search/src/server/db/client';
import { startServer } from '/work/wt-search/src/server/server';
const database = await openDatabase(process.env.PGLITE_DIR ? { dataDir: process.env.PGLITE_DIR } : { url: process.env.BENCH_URL! });
const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: '0', SEARCH_RATE_LIMIT: '1000000000', READ_CACHE_SIZE: '0' });
const server = await startServer(config, database);
const paths = process.argv.slice(2);
for (let round = 0; round < 2; round++) for (const p of paths) {
  const t0 = performance.now();
  const res = await fetch(server.url + '/api/site/v1/' + p);
  const body = await res.json() as any;
  const ms = performance.now() - t0;
  if (round === 1) console.log(ms.toFixed(1).padStart(8), res.status, String(body.total ?? body.data?.total ?? '').padStart(6), (body.items ?? body.data?.items ?? []).slice(0,3).map((i: any) => i.partNumber).join(','), p);
}
await server.close(); await database.close(); process.exit(0);
