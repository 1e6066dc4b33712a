/**
 * `npm run build`: the full static storefront into dist/ (or SITE_OUT_DIR), from the configured
 * database (PGlite under DATA_DIR, or DATABASE_URL). On PGlite, stop `npm start` first: only one
 * process can open the embedded database.
 */
import { buildSite } from '../src/build/site';
import { ConfigError, loadConfig } from '../src/server/config';
import { seedDemoIfEmpty } from '../src/server/seed/demo';
import { openConfiguredDatabase } from '../src/server/server';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    if (config.SEED_DEMO) await seedDemoIfEmpty(database.db);
    const result = await buildSite(config, database, {
      outDir: process.env.SITE_OUT_DIR || undefined,
      logLevel: process.argv.includes('--verbose') ? 'info' : 'warn',
    });
    console.log(
      `Site built into ${result.outDir} in ${result.seconds.toFixed(1)} s` +
        (result.search ? ` (search index: ${result.search.pages} pages in ${result.search.seconds.toFixed(1)} s)` : ''),
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The site build failed:', err);
  process.exit(1);
});
