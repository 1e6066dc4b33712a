/**
 * Astro writes every page with `fs.promises.mkdir` and `fs.promises.writeFile`, one page at a time.
 * Each promise call is a round trip through libuv's thread pool, and on this machine that costs
 * several times the CPU of the same call made synchronously (scripts/bench/fs-calls.ts: a 50 KB
 * page write ~140 µs of CPU against ~25 µs, a new folder ~50 µs against ~12 µs). With 300k pages
 * to write, that difference is tens of seconds of a two-core build.
 *
 * A build renders one page at a time and awaits each write before the next, so nothing is gained by
 * handing the writes to other threads. While `fn` runs, the two calls above do their work
 * synchronously and return a settled promise. Only callers that reach them through `fs.promises`
 * at call time see the change (Astro, Vite); named imports from 'node:fs/promises' keep the
 * originals. Anything other than a path plus string/bytes goes to the original functions.
 *
 * A build may also take over the writes under a folder of its own (`PageWriter`): a parallel build
 * puts product pages elsewhere and makes Russian pages from English ones as they are written
 * (src/build/product-page-writes.ts). And it may look at each HTML page as it goes by (`PageObserver`:
 * the inline scripts a Content-Security-Policy must allow, src/build/inline-hashes.ts).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

type Mkdir = typeof fs.promises.mkdir;
type WriteFile = typeof fs.promises.writeFile;

const isPath = (p: unknown): p is string | URL | Buffer => typeof p === 'string' || p instanceof URL || Buffer.isBuffer(p);

/** Takes over the page writes under `root`: `write` returns true when it wrote the file itself. */
export interface PageWriter {
  root: string;
  write(file: string, data: string | Uint8Array): boolean;
}

/** Sees every HTML page a build writes (before any PageWriter takes it over). */
export type PageObserver = (file: string, data: string | Uint8Array) => void;

/** Nesting count: overlapping builds in one process (tests) restore the originals only once all end. */
let active = 0;
let originals: { mkdir: Mkdir; writeFile: WriteFile } | null = null;
/** The page writers of the builds running now. */
const writers = new Set<PageWriter>();
/** The page observers of the builds running now. */
const observers = new Set<PageObserver>();

function observe(file: string | URL | Buffer, data: string | Uint8Array): void {
  if (observers.size === 0 || Buffer.isBuffer(file)) return;
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  if (!path.endsWith('.html')) return;
  for (const o of observers) o(path, data);
}

function takenOver(file: string | URL | Buffer, data: string | Uint8Array): boolean {
  if (writers.size === 0 || Buffer.isBuffer(file)) return false;
  // Astro names its pages by file: URL.
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  for (const w of writers) if (path.startsWith(w.root) && w.write(path, data)) return true;
  return false;
}

function install(): void {
  const mkdir = fs.promises.mkdir;
  const writeFile = fs.promises.writeFile;
  originals = { mkdir, writeFile };
  const syncMkdir = ((path: Parameters<Mkdir>[0], options?: Parameters<Mkdir>[1]) => {
    if (!isPath(path)) return mkdir(path, options as never);
    try {
      return Promise.resolve(fs.mkdirSync(path, options as never));
    } catch (err) {
      return Promise.reject(err);
    }
  }) as Mkdir;
  const syncWriteFile = ((file: Parameters<WriteFile>[0], data: Parameters<WriteFile>[1], options?: Parameters<WriteFile>[2]) => {
    const plain = typeof data === 'string' || data instanceof Uint8Array;
    const signal = typeof options === 'object' && options !== null && 'signal' in options && options.signal;
    if (!isPath(file) || !plain || signal) return writeFile(file, data, options);
    try {
      observe(file, data);
      if (!takenOver(file, data)) fs.writeFileSync(file, data, options as fs.WriteFileOptions);
      return Promise.resolve();
    } catch (err) {
      return Promise.reject(err);
    }
  }) as WriteFile;
  fs.promises.mkdir = syncMkdir;
  fs.promises.writeFile = syncWriteFile;
}

function uninstall(): void {
  if (!originals) return;
  fs.promises.mkdir = originals.mkdir;
  fs.promises.writeFile = originals.writeFile;
  originals = null;
}

export async function withSyncFileWrites<T>(fn: () => Promise<T>, writer?: PageWriter, observer?: PageObserver): Promise<T> {
  if (active++ === 0) install();
  if (writer) writers.add(writer);
  if (observer) observers.add(observer);
  try {
    return await fn();
  } finally {
    if (writer) writers.delete(writer);
    if (observer) observers.delete(observer);
    if (--active === 0) uninstall();
  }
}
