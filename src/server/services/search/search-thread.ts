/**
 * The searches off the request thread (issue 19). With the indexes on the server's one thread, a
 * long-tail load kept that thread busy matching and writing JSON while the machine's second core
 * stayed mostly idle. On PostgreSQL the indexes, the product cards and the searches move to a thread
 * of their own (search-worker.ts): the request thread parses, validates, answers from the read cache,
 * hands each uncached search over and sends back the JSON bytes it gets, compressed as any answer.
 *
 * Ordering: every search goes over at once, and waits in the thread's own work queue (work-queue.ts,
 * with its lanes: suggestions before pages), one job per turn of that thread's event loop, so the
 * lanes decide among all the searches that arrived. (Tried first: the queue here, N searches out at a
 * time. At 100k products, 2 out left both threads idle a third of the time, each waiting for the
 * other's next message: 1,670 answers a second; 16 out, 2,600; 32, 3,090.) Every change of the read
 * cache's generation is sent to the thread before any search asked after it, so an answer always
 * reflects the catalogue at least as its request found it.
 *
 * A thread that ends unexpectedly fails its searches in flight (503, tried again by the client) and is
 * started again half a second later (searches meanwhile get 503 too); it builds its indexes anew,
 * answering through SQL meanwhile.
 */
import { Worker } from 'node:worker_threads';
import type { FieldErrors } from '../../../api/schemas/common';
import { HttpError } from '../../http/errors';
import { SERVER_BUSY_FA, type WorkLane } from '../../http/work-queue';
import type { ReadCache } from '../read-cache';
import { ThreadBatch } from '../../thread-batch';
import { tsxThreadProgram } from '../../tsx-thread';
import type {
  FromSearchThread,
  SearchJob,
  SearchThreadData,
  SearchThreadStats,
  SentSearchError,
  ToSearchThread,
} from './search-thread-messages';

const PROGRAM = tsxThreadProgram(new URL('./search-worker.ts', import.meta.url).href);

/** How long searches are refused (503) after the thread ended, before a new one starts. */
const RESTART_DELAY_MS = 500;

/** An answer from the thread: its JSON, and what the search log keeps of it. */
export interface ThreadAnswer {
  json: Uint8Array<ArrayBuffer>;
  total: number;
  searched: string | null;
}

export interface SearchThreadOptions {
  databaseUrl: string;
  cardCacheSize: number;
  /** The request thread's read cache: its changes are passed on. */
  cache: ReadCache;
  /** The thread's work queue: its limit and leads (config.ts WORK_QUEUE_*). */
  queueLimit: number;
  suggestionLeadMs: number;
  listingLeadMs: number;
}

/** A message as asked, before its id is given. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = { resolve: (value: never) => void; reject: (err: Error) => void };

function rebuilt(error: SentSearchError): HttpError {
  if ('unexpected' in error) return new HttpError(500, error.message);
  return new HttpError(error.status as HttpError['status'], error.message, error.errors as FieldErrors | undefined, error.headers);
}

export class SearchThread {
  #worker: Worker | null = null;
  /** Searches and changes go over together, once per turn of this thread's loop (thread-batch.ts). */
  readonly #outbox = new ThreadBatch<ToSearchThread>((messages) => this.#worker?.postMessage(messages));
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #stopping = false;
  /** Threads started, the first included (tests, monitoring). */
  starts = 0;
  readonly #unsubscribe: () => void;

  constructor(private readonly options: SearchThreadOptions) {
    const cache = options.cache;
    this.#unsubscribe = cache.onChange(() => {
      const changed = cache.changedSince(cache.generation - 1);
      this.#post({ type: 'changed', products: changed ? [...changed] : null });
    });
    this.#start();
  }

  /** The thread running now (tests and monitoring: its threadId, or ending it to see it started again). */
  get thread(): Worker | null {
    return this.#worker;
  }

  /** The answer to `job`, computed in the thread when its turn in `lane` comes there (503 when its queue is full). */
  ask(job: SearchJob, lane: WorkLane): Promise<ThreadAnswer> {
    return this.#call<ThreadAnswer>({ type: 'ask', lane, ...job });
  }

  /** Resolves once the thread's indexes are current (start-up, tests, benchmarks), with their sizes. */
  ready(): Promise<SearchThreadStats> {
    return this.#call<{ stats: SearchThreadStats }>({ type: 'ready' }).then((r) => r.stats);
  }

  /** Stops the thread: its indexes are dropped and its database pools closed. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#unsubscribe();
    const worker = this.#worker;
    if (!worker) return;
    await Promise.race([this.#call({ type: 'stop' }).catch(() => undefined), new Promise((r) => setTimeout(r, 5000).unref())]);
    await worker.terminate();
  }

  #start(): void {
    this.starts++;
    const { databaseUrl, cardCacheSize, queueLimit, suggestionLeadMs, listingLeadMs } = this.options;
    const data: SearchThreadData = {
      qatehSearchThread: true,
      databaseUrl,
      cardCacheSize,
      queue: { limit: queueLimit, suggestionLeadMs, listingLeadMs },
    };
    const worker = new Worker(PROGRAM, { eval: true, workerData: data });
    this.#worker = worker;
    worker.on('message', (replies: FromSearchThread[] | 'started') => {
      if (replies === 'started') return;
      for (const m of replies) {
        const pending = this.#pending.get(m.id);
        if (!pending) continue;
        this.#pending.delete(m.id);
        if (m.ok) pending.resolve(m as never);
        else pending.reject(rebuilt(m.error));
      }
    });
    worker.on('error', (err) => console.error('search thread failed:', err));
    worker.on('exit', (code) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      const lost = [...this.#pending.values()];
      this.#pending.clear();
      for (const p of lost) p.reject(new HttpError(503, SERVER_BUSY_FA, undefined, { 'Retry-After': '1' }));
      if (this.#stopping) return;
      console.error(`search thread ended (exit ${code}); starting it again in ${RESTART_DELAY_MS} ms`);
      // Not at once: a thread that cannot start (the database unreachable) would be started in a tight loop.
      setTimeout(() => {
        if (!this.#stopping && !this.#worker) this.#start();
      }, RESTART_DELAY_MS).unref();
    });
  }

  #post(message: ToSearchThread): void {
    this.#outbox.add(message);
  }

  #call<T>(message: WithoutId<Extract<ToSearchThread, { id: number }>>): Promise<T> {
    if (!this.#worker) return Promise.reject(new HttpError(503, SERVER_BUSY_FA, undefined, { 'Retry-After': '1' }));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: never) => void, reject });
      this.#post({ ...message, id } as ToSearchThread);
    });
  }
}
