/**
 * Long CPU work on the server's thread, done in slices so requests are answered between them. The
 * suggestion index of a million products (suggestion-index.ts) was built in one go after its rows were
 * read: seconds of the thread that also serves the API reads of product pages rendered on their first
 * request, which waited 4.5–18 s behind it on an idle two-core machine (minutes under outside load).
 */
import { foregroundIdle } from './foreground-work';

export class TimeSlices {
  private started = performance.now();

  /** `sliceMs`: how long the work may hold the thread before it lets the event loop run. */
  constructor(private readonly sliceMs = 10) {}

  /** Whether the current slice is used up: the caller should `pause()` (a clock read: check it every few thousand steps). */
  due(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  /**
   * Lets what waits on the event loop (I/O, timers) run, and first requests of product pages under way
   * go first (foreground-work.ts, 50 ms at most), then starts a new slice.
   */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await foregroundIdle();
    this.started = performance.now();
  }
}

/** Steps of a merge between two checks of the clock. */
const CHECK_EVERY = 4096;
/** Runs sorted whole before they are merged: ~8k indices take a few milliseconds with a string comparison. */
const RUN = 8192;

/**
 * The indices 0…n−1 ordered by `compare`, as `Int32Array.from({ length: n }, (_, i) => i).sort(compare)`
 * gives them (for a comparison that orders every pair, as a tie-break on the index does), but sorted in
 * runs and merged, pausing between slices.
 */
export async function sortIndicesInSlices(n: number, compare: (a: number, b: number) => number, slices: TimeSlices): Promise<Int32Array> {
  let from = Int32Array.from({ length: n }, (_, i) => i);
  for (let lo = 0; lo < n; lo += RUN) {
    from.subarray(lo, Math.min(n, lo + RUN)).sort(compare);
    if (slices.due()) await slices.pause();
  }
  let to = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        to[k++] = compare(from[i]!, from[j]!) <= 0 ? from[i++]! : from[j++]!;
        if (k % CHECK_EVERY === 0 && slices.due()) await slices.pause();
      }
      while (i < mid) to[k++] = from[i++]!;
      while (j < hi) to[k++] = from[j++]!;
    }
    [from, to] = [to, from];
  }
  return from;
}
