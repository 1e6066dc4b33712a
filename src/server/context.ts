import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AccountServices } from './services/accounts';
import type { ProductPagesOnRequest } from './http/product-pages-on-request';
import type { ReadCache } from './services/read-cache';
import type { WorkQueue } from './http/work-queue';
import type { SearchFastPaths } from './services/search/suggest';
import type { SearchLogger } from './services/search/log';
import type { SearchThread } from './services/search/search-thread';

/** What every route and service may use; built once in app.ts. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  cache: ReadCache;
  /**
   * The turns of heavy work (searches, listings, product reads the cache does not hold): cheap answers
   * go first, heavy ones one per turn of the event loop, suggestions before pages, bounded (src/server/http/work-queue.ts).
   */
  work: WorkQueue;
  /**
   * The search answers' fast paths, while the read cache is on: the dropdown's matches and getProduct's
   * listings in memory, and product cards by id, each patched or dropped as the catalogue changes.
   */
  search?: SearchFastPaths;
  /**
   * Or, on PostgreSQL (SEARCH_THREAD), those fast paths in a thread of their own that answers the
   * searches as JSON bytes (services/search/search-thread.ts); `search` is then unset.
   */
  searchThread?: SearchThread;
  searchLog: SearchLogger;
  /** Mailer and sign-in throttle of the account area. */
  accounts: AccountServices;
  /**
   * How this server reaches itself: its listening address once it listens (PUBLIC_BASE_URL before).
   * The payment sandbox's API is called here; a request's Host header is never trusted for it.
   */
  ownUrl: string;
  /** Product pages rendered on their first request, when this server serves a site folder. */
  productPages?: ProductPagesOnRequest;
  /** Hands the search limit's last counts to the database and stops its syncs (PostgreSQL only). */
  stopRateSync?: () => Promise<void>;
}
