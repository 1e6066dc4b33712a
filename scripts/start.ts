/**
 * `npm start`: the shop on one port — API under /api/site/v1, the built storefront (dist/, or
 * SITE_OUT_DIR) for every other path — over the embedded database (or PostgreSQL with DATABASE_URL),
 * with demo data written on first start (not in production: README "Running in production"). The storefront is built first when it has not been yet,
 * brought up to date when the catalogue changed since it was built, and kept up to date while the
 * server runs (SITE_UPDATE_SECONDS).
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';

async function main() {
  const config = loadConfig();
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
  ]);
  const database = await openConfiguredDatabase(config);
  // Demo shop and demo staff account in development only; production starts with what the store wrote.
  await seedOnStart(config, database, (s) => console.log(s));
  const siteDir = process.env.SITE_OUT_DIR ? resolve(process.env.SITE_OUT_DIR) : DEFAULT_SITE_DIR;
  // Built when missing, brought up to date (incrementally) when the data is newer than the build.
  await ensureSiteFresh(config, database, siteDir, (s) => console.log(s));
  const server = await startServer(config, database, { siteDir });
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
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Qateh could not start:', err);
  process.exit(1);
});
