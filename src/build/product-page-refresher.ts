/**
 * A saved product change on its static pages within seconds (issue 18), beside the incremental
 * rebuild: the rebuild (src/build/site-updater.ts) makes a partial Astro build, tens of seconds on a
 * large catalogue; this asks the database which products changed (their updated_at, set by every
 * product writer in the change's transaction), and has each changed product's pages rendered again
 * in every language by the render thread of pages rendered on request (the live site's compiled
 * product page, tens of milliseconds a page: src/build/product-render-thread.ts), each page written
 * beside its place and renamed over it. A product disabled or deleted loses its pages, so the shop
 * answers 404. It runs when the catalogue's change notification arrives (any instance's commit) and
 * every `intervalSeconds` besides.
 *
 * What follows with the rebuild: the listings and home rows showing the product, its search record
 * and Pagefind bundle, the sitemap and the build manifest; also every product of a bulk change (more
 * than `limit` products in a pass, an import or a reprice), which the rebuild's build renders faster
 * than one page at a time. The rebuild never puts back an older page over a refreshed one
 * (src/build/rebuild.ts). Several instances on one PostgreSQL: one refreshes at a time (advisory lock).
 */
import type { Database } from '../server/db/client';
import { CATALOGUE_CHANNEL } from '../server/services/catalogue-version';
import { productsChangedSince } from '../server/services/product-changes';
import { planPageRefresh } from './page-refresh-plan';

/** What renders a product's pages again (src/server/http/product-pages-on-request.ts). */
export interface ProductPageWriter {
  refresh(slug: string): Promise<'rendered' | 'removed'>;
  /** Starts the renderer ahead of the first change. */
  warm(): void;
}

export interface ProductPageRefresher {
  /** Forgets what was refreshed and looks again at every change after `since` (a full build replaced every page). */
  restartFrom(since: string): void;
  stop(): Promise<void>;
}

export const SITE_PAGES_LOCK = 'qateh:site-product-pages';
/** updated_at is its transaction's start: a change committed a moment after a look may carry an earlier time. */
const MARGIN_SECONDS = 10;
/** More products changed at once than this go to the rebuild (≈ 3 renders each). */
export const REFRESH_LIMIT = 50;
/** Changes read per look: a window with more is a bulk change. */
const WINDOW_ROWS = 2000;

export function startProductPageRefresher(
  database: Database,
  pages: ProductPageWriter,
  opts: { intervalSeconds: number; log: (line: string) => void },
): ProductPageRefresher {
  let stopped = false;
  let since: string | null = null;
  let done = new Map<string, string>();
  // Set by restartFrom, taken at the start of the next pass (a pass under way would overwrite it).
  let restart: string | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const pass = async () => {
    if (restart !== null) {
      since = restart;
      done = new Map();
      restart = null;
    }
    const changed = await productsChangedSince(database.db, since, MARGIN_SECONDS, WINDOW_ROWS);
    const plan = planPageRefresh({
      changed: changed.products,
      truncated: changed.products.length >= WINDOW_ROWS,
      done,
      limit: REFRESH_LIMIT,
    });
    if (plan.leftToRebuild.length > 0)
      opts.log(`${plan.leftToRebuild.length} products changed at once: their pages follow with the rebuild.`);
    for (const slug of plan.refresh) {
      if (stopped) return;
      const started = performance.now();
      try {
        const outcome = await pages.refresh(slug);
        opts.log(`Product ${slug}: pages ${outcome} in ${Math.round(performance.now() - started)} ms.`);
      } catch (err) {
        // The rebuild still carries the change; the next change to this product is tried again.
        opts.log(`Product ${slug}: pages not refreshed, left to the rebuild: ${(err as Error).stack ?? String(err)}`);
      }
    }
    done = plan.done;
    since = changed.now;
  };

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = database
      .tryWithLock(SITE_PAGES_LOCK, pass)
      .then(() => undefined)
      .catch((err: unknown) => opts.log(`Product page refresh failed, trying again: ${(err as Error).stack ?? String(err)}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };

  // The render thread's start (a small Astro build: about a minute on a busy machine) would otherwise
  // be paid by the first save after the shop starts.
  pages.warm();
  const timer = setInterval(run, opts.intervalSeconds * 1000);
  timer.unref();
  const unlisten = database.listen(CATALOGUE_CHANNEL, run).catch((err: unknown) => {
    opts.log(`No change notifications, refreshing every ${opts.intervalSeconds} s: ${String(err)}`);
    return async () => {};
  });
  run();

  return {
    restartFrom(at) {
      restart = at;
      run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await (
        await unlisten
      )();
      await running;
    },
  };
}
