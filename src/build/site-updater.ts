/**
 * Keeps a served storefront up to date while `npm start` runs: a paid order takes stock, a review
 * lands, an import writes new prices (PostgreSQL), and the static pages follow within seconds without anyone running
 * `npm run rebuild` (which on the embedded database could not even open it beside the server). Every
 * `intervalSeconds` the catalogue version is compared with the build manifest's; when they differ,
 * src/build/rebuild.ts runs in a worker thread of this process (src/build/rebuild-thread.ts), reading
 * the data over a loopback API this thread serves from its database. One rebuild
 * at a time; a change made during a rebuild is picked up by the next check. A failed rebuild is logged
 * and tried again at the next check, the pages in place keep being served.
 *
 * Several instances on one PostgreSQL serving one site folder (a shared volume, or nginx serving it):
 * the rebuild runs under an advisory lock taken without waiting, so one instance rebuilds and the
 * others, finding the lock taken, skip that check and serve the files it swaps in (every request
 * looks the file up afresh: src/server/http/static-site.ts). The freshness is checked again under
 * the lock, so an instance that gets it just after another's rebuild finds nothing left to do.
 *
 * Given the shop's product page writer, a changed product's own pages do not wait for the rebuild:
 * they are rendered again within seconds of the change (src/build/product-page-refresher.ts), and the
 * rebuild follows with the listings, the search index and the manifest.
 */
import type { Config } from '../server/config';
import type { Database } from '../server/db/client';
import { readManifest } from './build-record';
import { SITE_REBUILD_LOCK, siteFreshness } from './freshness';
import { startProductPageRefresher, type ProductPageWriter } from './product-page-refresher';
import { startBuildApi, type BuildApi } from './build-api';
import type { RebuildResult } from './rebuild';
import { rebuildThreads } from './rebuild-thread';

export interface SiteUpdater {
  /** Stops checking; resolves once a rebuild under way has finished (the database stays usable until then). */
  stop(): Promise<void>;
  /**
   * A full build from data read at `builtAt` replaced the site folder (site-later.ts): product pages
   * refreshed since went with the old folder, so changes after `builtAt` are refreshed again.
   */
  siteReplaced(builtAt: string): void;
}

export interface SiteUpdaterOptions {
  intervalSeconds: number;
  log: (line: string) => void;
  /** Called after each rebuild (tests, logs). */
  onRebuilt?: (result: RebuildResult) => void;
  /** The shop's writer of product pages (its pages rendered on request): changed products' pages are refreshed at once. */
  productPages?: ProductPageWriter;
}

export function startSiteUpdater(config: Config, database: Database, siteDir: string, opts: SiteUpdaterOptions): SiteUpdater {
  let stopped = false;
  let running: Promise<void> | null = null;
  // The API the rebuild threads read from, started with the first rebuild and kept for the next ones.
  let api: Promise<BuildApi> | null = null;
  const threads = rebuildThreads();
  const refresher = opts.productPages
    ? startProductPageRefresher(database, opts.productPages, { intervalSeconds: opts.intervalSeconds, log: opts.log })
    : null;

  const check = async () => {
    if ((await siteFreshness(database, siteDir)) !== 'stale' || stopped) return;
    await database.tryWithLock(SITE_REBUILD_LOCK, rebuild);
  };

  const rebuild = async () => {
    if ((await siteFreshness(database, siteDir)) !== 'stale' || stopped) return;
    api ??= startBuildApi(config, database);
    const r = await threads.run(config, { apiUrl: (await api).url }, siteDir);
    if (r.kind === 'partial') {
      opts.log(
        `Storefront updated (${r.reason}): pages live after ${r.pagesSeconds.toFixed(1)} s, search index after ${r.seconds.toFixed(1)} s.`,
      );
    } else if (r.kind === 'full') {
      opts.log(`Storefront rebuilt in full (${r.reason}) in ${r.seconds.toFixed(1)} s.`);
      // The new folder replaced pages refreshed while it was built: changes since its data was read go again.
      const builtAt = readManifest(siteDir)?.builtAt;
      if (builtAt) refresher?.restartFrom(builtAt);
    }
    opts.onRebuilt?.(r);
  };

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = check()
      .catch((err: unknown) => opts.log(`Storefront update failed, trying again at the next check: ${(err as Error).stack ?? String(err)}`))
      .finally(() => {
        running = null;
      });
  }, opts.intervalSeconds * 1000);
  // The server's own handles keep the process alive; this timer must not hold it open after close.
  timer.unref();

  return {
    siteReplaced(builtAt) {
      refresher?.restartFrom(builtAt);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await refresher?.stop();
      await running;
      await threads.close();
      if (api) await (await api).close();
    },
  };
}
