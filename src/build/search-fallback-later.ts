/**
 * The search fallback of a deploy whose product pages are rendered on request
 * (SITE_PRODUCT_PAGES=on-request), made after the shop already serves. Its records come from the whole
 * catalogue and Pagefind indexes them in parts: minutes at 100,000 products, hours at a million — a
 * deploy that waited for it would not answer product URLs within minutes of its start. So `npm start`
 * builds such a site without it (freshness.ts) and this job writes it in the background, in a thread of
 * its own (the export's JSON and the records would otherwise hold up the requests the server thread
 * answers):
 *
 * 1. without any lock, the records of every shown product are read through the export API and
 *    indexed into a folder beside the site's;
 * 2. under the rebuild lock (a rebuild of the site updater may have changed products meanwhile), the
 *    products changed or removed since the read began are read again, all records are written, the
 *    index is swapped in and the bundles holding those products are indexed again (seconds).
 *
 * A job stopped half-way leaves no index, so the next start does it again. Several instances on one
 * PostgreSQL take turns on a lock of its own; the second finds the index there and does nothing.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads';
import type { Config } from '../server/config';
import type { Database } from '../server/db/client';
import { readManifest, writeSearchRecords } from './build-record';
import { startBuildApi } from './build-api';
import { createExportApi } from './export-client';
import { exportSearchRecords } from './export-search-records';
import { SITE_REBUILD_LOCK } from './freshness';
import { CLOCK_MARGIN_MS } from './rebuild';
import { startThreadWithTsx } from './rebuild-thread';
import { replaceFolder } from './replace-files';
import { hasSearchIndex, indexSearchRecordsAside } from './search-index';
import { searchRecordOf, type SearchRecord } from './search-records';
import { updateSearchIndex } from './search-update';

/** One instance at a time indexes; the others wait and then find the index written. */
const SEARCH_FALLBACK_LOCK = 'qateh:search-fallback';

const MARK = { qatehSearchFallbackThread: true };

interface ThreadJob {
  apiUrl: string;
  siteDir: string;
}
type ThreadMessage =
  | { stage: 'indexed'; records: number; seconds: number }
  | { stage: 'done'; result: SearchFallbackResult }
  | { stage: 'failed'; error: string };

export interface SearchFallbackResult {
  /** Products in the index. */
  records: number;
  /** Products changed or removed while the index was written, indexed again after the swap. */
  caughtUp: number;
  /** Seconds from the job's start until the index was live. */
  seconds: number;
}

/** True when the site serves product pages on request and has no search fallback yet. */
export const searchFallbackMissing = (siteDir: string): boolean =>
  readManifest(siteDir)?.productPages === 'on-request' && !hasSearchIndex(siteDir);

export interface SearchFallbackJob {
  /** Resolves when the index is live (null: nothing was missing, or another instance wrote it). */
  done: Promise<SearchFallbackResult | null>;
  /** Ends the thread; the next start writes the index again. */
  stop(): Promise<void>;
}

/**
 * Writes the missing search fallback of `siteDir` in the background. `onIndexed` runs once the index is
 * written aside and before the lock is taken (tests change products there, as staff might meanwhile).
 */
export function completeSearchFallback(
  config: Config,
  database: Database,
  siteDir: string,
  opts: { log?: (line: string) => void; onIndexed?: () => Promise<void> } = {},
): SearchFallbackJob {
  const log = opts.log ?? (() => {});
  let worker: Worker | null = null;
  let stopped = false;
  const started = performance.now();

  const run = async (): Promise<SearchFallbackResult | null> => {
    if (!searchFallbackMissing(siteDir)) return null;
    return database.withLock(SEARCH_FALLBACK_LOCK, async () => {
      if (stopped || !searchFallbackMissing(siteDir)) return null;
      log('The search fallback of the product pages rendered on request is being indexed in the background…');
      // No read cache: the records must be the saved products, not copies kept until a change notice.
      const api = await startBuildApi({ ...config, READ_CACHE_SIZE: 0 }, database);
      try {
        const thread = startThreadWithTsx(import.meta.url, MARK);
        worker = thread;
        thread.ref();
        const messages = threadMessages(thread);
        thread.postMessage({ apiUrl: api.url, siteDir } satisfies ThreadJob);
        const indexed = await messages.next('indexed');
        log(`Search fallback: ${indexed.records} records indexed aside in ${indexed.seconds.toFixed(1)} s; swapping it in…`);
        await opts.onIndexed?.();
        const result = await database.withLock(SITE_REBUILD_LOCK, async () => {
          thread.postMessage('swap');
          return (await messages.next('done')).result;
        });
        result.seconds = (performance.now() - started) / 1000;
        log(
          `Search fallback live: ${result.records} products (${result.caughtUp} changed meanwhile, indexed again) after ${result.seconds.toFixed(1)} s.`,
        );
        return result;
      } finally {
        worker = null;
        await api.close();
      }
    });
  };

  return {
    done: run(),
    async stop() {
      stopped = true;
      await (worker as Worker | null)?.terminate();
    },
  };
}

/** The thread's messages in order; a failure or an early exit rejects the one awaited. */
function threadMessages(thread: Worker) {
  const queue: ThreadMessage[] = [];
  let waiting: { resolve: (m: ThreadMessage) => void; reject: (e: Error) => void } | null = null;
  let ended: Error | null = null;
  thread.on('message', (m: ThreadMessage) => {
    if (waiting) {
      waiting.resolve(m);
      waiting = null;
    } else queue.push(m);
  });
  const end = (err: Error) => {
    ended = err;
    waiting?.reject(err);
    waiting = null;
  };
  thread.on('error', end);
  thread.on('exit', (code) => end(new Error(`the search fallback thread stopped (exit ${code})`)));
  return {
    async next<S extends 'indexed' | 'done'>(stage: S): Promise<Extract<ThreadMessage, { stage: S }>> {
      const got =
        queue.shift() ??
        (await new Promise<ThreadMessage>((resolve, reject) => {
          if (ended) reject(ended);
          else waiting = { resolve, reject };
        }));
      if (got.stage === 'failed') throw new Error(`search fallback: ${got.error}`);
      if (got.stage !== stage) throw new Error(`search fallback: expected ${stage}, got ${got.stage}`);
      return got as Extract<ThreadMessage, { stage: S }>;
    },
  };
}

/** The thread's side: read and index aside, then on 'swap' catch up with the changes and swap in. */
async function indexInThread(job: ThreadJob, swapAsked: Promise<unknown>, send: (m: ThreadMessage) => void): Promise<void> {
  const t0 = performance.now();
  // Changes from here on may be missing from the read below: they are read again before the swap.
  const since = new Date(Date.now() - CLOCK_MARGIN_MS).toISOString();
  const records: Record<string, SearchRecord> = {};
  await exportSearchRecords(job.apiUrl, (p) => {
    records[p.slug] = searchRecordOf(p);
  });
  const aside = await indexSearchRecordsAside(job.siteDir, records);
  try {
    send({ stage: 'indexed', records: Object.keys(records).length, seconds: (performance.now() - t0) / 1000 });
    await swapAsked;
    const exporter = createExportApi(job.apiUrl);
    const touched = new Set<string>();
    for (let after = 0; ;) {
      const page = await exporter.products({ since, after, limit: 1000 });
      for (const p of page.items) {
        records[p.slug] = searchRecordOf(p);
        touched.add(p.slug);
      }
      if (page.next === null) break;
      after = page.next;
    }
    for (const slug of (await exporter.changes({ since })).products.removed) {
      delete records[slug];
      touched.add(slug);
    }
    // Records first: a rebuild re-indexing a bundle reads its products' records from these shards.
    writeSearchRecords(job.siteDir, records);
    replaceFolder(aside.folder, join(job.siteDir, 'pagefind'));
    if (touched.size > 0) await updateSearchIndex(job.siteDir, records, [...touched]);
    send({ stage: 'done', result: { records: Object.keys(records).length, caughtUp: touched.size, seconds: 0 } });
  } finally {
    rmSync(aside.folder, { recursive: true, force: true });
  }
}

if (!isMainThread && (workerData as typeof MARK | undefined)?.qatehSearchFallbackThread && parentPort) {
  const port = parentPort;
  port.once('message', (job: ThreadJob) => {
    const swapAsked = new Promise((resolve) => port.once('message', resolve));
    indexInThread(job, swapAsked, (m) => port.postMessage(m)).then(
      () => port.close(),
      (err: unknown) => {
        port.postMessage({ stage: 'failed', error: (err as Error).stack ?? String(err) } satisfies ThreadMessage);
        port.close();
      },
    );
  });
}
