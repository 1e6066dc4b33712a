/**
 * Incremental rebuilds in worker threads, for the running shop (src/build/site-updater.ts).
 * Every Astro build loads a fresh copy of the site's compiled pages, and a process never unloads a
 * module: rebuilt in the server's own thread, each rebuild kept ~6 MB for good (+600 MB after a hundred
 * paid orders). A thread's memory goes with it when it ends, so each rebuild gets a thread of its own.
 * The next thread is started (and has loaded the build's code, ~0.7 s) while the shop waits for the
 * next change, so a rebuild does not wait for it. The data comes over the HTTP API the server thread
 * serves for builds; the database stays in the thread that owns it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Config } from '../server/config';
import { openDatabase } from '../server/db/client';
import type { BuildData } from './build-api';
import type { RebuildResult } from './rebuild';

/**
 * Where the thread reads the build's data: the API the server thread serves, or a PostgreSQL database
 * the thread opens itself and serves its own build API over (openDatabase: pools of its own), so a
 * long build's reads — a million products' index and listings — never queue behind, or hold up, the
 * shop's requests in the server thread.
 */
export type ThreadData = { apiUrl: string } | { databaseUrl: string };

interface ThreadJob {
  config: Config;
  data: ThreadData;
  siteDir: string;
  /** A full build's search index (src/build/rebuild.ts); false: left to the search fallback job. */
  searchIndex?: boolean;
  /** Complete an on-request deploy's shell in place instead of building in full (shell-complete.ts). */
  completeShell?: boolean;
  /** Send the build's progress lines to the parent (its `log`). */
  progress?: boolean;
  /** Run at a lower CPU priority than the shop's threads (BACKGROUND_NICE). */
  background?: boolean;
}

/**
 * The nice value of a thread doing work nobody waits for (an on-request deploy's catalogue index and
 * sitemap: site-later.ts). On two cores its CPU, with its reads' and the module loading of its start,
 * held up the first renders of product pages (seconds, at a million products); at a lower priority the
 * server and render threads go first and the job takes what they leave. Linux keeps a nice value per
 * thread (os.setPriority with no pid sets the calling thread's), so the shop's threads keep theirs.
 */
export const BACKGROUND_NICE = 10;

/** What the thread posts: progress lines while it builds, then its result. */
type ThreadMessage = { result: RebuildResult } | { log: string };

const MARK = { qatehRebuildThread: true };

/** tsx's ESM register API, found through its package's exports (a test runner's import.meta has no resolve()). */
function tsxRegisterModule(): string {
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(pkgFile), pkg.exports['./esm/api']!.import.default)).href;
}

/** A worker thread running the module at `moduleUrl` (this file, or another thread's) with `data`. */
export function startThreadWithTsx(moduleUrl: string, data: unknown): Worker {
  // The thread reads TypeScript through tsx, registered there before this file is loaded: a thread
  // takes none of the process's loader flags (and a test runner's loader is not tsx).
  const tsx = tsxRegisterModule();
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  // Waiting for work must not keep the process alive.
  worker.unref();
  worker.on('error', () => {});
  return worker;
}

/**
 * A thread waiting for its job; `preload`: it loads the incremental rebuild's code meanwhile (the
 * spare thread of the running shop's rebuilds), not when it is started for a job that needs none.
 */
const startThread = (preload: boolean): Worker => startThreadWithTsx(import.meta.url, { ...MARK, preload });

export interface RebuildThreads {
  /** Rebuilds `siteDir` in a fresh thread reading from `data`; resolves with the result. */
  run(
    config: Config,
    data: ThreadData,
    siteDir: string,
    opts?: { searchIndex?: boolean; completeShell?: boolean; background?: boolean; log?: (line: string) => void },
  ): Promise<RebuildResult>;
  /** Ends the thread waiting for work. */
  close(): Promise<void>;
}

export function rebuildThreads(): RebuildThreads {
  let ready: Worker | null = null;
  return {
    run(config, data, siteDir, opts = {}) {
      const worker = ready ?? startThread(!opts.completeShell);
      ready = null;
      return new Promise<RebuildResult>((resolve, reject) => {
        let result: RebuildResult | undefined;
        worker.ref();
        worker.on('message', (m: ThreadMessage) => {
          if ('log' in m) opts.log?.(m.log);
          else result = m.result;
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (result) resolve(result);
          else reject(new Error(`the rebuild thread stopped (exit ${code})`));
        });
        worker.postMessage({
          config,
          data,
          siteDir,
          searchIndex: opts.searchIndex,
          completeShell: opts.completeShell,
          background: opts.background,
          progress: !!opts.log,
        } satisfies ThreadJob);
      }).finally(() => {
        ready ??= startThread(true);
      });
    },
    async close() {
      await ready?.terminate();
      ready = null;
    },
  };
}

if (!isMainThread && (workerData as typeof MARK | undefined)?.qatehRebuildThread && parentPort) {
  const port = parentPort;
  if ((workerData as { preload?: boolean }).preload) void import('./rebuild').catch(() => {});
  port.once('message', (job: ThreadJob) => {
    if (job.background) {
      try {
        setPriority(BACKGROUND_NICE);
      } catch {
        // Not permitted here (another platform's rules): it runs at the shop's priority, as before.
      }
    }
    const log = job.progress ? (line: string) => port.postMessage({ log: line } satisfies ThreadMessage) : undefined;
    // Loaded for the job at hand, after the priority is set: completing a shell needs no Astro (~3 s of
    // CPU less to start, rebuild.ts's imports).
    const work = async (data: BuildData): Promise<RebuildResult> =>
      job.completeShell
        ? (await import('./shell-complete')).completeShell(job.config, data, job.siteDir, log ?? (() => {}))
        : (await import('./rebuild')).rebuildSite(job.config, data, job.siteDir, { searchIndex: job.searchIndex, log });
    const rebuild = async () => {
      if ('apiUrl' in job.data) return work(job.data);
      // The build serves its API in this thread, from pools of its own (build-api.ts).
      const database = await openDatabase({ url: job.data.databaseUrl });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    };
    rebuild().then(
      (r) => {
        port.postMessage({ result: r } satisfies ThreadMessage);
        port.close();
      },
      (err: unknown) => {
        // Thrown into the parent's 'error' handler, with its stack.
        throw err;
      },
    );
  });
}
