import type { GetProductQuery, SuggestionQuery } from '../../../api/schemas/search';
import type { FieldErrors } from '../../../api/schemas/common';
import type { WorkLane } from '../../http/work-queue';
import type { KeeperStats } from './index-keeper';

/** What the search thread starts with (search-worker.ts). */
export interface SearchThreadData {
  qatehSearchThread: true;
  /** PostgreSQL: the thread opens pools of its own on the server's database. */
  databaseUrl: string;
  /** Product cards kept in the thread (card-cache.ts), as the request thread would keep them. */
  cardCacheSize: number;
  /** Its work queue (work-queue.ts): searches waiting at most, and the lanes' leads. */
  queue: { limit: number; suggestionLeadMs: number; listingLeadMs: number };
}

/** A search the request thread asks for, its query already validated by the route's schema. */
export type SearchJob = { kind: 'suggestion'; query: SuggestionQuery } | { kind: 'listing'; query: GetProductQuery };

/** Request thread → search thread. */
export type ToSearchThread =
  | ({ type: 'ask'; id: number; lane: WorkLane } & SearchJob)
  /** The read cache's generation moved: these products changed, or (null) anything may have. */
  | { type: 'changed'; products: number[] | null }
  | { type: 'ready'; id: number }
  | { type: 'stop'; id: number };

/** How big the thread's indexes are and what they did (benchmarks, tests). */
export interface SearchThreadStats {
  products: number;
  cardBytes: number;
  heapUsed: number;
  suggestion: KeeperStats;
  listing: KeeperStats;
}

/** An error as the route would have thrown it (HttpError's fields), or an unexpected one's text. */
export type SentSearchError =
  | { status: number; message: string; errors?: FieldErrors; headers?: Record<string, string> }
  | { status: 500; message: string; unexpected: true };

/** Search thread → request thread. */
export type FromSearchThread =
  | { id: number; ok: true; json: Uint8Array<ArrayBuffer>; total: number; searched: string | null }
  | { id: number; ok: true; stats: SearchThreadStats }
  | { id: number; ok: false; error: SentSearchError };
