/**
 * `npm start`'s check before serving: build the site when it is missing, rebuild what changed when
 * the catalogue is newer than the build (the manifest's version against catalogueVersion), build it
 * again in full when it was built under another configuration (shell-fingerprint.ts: test mode, store
 * details), or serve it as it is. A site whose product pages are rendered on request is built without
 * its search fallback, which `npm start` then writes while serving (search-fallback-later.ts).
 */
import type { Config } from '../server/config';
import type { Database } from '../server/db/client';
import { catalogueVersion } from '../server/services/catalogue-version';
import { readManifestVersion } from './build-record';
import { rebuildSite } from './rebuild';
import { shellChanged } from './shell-fingerprint';
import { buildSite, siteIsBuilt } from './site';

export type Freshness = 'missing' | 'stale' | 'fresh';

/**
 * The advisory lock of building and rebuilding the static site, across every instance on one
 * PostgreSQL (one site folder they all serve): one builds, the others serve what it wrote.
 */
export const SITE_REBUILD_LOCK = 'qateh:site-rebuild';

export async function siteFreshness(database: Database, siteDir: string): Promise<Freshness> {
  const version = readManifestVersion(siteDir);
  if (!siteIsBuilt(siteDir) || version === null) return 'missing';
  return version === (await catalogueVersion(database.db)) ? 'fresh' : 'stale';
}

export function ensureSiteFresh(config: Config, database: Database, siteDir: string, log: (s: string) => void): Promise<Freshness> {
  // Instances started together wait for the first one's build and then find the site fresh.
  return database.withLock(SITE_REBUILD_LOCK, () => buildWhatIsMissing(config, database, siteDir, log));
}

async function buildWhatIsMissing(config: Config, database: Database, siteDir: string, log: (s: string) => void): Promise<Freshness> {
  let state = await siteFreshness(database, siteDir);
  // Started with another configuration (test mode on or off, store details): the rebuild makes every page again.
  if (state === 'fresh' && shellChanged(config, siteDir)) state = 'stale';
  if (state === 'missing') {
    log(`No storefront build in ${siteDir} yet: building it (\`npm run build\` rebuilds it)…`);
    // Product pages rendered on request: the search fallback is indexed after the shop serves
    // (search-fallback-later.ts), hours at a million products that a deploy must not wait for.
    const later = config.SITE_PRODUCT_PAGES === 'on-request';
    const built = await buildSite(config, database, { outDir: siteDir, searchIndex: !later });
    log(`Storefront built in ${built.seconds.toFixed(1)} s${later ? ' (its search fallback follows in the background)' : ''}.`);
  } else if (state === 'stale') {
    log('The catalogue or the configuration the pages show changed since the storefront was built: rebuilding what changed…');
    const r = await rebuildSite(config, database, siteDir);
    log(`Storefront ${r.kind === 'full' ? 'rebuilt in full' : 'updated'} (${r.reason}) in ${r.seconds.toFixed(1)} s.`);
  }
  return state;
}
