/**
 * The rest of an on-request deploy's site (SITE_PRODUCT_PAGES=on-request), built after the shop
 * already serves. `npm start` starts from the site's shell (freshness.ts): every page but the product
 * pages, which are rendered on their first request. What grows with the catalogue — the catalogue
 * index, the sitemap's product entries, the build manifest later rebuilds compare against — took
 * most of a deploy's time at a large catalogue; product URLs do not need it. This job makes the full
 * build (no product page, no search fallback: search-fallback-later.ts follows it) in a rebuild
 * thread (rebuild-thread.ts, so the server thread keeps answering; on PostgreSQL the thread also serves
 * the build's API from pools of its own), under the rebuild lock, and moves
 * it into place whole: until then the shell is served, afterwards the full site, never a half-written
 * one. Pages rendered on request meanwhile went with the shell's folder; their next request renders
 * them again. A shell that kept what its pages were rendered from (shell-complete.ts, as freshness.ts
 * builds it) is instead completed in place, no page rendered again: the catalogue index read, the
 * sitemap's product shards and the manifest written (the manifest last: until then it is still a shell).
 *
 * A job stopped half-way leaves the shell (still no manifest), so the next start builds again.
 * Several instances on one PostgreSQL take turns on the rebuild lock; the second finds the manifest
 * written and does nothing.
 */
import type { Config } from '../server/config';
import type { Database } from '../server/db/client';
import { readManifest } from './build-record';
import { startBuildApi } from './build-api';
import { SITE_REBUILD_LOCK, siteAwaitsFullBuild } from './freshness';
import { rebuildThreads } from './rebuild-thread';
import { usableShellRecord } from './shell-complete';

/** Builds tried before the job gives up (the next start tries again). */
const ATTEMPTS = 3;

export interface SiteLaterResult {
  /** Seconds from the job's start until the full site was live. */
  seconds: number;
  /** The new build's data time: pages refreshed on request since then may be older than it. */
  builtAt: string;
}

export interface SiteLaterJob {
  /** Resolves when the full site is live (null: nothing was missing, or another instance built it). */
  done: Promise<SiteLaterResult | null>;
  /** Stops waiting for the build; the next start builds again. */
  stop(): Promise<void>;
}

export function completeSiteLater(
  config: Config,
  database: Database,
  siteDir: string,
  opts: { log?: (line: string) => void } = {},
): SiteLaterJob {
  const log = opts.log ?? (() => {});
  const threads = rebuildThreads();
  let stopped = false;
  const started = performance.now();

  /**
   * A build whose reads of the API failed (on a machine at a load average of 15, a listing's call timed
   * out at 100,000 products) is tried again: the shell keeps serving meanwhile, and giving up would
   * leave it without sitemap or manifest until the next start.
   */
  const run = async (): Promise<SiteLaterResult | null> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await attemptBuild();
      } catch (err) {
        if (stopped || attempt >= ATTEMPTS) throw err;
        log(`The rest of the storefront failed (attempt ${attempt} of ${ATTEMPTS}), trying again: ${(err as Error).message}`);
      }
    }
  };

  const attemptBuild = async (): Promise<SiteLaterResult | null> => {
    if (!siteAwaitsFullBuild(siteDir)) return null;
    return database.withLock(SITE_REBUILD_LOCK, async () => {
      if (stopped || !siteAwaitsFullBuild(siteDir)) return null;
      log('The rest of the storefront (catalogue index, sitemap, manifest) is being built in the background…');
      // On PostgreSQL the thread reads through an API of its own (rebuild-thread.ts): served from the
      // server thread, the build's bulk reads held up first renders of product pages (12 s at a million
      // products). PGlite is owned by this process's database thread: it is served from here.
      const api = database.url ? null : await startBuildApi(config, database);
      try {
        const data = api ? { apiUrl: api.url } : { databaseUrl: database.url! };
        // A shell that kept what its pages were rendered from is completed in place (shell-complete.ts);
        // any other gets the full build.
        const completeShell = usableShellRecord(config, siteDir) !== null;
        // At a lower CPU priority than the shop's threads: product URLs already answer, and their first
        // renders must not wait behind it (rebuild-thread.ts BACKGROUND_NICE).
        const r = await threads.run(config, data, siteDir, {
          searchIndex: false,
          completeShell,
          background: true,
          log: (line) => log(`  ${line}`),
        });
        const builtAt = readManifest(siteDir)?.builtAt;
        if (r.kind !== 'full' || !builtAt) throw new Error(`the storefront's full build did not complete (${r.kind}: ${r.reason})`);
        const seconds = (performance.now() - started) / 1000;
        log(`Storefront complete after ${seconds.toFixed(1)} s (${r.reason}).`);
        return { seconds, builtAt };
      } finally {
        await api?.close();
      }
    });
  };

  return {
    // The rebuild threads start a spare thread after each build: none is wanted after this one.
    done: run().finally(() => threads.close()),
    async stop() {
      stopped = true;
      await threads.close();
    },
  };
}
