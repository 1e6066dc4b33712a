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
 * Lanes, because a shopper feels the wait differently: a suggestion is asked on every keystroke of
 * the header's search box and its answer is small (one index walk, a few cards), while a listing or a
 * search page counts the facets of a whole result set. Each job is due when it arrived plus its lane's
 * allowance, a suggestion's `quickLeadMs` shorter than a page's, and the job due first goes first
 * (earliest deadline first): a suggestion passes the pages that arrived less than `quickLeadMs` before
 * it, never older ones. Under load the wait is shared out rather than moved: pages wait about that
 * much longer than suggestions, and however many keystrokes arrive, a page is never passed for longer.
 * (Tried first: suggestions strictly first, a page after every three. In the long-tail bench at 100k
 * that took suggestions from p95 107 to 23 ms and pages from 110 to 342 ms: a closed loop's total wait
 * does not shrink, and strict turns put all of it on the pages.)
 *
 * A third lane holds category listings (no search text to match: a cheaper page than a search page),
 * due `listingLeadMs` sooner than search pages and product reads (README, WORK_QUEUE_LISTING_LEAD_MS).
 *
 * On PostgreSQL the searches' queue is the search thread's (services/search/search-thread.ts), the
 * same class there: its turns are that thread's; this thread's queue then holds product reads only.
 *
 * The queue is bounded: past `maxQueued` waiting jobs (all lanes) a request is refused with 503 and
 * Retry-After, rather than waiting behind a queue that grows for as long as the overload lasts.
 */
import { HttpError } from './errors';

/** What a shopper reads when the server has more searches waiting than it takes (spec §2's wording style). */
export const SERVER_BUSY_FA = 'سرور در این لحظه بیش از حد پرمشغله است؛ لطفاً چند لحظه صبر کنید و دوباره تلاش کنید.';
/** Seconds a refused client is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * `quick`: suggestions, due `quickLeadMs` sooner; `listing`: category listings without a search text,
 * due `listingLeadMs` sooner; `heavy`: search pages and product reads.
 */
export type WorkLane = 'quick' | 'listing' | 'heavy';

/** One lane's FIFO: resolvers oldest first from `head` on (a moving head: no shift() per turn), and when each arrived. */
class Lane {
  waiting: (() => void)[] = [];
  arrivals: number[] = [];
  head = 0;

  get length(): number {
    return this.waiting.length - this.head;
  }

  push(go: () => void, arrival: number): void {
    this.waiting.push(go);
    this.arrivals.push(arrival);
  }

  /** When the oldest waiting job arrived (Infinity when none waits). */
  oldest(): number {
    return this.length > 0 ? this.arrivals[this.head]! : Infinity;
  }

  take(): () => void {
    const go = this.waiting[this.head]!;
    this.waiting[this.head++] = undefined as unknown as () => void;
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.arrivals = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.arrivals = this.arrivals.slice(this.head);
      this.head = 0;
    }
    return go;
  }
}

export class WorkQueue {
  readonly #quick = new Lane();
  readonly #listing = new Lane();
  readonly #heavy = new Lane();
  #scheduled = false;
  #refused = 0;

  /**
   * `maxQueued`: jobs that may wait at once; 0 runs every job at once, as before the queue.
   * `quickLeadMs`, `listingLeadMs`: how much sooner a quick or listing job is due than a heavy one that
   * arrived at the same moment; 0 for both serves the lanes as one queue, in order of arrival.
   */
  constructor(
    readonly maxQueued: number,
    readonly quickLeadMs = 80,
    readonly listingLeadMs = 0,
  ) {}

  /** Jobs waiting for their turn, in all lanes. */
  get length(): number {
    return this.#quick.length + this.#listing.length + this.#heavy.length;
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
      (lane === 'quick' ? this.#quick : lane === 'listing' ? this.#listing : this.#heavy).push(resolve, performance.now());
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

  /** The lane whose oldest job is due first (see the file's comment); a tie goes to the quicker one. */
  #pick(): Lane | undefined {
    if (this.length === 0) return undefined;
    const quick = this.#quick.oldest() - this.quickLeadMs;
    const listing = this.#listing.oldest() - this.listingLeadMs;
    const heavy = this.#heavy.oldest();
    if (quick <= listing && quick <= heavy) return this.#quick;
    return listing <= heavy ? this.#listing : this.#heavy;
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
