/**
 * The search thread (search-thread.ts starts it): it owns the in-memory search indexes and the product
 * cards, answers the suggestion and getProduct searches the request thread hands it, and sends each
 * answer back as its JSON bytes. Its database pools are its own, on the server's PostgreSQL; the
 * request thread tells it every change of the read cache's generation, in order with the searches, so
 * an answer is never older than the catalogue its request was asked at.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import { WorkQueue, type WorkLane } from '../../http/work-queue';
import { CardCache } from '../card-cache';
import { EVERYTHING, productsChanged, ReadCache } from '../read-cache';
import { encodeJson } from '../shared-json';
import { ThreadBatch } from '../../thread-batch';
import { IndexKeeper } from './index-keeper';
import { ListingIndex } from './listing-index';
import { listProducts } from './listing';
import { suggestProducts, type SearchFastPaths } from './suggest';
import { SuggestionIndex } from './suggestion-index';
import type {
  FromSearchThread,
  SearchJob,
  SearchThreadData,
  SearchThreadStats,
  SentSearchError,
  ToSearchThread,
} from './search-thread-messages';

const port = parentPort!;
// Answers go back together, once per turn of this thread's loop (thread-batch.ts).
const replies = new ThreadBatch<FromSearchThread>((batch, transfer) => port.postMessage(batch, transfer));
const send = (message: FromSearchThread, transfer?: ArrayBuffer[]) => replies.add(message, transfer);

/** The answer without its `searched` mark (as the route sends it), its JSON in a buffer of its own to hand over. */
function encoded(result: { searched: string | null; total: number }): {
  json: Uint8Array<ArrayBuffer>;
  total: number;
  searched: string | null;
} {
  const { searched, ...answer } = result;
  const bytes = encodeJson(answer);
  // A small Buffer sits in Node's shared pool: only a copy of its own can be handed over.
  const json = (
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Uint8Array.prototype.slice.call(bytes)
  ) as Uint8Array<ArrayBuffer>;
  return { json, total: result.total, searched };
}

function sentError(err: unknown): SentSearchError {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      message: err.message,
      ...(err.errors ? { errors: err.errors } : {}),
      ...(err.headers ? { headers: err.headers } : {}),
    };
  }
  console.error('search thread: a search failed:', err);
  return { status: 500, message: err instanceof Error ? err.message : String(err), unexpected: true };
}

async function main(data: SearchThreadData): Promise<void> {
  const database: Database = await openDatabase({ url: data.databaseUrl });
  // Its generation follows the request thread's (the 'changed' messages); nothing is cached in it.
  const generations = new ReadCache(0);
  const fast: SearchFastPaths = {
    index: new IndexKeeper(database.db, generations, { name: 'suggestion index', build: SuggestionIndex.build }),
    listing: new IndexKeeper(database.db, generations, { name: 'listing index', build: ListingIndex.build }),
    cards: new CardCache(generations, data.cardCacheSize),
  };
  // Built from the start: the SQL answers meanwhile.
  fast.index.current();
  fast.listing.current();

  // One search per turn of this thread's loop, the lanes' order among all that arrived (work-queue.ts).
  const work = new WorkQueue(data.queue.limit, data.queue.suggestionLeadMs, data.queue.listingLeadMs);
  const answer = (job: SearchJob, lane: WorkLane) =>
    work.run(
      async () =>
        encoded(
          job.kind === 'suggestion'
            ? await suggestProducts(database.db, job.query, fast)
            : await listProducts(database.db, job.query, fast),
        ),
      lane,
    );

  const stats = (): SearchThreadStats => {
    const index = fast.index.current();
    return {
      products: index?.size ?? 0,
      cardBytes: index?.cardBytes ?? 0,
      heapUsed: process.memoryUsage().heapUsed,
      suggestion: { ...fast.index.stats },
      listing: { ...fast.listing.stats },
    };
  };

  port.on('message', (batch: ToSearchThread[]) => {
    for (const m of batch) handle(m);
  });

  function handle(m: ToSearchThread): void {
    switch (m.type) {
      case 'ask':
        answer(m, m.lane).then(
          (out) => send({ id: m.id, ok: true, ...out }, [out.json.buffer]),
          (err: unknown) => send({ id: m.id, ok: false, error: sentError(err) }),
        );
        return;
      case 'changed':
        generations.invalidate(m.products ? productsChanged(m.products) : EVERYTHING);
        return;
      case 'ready':
        Promise.all([fast.index.ready(), fast.listing.ready()]).then(
          () => send({ id: m.id, ok: true, stats: stats() }),
          (err: unknown) => send({ id: m.id, ok: false, error: sentError(err) }),
        );
        return;
      case 'stop':
        fast.index.stop();
        fast.listing.stop();
        void database.close().finally(() => {
          // Sent at once: the port closes right after.
          port.postMessage([{ id: m.id, ok: true, stats: stats() }] satisfies FromSearchThread[]);
          port.close();
        });
        return;
    }
  }
  port.postMessage('started');
}

if ((workerData as Partial<SearchThreadData> | null)?.qatehSearchThread) {
  main(workerData as SearchThreadData).catch((err: unknown) => {
    // The request thread sees the thread end, and starts another after a pause (search-thread.ts).
    console.error('search thread: could not start:', err);
    process.exit(1);
  });
}
