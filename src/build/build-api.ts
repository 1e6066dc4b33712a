/**
 * Where a build reads its data: the backend's API, over HTTP like every other client. Given the
 * database, the build serves the API itself on a free loopback port for its own duration (search
 * rate limit lifted: the build reads the catalogue in bulk). Given the address of such a server, it
 * reads from that one: the running shop's rebuild thread (src/build/rebuild-thread.ts) does, the
 * database staying with the thread that owns it.
 */
import type { Config } from '../server/config';
import type { Database } from '../server/db/client';
import { startServer } from '../server/server';

export type BuildData = Database | { apiUrl: string };

export interface BuildApi {
  url: string;
  close(): Promise<void>;
}

/**
 * A loopback API server for builds over `database`, open until closed. No in-memory search index
 * (SEARCH_INDEX): a build never asks for suggestions, and at a million products building one took
 * seconds of this thread at a time (and ~2 KB per product) while the build's own reads waited.
 */
export async function startBuildApi(config: Config, database: Database): Promise<BuildApi> {
  const server = await startServer(
    { ...config, HOST: '127.0.0.1', PORT: 0, SEARCH_RATE_LIMIT: 1_000_000_000, LOG_REQUESTS: false, SEARCH_INDEX: false },
    database,
    // Its own port even in one of several server processes: its export calls answer only this process's build.
    { compressApi: false, notifications: false, ownPort: true },
  );
  return { url: server.url, close: () => server.close() };
}

export async function openBuildApi(config: Config, data: BuildData): Promise<BuildApi> {
  if ('apiUrl' in data) return { url: data.apiUrl, close: async () => {} };
  return startBuildApi(config, data);
}
