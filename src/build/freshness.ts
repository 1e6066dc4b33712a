/**
 * `npm start`'s check before serving: build the site when it is missing, rebuild what changed when
 * the catalogue is newer than the build (the manifest's version against catalogueVersion), build it
 * again in full when it was built under another configuration (shell-fingerprint.ts: test mode, store
 * details), or serve it as it is. A site whose product pages are rendered on request
 * (SITE_PRODUCT_PAGES=on-request) starts from its shell: every page but the product pages, without
 * what grows with the catalogue (the catalogue index, the sitemap's product entries, the manifest), so
 * product URLs answer within a minute or two of a deploy at any catalogue size; `npm start` then
 * builds the rest while serving (site-later.ts) and indexes the search fallback after it
 * (search-fallback-later.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../server/config';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { catalogueVersion } from '../server/services/catalogue-version';
import { readManifestVersion } from './build-record';
import { CLIENT_BUNDLE_FILE } from './client-bundle-record';
import { rebuildSite } from './rebuild';
import { shellChanged, shellFingerprint } from './shell-fingerprint';
import { writeShellRecord } from './shell-complete';
import { buildSite, siteIsBuilt } from './site';

export type Freshness = 'missing' | 'stale' | 'fresh';

/**
 * The advisory lock of building and rebuilding the static site, across every instance on one
 * PostgreSQL (one site folder they all serve): one builds, the others serve what it wrote.
 */
export const SITE_REBUILD_LOCK = 'qateh:site-rebuild';

/**
 * True when `siteDir` holds only the shell an on-request deploy starts from: pages, but no manifest
 * yet (site-later.ts builds the rest). A build that stopped half-way leaves no such folder (builds are
 * moved into place whole), so this is a shell or a site from before manifests — both want a full build.
 */
export const siteAwaitsFullBuild = (siteDir: string): boolean => siteIsBuilt(siteDir) && readManifestVersion(siteDir) === null;

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
    if (config.SITE_PRODUCT_PAGES === 'on-request') {
      // The shell: every page a product URL does not need rendered on request — listings, content,
      // the browser bundle the render thread replays — and nothing that grows with the catalogue
      // (at a million products its index, sitemap and search fallback take far longer than a deploy
      // may wait). No manifest: the rest follows in the background (site-later.ts), then the search
      // fallback (search-fallback-later.ts).
      // What the shell's pages are rendered from, as of before their first read: the background job
      // completes the shell from it without rendering it again (shell-complete.ts).
      const builtAt = rowsOf<{ t: string }>(await database.db.execute(sql`select to_json(now())#>>'{}' as t`))[0]!.t;
      const version = await catalogueVersion(database.db);
      const shell = await buildSite(config, database, { outDir: siteDir, renderOnly: { products: [] }, searchIndex: false });
      writeShellRecord(siteDir, {
        builtAt: new Date(builtAt).toISOString(),
        version,
        shell: shellFingerprint(config),
        listings: shell.record.listings,
      });
      if (!existsSync(join(siteDir, CLIENT_BUNDLE_FILE)))
        throw new Error(`the storefront's shell in ${siteDir} has no browser bundle record`);
      log(
        `Storefront shell built in ${shell.seconds.toFixed(1)} s (product pages on request; the rest of the site follows in the background).`,
      );
      return state;
    }
    const built = await buildSite(config, database, { outDir: siteDir });
    log(`Storefront built in ${built.seconds.toFixed(1)} s.`);
  } else if (state === 'stale') {
    log('The catalogue or the configuration the pages show changed since the storefront was built: rebuilding what changed…');
    const r = await rebuildSite(config, database, siteDir);
    log(`Storefront ${r.kind === 'full' ? 'rebuilt in full' : 'updated'} (${r.reason}) in ${r.seconds.toFixed(1)} s.`);
  }
  return state;
}
