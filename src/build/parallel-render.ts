/**
 * A full build of a large catalogue renders its product pages in several worker processes at once:
 * Astro renders one page at a time on one core, and 100k products make 200k pages. The products are
 * cut into contiguous slices (each read in bulk, in id order, like a one-process build); the first
 * worker also renders every other page (home, listings, content), the others only their products.
 * Each worker runs its own Astro build into a folder of its own (src/build/slice-worker.ts), except
 * for product pages, which all workers write into one shared folder (src/build/product-page-writes.ts,
 * Russian ones made from English as they go), then makes its Pagefind bundles; the product folders
 * and the other workers' bundles are then moved into the first worker's folder, and their build
 * records merged.
 */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  copyFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from './astro-render';
import type { SliceJob, SliceRecord } from './slice-worker';
import type { ExportIndex } from '../api/schemas/export';

/**
 * Below this many products per worker, a second worker's own Vite bundling (about ten seconds of a
 * core) costs more than its share of the pages saves.
 */
export const MIN_PRODUCTS_PER_WORKER = 3000;

/** Old-generation limit of a worker process, MB (see runWorker). */
const WORKER_HEAP_MB = 800;

/**
 * How many workers a full build of `products` products uses: BUILD_WORKERS when set (1 renders in
 * this process), else one per core (at most 4) with at least MIN_PRODUCTS_PER_WORKER products each.
 */
export function buildWorkerCount(products: number, env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.BUILD_WORKERS || 0);
  if (Number.isInteger(asked) && asked > 0) return Math.max(1, Math.min(asked, products));
  return Math.max(1, Math.min(4, cpus().length, Math.floor(products / MIN_PRODUCTS_PER_WORKER)));
}

/**
 * The first worker's share of products against the others': it also renders every listing and
 * content page, which kept it busy ~3% longer than the others at 10k and 100k products.
 */
const FIRST_WORKER_SHARE = 0.97;

/**
 * Cuts `items` into `n` contiguous runs, the first `firstShare` times as long as each of the others
 * (which are of nearly equal length).
 */
export function slicesOf<T>(items: T[], n: number, firstShare = 1): T[][] {
  if (n <= 1) return items.length ? [items] : [];
  const first = Math.round((items.length * firstShare) / (n - 1 + firstShare));
  const out: T[][] = first > 0 ? [items.slice(0, first)] : [];
  const rest = items.length - first;
  const size = Math.ceil(rest / (n - 1));
  for (let i = first; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface SlicedRenderOptions {
  apiUrl: string;
  site: string;
  logLevel: SliceJob['logLevel'];
  slugs: string[];
  /** The export index the slugs come from: each worker gets its slice instead of reading it again. */
  index?: ExportIndex;
  workers: number;
  productLocales: ('fa' | 'en' | 'ru')[];
  /** Products also rendered in Russian (the Russian transform's check). */
  alsoRussian: string[];
  /** Workers make their Russian product pages from the English ones (src/build/russian-step.ts). */
  russianFromEnglish: boolean;
  log: (line: string) => void;
}

export interface SlicedRender {
  /** The merged pages (inside the project, under node_modules/.cache); the caller moves it into place. */
  dir: string;
  /** Removes the workers' leftovers; call once `dir` has been moved away. */
  cleanup: () => void;
  records: SliceRecord[];
}

function runWorker(job: SliceJob, jobFile: string): { done: Promise<void>; kill: () => void } {
  writeFileSync(jobFile, JSON.stringify(job));
  // A larger young generation: rendering makes short-lived strings by the gigabyte, and the default
  // (16 MB) spends a tenth of the worker's time in scavenges. A bounded old generation: a worker
  // keeps ~150–300 MB alive, but V8 lets the heap grow towards its limit (an inherited 3 GB) before
  // collecting, and two workers then held 1.5 GB each. Collection on the worker's own thread only: with
  // one worker per core, V8's helper threads for parallel and concurrent collection only took turns on
  // the cores the other worker renders on (10k products, 4 runs each, interleaved: 44.7–48.6 s against
  // 51.0–53.9 s, ~12% less CPU).
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=64',
      `--max-old-space-size=${WORKER_HEAP_MB}`,
      '--single-threaded-gc',
      '--import',
      'tsx',
      join(PROJECT_ROOT, 'src/build/slice-worker.ts'),
      jobFile,
    ],
    {
      cwd: PROJECT_ROOT,
      // The worker's output goes to our stderr: stdout stays for whoever reads this process's results.
      stdio: ['ignore', 2, 2],
      env: process.env,
    },
  );
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`build worker ${jobFile} stopped (${signal ?? `exit ${code}`})`)),
    );
  });
  return { done, kill: () => child.kill('SIGTERM') };
}

/** Moves any browser asset of another worker's output `from` into `into`. */
function moveWorkerOutput(from: string, into: string): void {
  // The same sources bundle to the same file names; anything another worker named differently is kept too.
  const assets = join(from, '_astro');
  if (existsSync(assets)) {
    mkdirSync(join(into, '_astro'), { recursive: true });
    for (const file of readdirSync(assets))
      if (!existsSync(join(into, '_astro', file))) copyFileSync(join(assets, file), join(into, '_astro', file));
  }
}

/** Moves the product pages every worker wrote into `pagesDir` into the site folder `into`: one rename per language. */
function moveProductPages(pagesDir: string, into: string): void {
  for (const prefix of ['', 'en', 'ru']) {
    const src = join(pagesDir, prefix, 'shop', 'products');
    if (!existsSync(src)) continue;
    const dst = join(into, prefix, 'shop', 'products');
    mkdirSync(dirname(dst), { recursive: true });
    // Astro may leave the folder it was about to write into, empty.
    if (existsSync(dst)) rmdirSync(dst);
    renameSync(src, dst);
  }
}

export async function renderInSlices(opts: SlicedRenderOptions): Promise<SlicedRender> {
  const cacheDir = join(PROJECT_ROOT, 'node_modules', '.cache', 'qateh-site');
  mkdirSync(cacheDir, { recursive: true });
  const base = mkdtempSync(join(cacheDir, 'slices-'));
  const cleanup = () => rmSync(base, { recursive: true, force: true });
  try {
    const samples = new Set(opts.alsoRussian);
    const slices = slicesOf(opts.slugs, opts.workers, FIRST_WORKER_SHARE);
    const entries = new Map(opts.index?.products.map((e) => [e.slug, e]));
    const indexOf = (slice: string[]): ExportIndex | undefined =>
      opts.index && {
        generatedAt: opts.index.generatedAt,
        version: opts.index.version,
        products: slice.map((s) => entries.get(s)!),
      };
    const productPagesDir = join(base, 'products');
    const jobs: SliceJob[] = slices.map((slice, k) => ({
      apiUrl: opts.apiUrl,
      site: opts.site,
      logLevel: opts.logLevel,
      outDir: join(base, `slice-${k}`),
      whole: true,
      productPagesDir,
      recordFile: join(base, `record-${k}.json`),
      filter: {
        products: slice,
        contiguous: true,
        // The first worker renders every listing; the others none.
        ...(k === 0 ? {} : { listings: [] }),
        productLocales: opts.productLocales,
        alsoRussian: slice.filter((s) => samples.has(s)),
        index: indexOf(slice),
      },
      russianFromEnglish: opts.russianFromEnglish ? { samples: slice.filter((s) => samples.has(s)) } : null,
    }));
    const started = performance.now();
    const running = jobs.map((job, k) => runWorker(job, join(base, `job-${k}.json`)));
    // Each worker's finishing time shows how evenly the work was cut (the first also renders every other page).
    running.forEach(
      (r, k) =>
        void r.done.then(
          () => opts.log(`build worker ${k} finished after ${((performance.now() - started) / 1000).toFixed(1)} s`),
          () => {},
        ),
    );
    try {
      await Promise.all(running.map((r) => r.done));
    } catch (err) {
      for (const r of running) r.kill();
      throw err;
    }
    opts.log(
      `${jobs.length} build workers rendered ${opts.slugs.length} products (and made their Russian pages) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const records = jobs.map((job) => JSON.parse(readFileSync(job.recordFile, 'utf8')) as SliceRecord);
    records.forEach((r, k) =>
      opts.log(
        `build worker ${k}: Astro (and Russian pages) ${r.astroSeconds.toFixed(1)} s, Russian check ${r.russian?.seconds.toFixed(1) ?? '-'} s`,
      ),
    );
    const moving = performance.now();
    const dir = jobs[0]!.outDir;
    for (const job of jobs.slice(1)) moveWorkerOutput(job.outDir, dir);
    moveProductPages(productPagesDir, dir);
    opts.log(`moved the other workers' pages in ${((performance.now() - moving) / 1000).toFixed(1)} s`);
    return { dir, cleanup, records };
  } catch (err) {
    cleanup();
    throw err;
  }
}
