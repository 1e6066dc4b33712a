/**
 * A thread of the search index's writers (src/build/search-index.ts: writeRoutedBundles): writes
 * the bundles it is given, one after another, through a Pagefind service of its own. Pagefind's
 * module keeps one service process per thread, and one service works through its indexes in turn, so
 * a thread per core is what lets the bundles of a full build be written in parallel, as the build's
 * render workers once wrote the bundles of their slices. The thread loads only Pagefind and
 * pagefind-bundle.ts (the records come ready-made), so it starts in a fraction of a second.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import * as pagefind from 'pagefind';
import { writePagefindBundle, type PagefindRecord } from './pagefind-bundle';

interface IndexerJob {
  qatehSearchIndexer: true;
  /** Each bundle's folder and its records, written in this order. */
  bundles: { folder: string; records: PagefindRecord[] }[];
}

/** What the thread posts back when its bundles are written. */
type IndexerDone = { pages: number } | { error: string };

/**
 * The thread reads TypeScript through tsx, registered in it before this file loads: a thread takes
 * none of the process's loader flags (as in rebuild-thread.ts, whose starter would load the rebuild).
 */
function tsxBoot(moduleUrl: string): string {
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = pathToFileURL(join(dirname(pkgFile), pkg.exports['./esm/api']!.import.default)).href;
  return `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); })`;
}

/** Writes `bundles` in a thread of their own; resolves with the records indexed. */
export function writeInThread(bundles: IndexerJob['bundles']): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const worker = new Worker(tsxBoot(import.meta.url), {
      eval: true,
      workerData: { qatehSearchIndexer: true, bundles } satisfies IndexerJob,
    });
    let done: IndexerDone | undefined;
    worker.on('message', (m: IndexerDone) => (done = m));
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (done && 'pages' in done) resolve(done.pages);
      else reject(new Error(`a search index thread failed: ${done && 'error' in done ? done.error : `exit ${code}`}`));
    });
  });
}

async function main(job: IndexerJob): Promise<void> {
  let pages = 0;
  try {
    for (const b of job.bundles) pages += await writePagefindBundle(b.folder, b.records);
    parentPort!.postMessage({ pages } satisfies IndexerDone);
  } catch (err) {
    parentPort!.postMessage({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies IndexerDone);
  } finally {
    await pagefind.close();
  }
}

if (!isMainThread && (workerData as Partial<IndexerJob> | null)?.qatehSearchIndexer) void main(workerData as IndexerJob);
