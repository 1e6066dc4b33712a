/**
 * `npm start`: the shop on one port — API under /api/site/v1, the built storefront (dist/, or
 * SITE_OUT_DIR) for every other path — over the embedded database (or PostgreSQL with DATABASE_URL),
 * with demo data written on first start (not in production: README "Running in production"). The storefront is built first when it has not been yet,
 * brought up to date when the catalogue changed since it was built, and kept up to date while the
 * server runs (SITE_UPDATE_SECONDS).
 */
import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';

/**
 * WEB_PROCESSES > 1: this process only forks and watches the server processes (src/server/web-processes.ts),
 * each of which runs this script again as a cluster worker.
 */
async function runPrimary(count: number) {
  const { startWebProcesses } = await import('../src/server/web-processes');
  const processes = startWebProcesses(count, { log: (s) => console.log(s) });
  let stopping = false;
  const stop = async (signal: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing ${count} server processes…`);
    await processes.stop();
    process.exit(code);
  };
  processes.started.then(
    ({ url, pids }) => console.log(`Qateh runs ${count} server processes (pids ${pids.join(', ')}) on one port at ${url}`),
    (err: Error) => {
      console.error(`Qateh could not start: ${err.message}`);
      void stop('start failed', 1);
    },
  );
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
}

async function main() {
  const config = loadConfig();
  if (config.WEB_PROCESSES > 1 && cluster.isPrimary) return runPrimary(config.WEB_PROCESSES);
  // Loaded once the configuration is accepted: a refused one is told without loading the server and
  // the build pipeline (Astro, Vite: several CPU-seconds) first.
  const [
    { ensureSiteFresh, siteAwaitsFullBuild },
    { completeSiteLater },
    { startSiteUpdater },
    { completeSearchFallback, searchFallbackMissing },
    { DEFAULT_SITE_DIR },
    { seedOnStart },
    { sandboxEnabled },
    { openConfiguredDatabase, startServer },
    { publicAddressWarning },
    { isLeadProcess, stopWithPrimary, tellPrimaryReady, webProcessSlot },
  ] = await Promise.all([
    import('../src/build/freshness'),
    import('../src/build/site-later'),
    import('../src/build/site-updater'),
    import('../src/build/search-fallback-later'),
    import('../src/build/site'),
    import('../src/server/seed/on-start'),
    import('../src/server/payments/settings'),
    import('../src/server/server'),
    import('../src/lib/public-url'),
    import('../src/server/web-processes'),
  ]);
  // One of several processes on this machine (WEB_PROCESSES): the lead (or the only process) does what
  // the machine needs once — demo data, the storefront's build and updates, the renderer's warm start;
  // the others start after it and only serve (README "Several servers").
  const lead = isLeadProcess();
  const slot = webProcessSlot();
  const database = await openConfiguredDatabase(config);
  // Demo shop and demo staff account in development only; production starts with what the store wrote.
  if (lead) await seedOnStart(config, database, (s) => console.log(s));
  const siteDir = process.env.SITE_OUT_DIR ? resolve(process.env.SITE_OUT_DIR) : DEFAULT_SITE_DIR;
  // Built when missing, brought up to date (incrementally) when the data is newer than the build.
  if (lead) await ensureSiteFresh(config, database, siteDir, (s) => console.log(s));
  const server = await startServer(config, database, { siteDir });
  tellPrimaryReady(server.url);
  if (!lead) {
    const stopFollower = async (why: string) => {
      console.log(`web process ${slot}: ${why}, closing…`);
      await server.close();
      await database.close();
      process.exit(0);
    };
    let closing = false;
    const once = (why: string) => {
      if (closing) return;
      closing = true;
      void stopFollower(why);
    };
    process.on('SIGINT', () => once('SIGINT'));
    process.on('SIGTERM', () => once('SIGTERM'));
    stopWithPrimary(() => once('the primary is gone'));
    return;
  }
  console.log(
    `Qateh is running at ${server.url} (database: ${database.kind}, ${config.NODE_ENV}${sandboxEnabled(config) ? ', TEST MODE: payment sandbox on' : ''})`,
  );
  console.log(`Shop: ${server.url}/ — English ${server.url}/en — Russian ${server.url}/ru`);
  console.log(`API: ${server.url}/api/site/v1 — OpenAPI: ${server.url}/api/site/v1/openapi.json`);
  const addressWarning = publicAddressWarning(config.PUBLIC_BASE_URL, server.url, config.TRUST_PROXY !== false);
  if (addressWarning) console.warn(`Warning: ${addressWarning}`);
  // Catalogue and content changes (staff console, imports) reach the static pages without a manual rebuild.
  const updater =
    config.SITE_UPDATE_SECONDS > 0
      ? startSiteUpdater(config, database, siteDir, {
          intervalSeconds: config.SITE_UPDATE_SECONDS,
          log: (s) => console.log(s),
          // A saved product's own pages are rendered again at once by the shop's page renderer.
          productPages: server.deps.productPages,
        })
      : null;

  let stopping = false;
  // Product pages rendered on request: the renderer starts now rather than with the first visitor;
  // a deploy served from its shell gets the rest of its site in the background (site-later.ts), and a
  // site built without its search fallback gets that after it.
  if (config.SITE_PRODUCT_PAGES === 'on-request') server.deps.productPages?.warm();
  const siteLater = siteAwaitsFullBuild(siteDir) ? completeSiteLater(config, database, siteDir, { log: (s) => console.log(s) }) : null;
  let searchFallback: ReturnType<typeof completeSearchFallback> | null = null;
  const siteComplete = (siteLater?.done ?? Promise.resolve(null)).then((built) => {
    if (built) updater?.siteReplaced(built.builtAt);
    if (stopping || !searchFallbackMissing(siteDir)) return;
    searchFallback = completeSearchFallback(config, database, siteDir, { log: (s) => console.log(s) });
    return searchFallback.done.catch((err: unknown) =>
      console.error('The search fallback could not be indexed (the next start tries again):', (err as Error).stack ?? err),
    );
  });
  siteComplete.catch((err: unknown) =>
    console.error('The rest of the storefront could not be built (the next start tries again):', (err as Error).stack ?? err),
  );
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing…`);
    await siteLater?.stop();
    await searchFallback?.stop();
    await updater?.stop();
    await server.close();
    // PGlite must be closed cleanly or its files may need recovery on the next start.
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  stopWithPrimary(() => void stop('the primary is gone'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Qateh could not start:', err);
  process.exit(1);
});
