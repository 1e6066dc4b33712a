/**
 * The API a thread of its own reads on PostgreSQL, served in that thread: the render thread of product
 * pages rendered on request (product-render-thread.ts). Its pages read the API over `fetch` as every
 * build's pages do (src/site/data.ts); here `fetch` of this thread hands those requests to the same
 * Hono app the shop serves, in this thread, on pools of its own (openDatabase), instead of a loopback
 * API the server thread serves. The pages get the very answers a loopback API gives (same routes, same
 * JSON, no read cache, no search index: build-api.ts), but a first render no longer waits for the
 * server's thread, which at a million products spends a deploy's first minutes building its search
 * indexes beside the shop's requests (a first render's read waited up to seconds there).
 *
 * PGlite is owned by the process's database thread: its pages keep reading the loopback API.
 */
import type { Config } from '../server/config';

/** The address the pages are given: never on the network, every request to it is answered in this thread. */
export const IN_THREAD_API_URL = 'http://api.in-thread.invalid';

export interface InThreadApi {
  url: string;
  close(): Promise<void>;
}

const urlOf = (input: Parameters<typeof fetch>[0]): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** Serves the API in this thread over `databaseUrl` until closed; this thread's `fetch` of IN_THREAD_API_URL reaches it. */
export async function serveApiInThread(config: Config, databaseUrl: string): Promise<InThreadApi> {
  const [{ openDatabase }, { createApp }] = await Promise.all([import('../server/db/client'), import('../server/app')]);
  const database = await openDatabase({ url: databaseUrl });
  // As the build's loopback API (build-api.ts): no read cache (a refresh right after a save reads the
  // saved product), no search index, no rate limit on the build's reads, nothing compressed or mailed.
  const { app, deps } = createApp(
    { ...config, READ_CACHE_SIZE: 0, SEARCH_RATE_LIMIT: 1_000_000_000, LOG_REQUESTS: false, SEARCH_INDEX: false },
    database,
    { compressApi: false, notifications: false },
  );
  const plain = globalThis.fetch;
  const prefix = `${IN_THREAD_API_URL}/`;
  globalThis.fetch = (input, init) => {
    if (!urlOf(input).startsWith(prefix)) return plain(input, init);
    return Promise.resolve(app.fetch(new Request(input, init)));
  };
  return {
    url: IN_THREAD_API_URL,
    async close() {
      globalThis.fetch = plain;
      await deps.stopRateSync?.();
      await database.close();
    },
  };
}
