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
 */
import fs from 'node:fs';

type Mkdir = typeof fs.promises.mkdir;
type WriteFile = typeof fs.promises.writeFile;

const isPath = (p: unknown): p is string | URL | Buffer => typeof p === 'string' || p instanceof URL || Buffer.isBuffer(p);

/** Nesting count: overlapping builds in one process (tests) restore the originals only once all end. */
let active = 0;
let originals: { mkdir: Mkdir; writeFile: WriteFile } | null = null;

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
      fs.writeFileSync(file, data, options as fs.WriteFileOptions);
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

export async function withSyncFileWrites<T>(fn: () => Promise<T>): Promise<T> {
  if (active++ === 0) install();
  try {
    return await fn();
  } finally {
    if (--active === 0) uninstall();
  }
}
