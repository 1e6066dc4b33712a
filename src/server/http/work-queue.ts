/**
 * Cheap answers before heavy ones on the server's one thread (issue 19). With the search indexes in
 * memory no request waits on the database: 50 busy connections keep the thread computing searches, and
 * without a queue every request parsed in one turn of the event loop was computed in that turn, so the
 * health probe and a static page waited behind every search read before them (p95 153 ms at 100k).
 *
 * Heavy work (a search, listing or product read that the read cache does not hold) asks for a turn
 * here and waits in its lane's FIFO queue. Turns are handed out in the event loop's check phase
 * (setImmediate), one per turn of the loop: an immediate queued from the check phase runs in the next
 * turn, so the poll phase runs between every two heavy jobs, reading sockets, parsing the requests
 * that arrived and answering the cheap ones (health, static files, cached answers) at once. A job's
 * turn lasts until its first wait on I/O (a database read): what follows it runs when the I/O ends.
 *
 * Two lanes, because a shopper feels the wait differently: a suggestion is asked on every keystroke of
 * the header's search box and its answer is small (one index walk, a few cards), while a listing or a
 * search page counts the facets of a whole result set. Waiting suggestions get the next turn before
 * waiting pages (shortest job first, which lowers the mean wait of all), but a page that has waited
 * `pageWaitMs` (WORK_QUEUE_PAGE_WAIT_MS) gets its turn before any suggestion queued after it, so pages are never starved
 * by a storm of keystrokes: under overload they wait that long more at most.
 *
 * The queue is bounded: past `maxQueued` waiting jobs (both lanes) a request is refused with 503 and
 * Retry-After, rather than waiting behind a queue that grows for as long as the overload lasts.
 */
import { HttpError } from './errors';

/** What a shopper reads when the server has more searches waiting than it takes (spec §2's wording style). */
export const SERVER_BUSY_FA = 'سرور در این لحظه بیش از حد پرمشغله است؛ لطفاً چند لحظه صبر کنید و دوباره تلاش کنید.';
/** Seconds a refused client is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** `quick`: suggestions, served first; `heavy`: listings, search pages, product reads. */
export type WorkLane = 'quick' | 'heavy';

/** One lane's FIFO: resolvers oldest first from `head` on (a moving head: no shift() per turn), and when each came. */
class Lane {
  waiting: (() => void)[] = [];
  since: number[] = [];
  head = 0;

  get length(): number {
    return this.waiting.length - this.head;
  }

  push(go: () => void, now: number): void {
    this.waiting.push(go);
    this.since.push(now);
  }

  /** When the oldest waiting job came (undefined when none waits). */
  oldest(): number | undefined {
    return this.length > 0 ? this.since[this.head] : undefined;
  }

  take(): () => void {
    const go = this.waiting[this.head]!;
    this.waiting[this.head++] = undefined as unknown as () => void;
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.since = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.since = this.since.slice(this.head);
      this.head = 0;
    }
    return go;
  }
}

export class WorkQueue {
  readonly #quick = new Lane();
  readonly #heavy = new Lane();
  #scheduled = false;
  #refused = 0;

  /**
   * `maxQueued`: jobs that may wait at once; 0 runs every job at once, as before the queue.
   * `pageWaitMs`: how long a heavy job lets quick ones that came after it go first.
   */
  constructor(
    readonly maxQueued: number,
    readonly pageWaitMs = 150,
  ) {}

  /** Jobs waiting for their turn, in both lanes. */
  get length(): number {
    return this.#quick.length + this.#heavy.length;
  }

  /** Requests refused because the queue was full, since start (for benches and monitoring). */
  get refused(): number {
    return this.#refused;
  }

  /**
   * Resolves when it is this job's turn; throws a 503 HttpError at once when the queue is full. Call it
   * right before the heavy work, after any cheap answer was tried.
   */
  turn(lane: WorkLane = 'heavy'): Promise<void> {
    if (this.maxQueued === 0) return Promise.resolve();
    if (this.length >= this.maxQueued) {
      this.#refused++;
      return Promise.reject(new HttpError(503, SERVER_BUSY_FA, undefined, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) }));
    }
    return new Promise((resolve) => {
      (lane === 'quick' ? this.#quick : this.#heavy).push(resolve, performance.now());
      this.#schedule();
    });
  }

  /** Waits for a turn in `lane`, then runs `work`: its synchronous part (up to its first I/O) is the turn. */
  async run<T>(work: () => Promise<T> | T, lane: WorkLane = 'heavy'): Promise<T> {
    await this.turn(lane);
    return work();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#next);
  }

  /** The lane whose job goes next: quick first, unless the oldest heavy job has waited its limit and came before the quick one. */
  #pick(): Lane | undefined {
    const quick = this.#quick.oldest();
    const heavy = this.#heavy.oldest();
    if (heavy === undefined) return quick === undefined ? undefined : this.#quick;
    if (quick === undefined) return this.#heavy;
    return heavy < quick && performance.now() - heavy >= this.pageWaitMs ? this.#heavy : this.#quick;
  }

  /** One job per turn of the event loop; its continuation runs as microtasks right after this callback. */
  readonly #next = (): void => {
    this.#scheduled = false;
    const lane = this.#pick();
    if (!lane) return;
    lane.take()();
    if (this.length > 0) this.#schedule();
  };
}
