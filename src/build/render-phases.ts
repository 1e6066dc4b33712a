/**
 * Where the time of a product page rendered on its first request goes (issue 19: ≤ 150 ms), in CPU
 * milliseconds per phase, so `npm run bench:first-render` can show it on a machine others load too:
 * wall time there mostly measures the others. Recorded for every first render (a few clock reads),
 * handed to whoever watches (the bench, in the server's process); nothing watches in a shop.
 */
import { readFileSync } from 'node:fs';

export interface RenderPhases {
  /**
   * The process's CPU while the page was rendered, less the render thread's: the API answering the
   * page's reads, with PGlite's queries when it runs in the server's thread (PostgreSQL's are not counted).
   */
  reads: number;
  /** The render thread's CPU for Astro's render of the page (and its data's parsing); Linux's per-thread clock, which lags by up to a scheduler tick at each end. */
  render: number;
  /** Making a Russian page from the English one (0 for the others; the process's CPU). */
  russian: number;
  /** The page's inline script and style hashes joined to the site's Content-Security-Policy. */
  csp: number;
  /** Compressing the first answer for the browser (the process's CPU: zlib works in its own threads). */
  answer: number;
  /** Keeping the page: its shared parts, its own part compressed after the folder's reference, the file written (the process's CPU). */
  keep: number;
  /** From the request's arrival at the renderer to the answer's bytes ready, wall-clock. */
  answeredAfter: number;
  /** Where that wall time went (a first render's tail: waiting is not CPU). */
  timeline: RenderTimeline;
}

/**
 * Wall-clock milliseconds of one first render, each since the request reached the server's static
 * site handler: a slow render on a busy machine shows which wait it spent its time in.
 */
export interface RenderTimeline {
  /** The site's files looked up (the page is not on disk) and the page asked of the renderer. */
  asked: number;
  /** The render thread took the ask up (the shown-check, the renderer's start, the thread's queue before). */
  pickedUp: number;
  /** The render thread posted the page (its reads and Astro's render before). */
  posted: number;
  /** The server thread had the page back (its event loop's delay before). */
  returned: number;
  /** The answer's bytes ready (CSP hashes, compression). */
  answered: number;
  /** The page's API calls as the render thread saw them: path and wall milliseconds (one render at a time: the bench). */
  reads: { path: string; ms: number }[];
}

/** Milliseconds since the epoch, comparable between threads (performance.now() is per thread). */
export const wallClockMs = (): number => performance.timeOrigin + performance.now();

let procThreadClock: boolean | null = null;

/**
 * CPU time of the calling thread in milliseconds: Linux's per-thread scheduler clock (nanoseconds,
 * read through /proc/thread-self, which names the reading thread; for the running thread it is brought
 * up to date only at each scheduler tick, so a short stretch is off by up to a tick, unbiased over
 * many); elsewhere the process's CPU time. Node 20 has no precise per-thread clock.
 */
export function threadCpuMs(): number {
  if (procThreadClock !== false) {
    try {
      const ns = Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]);
      procThreadClock = true;
      return ns / 1e6;
    } catch {
      procThreadClock = false;
    }
  }
  return processCpuMs();
}

/** CPU time of the whole process (every thread, zlib's and the database's included) in milliseconds, precise. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

type Watcher = (phases: RenderPhases) => void;
const watchers = new Set<Watcher>();

/** Calls `fn` with the phases of every page rendered on request from now on, until the returned function is called. */
export function watchRenderPhases(fn: Watcher): () => void {
  watchers.add(fn);
  return () => watchers.delete(fn);
}

export function reportRenderPhases(phases: RenderPhases): void {
  for (const fn of watchers) fn(phases);
}

export const someoneWatchesRenderPhases = (): boolean => watchers.size > 0;
