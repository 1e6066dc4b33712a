/**
 * Cheap answers before heavy ones on the server's one thread (issue 19). With the search indexes in
 * memory no request waits on the database: 50 busy connections keep the thread computing searches, and
 * without a queue every request parsed in one turn of the event loop was computed in that turn, so the
 * health probe and a static page waited behind every search read before them (p95 153 ms at 100k).
 *
 * Heavy work (a search, listing or product read that the read cache does not hold) asks for a turn
 * here and waits in one FIFO queue. Turns are handed out in the event loop's check phase
 * (setImmediate), one per turn of the loop: an immediate queued from the check phase runs in the next
 * turn, so the poll phase runs between every two heavy jobs, reading sockets, parsing the requests
 * that arrived and answering the cheap ones (health, static files, cached answers) at once. A job's
 * turn lasts until its first wait on I/O (a database read): what follows it runs when the I/O ends.
 *
 * The queue is bounded: past `maxQueued` waiting jobs a request is refused with 503 and Retry-After,
 * rather than waiting behind a queue that grows for as long as the overload lasts.
 */
import { HttpError } from './errors';

/** What a shopper reads when the server has more searches waiting than it takes (spec §2's wording style). */
export const SERVER_BUSY_FA = 'سرور در این لحظه بیش از حد پرمشغله است؛ لطفاً چند لحظه صبر کنید و دوباره تلاش کنید.';
/** Seconds a refused client is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export class WorkQueue {
  /** Resolvers of waiting jobs, oldest first, from `#head` on (a moving head: no shift() per turn). */
  #waiting: (() => void)[] = [];
  #head = 0;
  #scheduled = false;
  #refused = 0;

  /** `maxQueued`: jobs that may wait at once; 0 runs every job at once, as before the queue. */
  constructor(readonly maxQueued: number) {}

  /** Jobs waiting for their turn. */
  get length(): number {
    return this.#waiting.length - this.#head;
  }

  /** Requests refused because the queue was full, since start (for benches and monitoring). */
  get refused(): number {
    return this.#refused;
  }

  /**
   * Resolves when it is this job's turn; throws a 503 HttpError at once when the queue is full. Call it
   * right before the heavy work, after any cheap answer was tried.
   */
  turn(): Promise<void> {
    if (this.maxQueued === 0) return Promise.resolve();
    if (this.length >= this.maxQueued) {
      this.#refused++;
      return Promise.reject(new HttpError(503, SERVER_BUSY_FA, undefined, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) }));
    }
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  /** Waits for a turn, then runs `work`: its synchronous part (up to its first I/O) is the turn. */
  async run<T>(work: () => Promise<T> | T): Promise<T> {
    await this.turn();
    return work();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#next);
  }

  /** One job per turn of the event loop; its continuation runs as microtasks right after this callback. */
  readonly #next = (): void => {
    this.#scheduled = false;
    const go = this.#waiting[this.#head];
    if (!go) return;
    this.#waiting[this.#head++] = undefined as unknown as () => void;
    if (this.#head === this.#waiting.length) {
      this.#waiting = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > this.#waiting.length) {
      this.#waiting = this.#waiting.slice(this.#head);
      this.#head = 0;
    }
    go();
    if (this.length > 0) this.#schedule();
  };
}
