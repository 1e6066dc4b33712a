/**
 * `npm run rebuild`: re-renders only the storefront pages whose data changed since the last build
 * (dist/.qateh-build.json), removes pages of disabled or deleted products, updates the sitemap and
 * the search index; a full build when there is no manifest or the category tree changed.
 * On PGlite, stop `npm start` first: only one process can open the embedded database.
 */
import { resolve } from 'node:path';
import { rebuildSite } from '../src/build/rebuild';
import { DEFAULT_SITE_DIR } from '../src/build/site';
import { ConfigError, loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/server';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const siteDir = process.env.SITE_OUT_DIR ? resolve(process.env.SITE_OUT_DIR) : DEFAULT_SITE_DIR;
    const r = await rebuildSite(config, database, siteDir);
    console.log(`${r.kind === 'none' ? 'Nothing to rebuild' : r.kind === 'full' ? 'Full build' : 'Partial rebuild'}: ${r.reason}.`);
    if (r.kind === 'partial') {
      console.log(
        `  rendered ${r.rendered.length} product page(s) × 3 languages, ${r.listings.length} listing(s); removed ${r.removed.length}`,
      );
      console.log(`  pages live after ${r.pagesSeconds.toFixed(1)} s, search index too after ${r.seconds.toFixed(1)} s`);
    } else if (r.kind === 'full') console.log(`  ${r.seconds.toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The rebuild failed:', err);
  process.exit(1);
});
