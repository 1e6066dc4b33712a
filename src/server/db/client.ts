import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { SIMILARITY_THRESHOLD, WORD_SIMILARITY_THRESHOLD } from '../../lib/trigram-similarity';
import { openPgliteThread } from './pglite-thread';
import { processLocks } from './process-locks';
import { tarballForPglite } from './pglite-tarball';
import * as schema from './schema';

export type Schema = typeof schema;

// Part-number typos ("amsl117" for AMS1117) sit just under pg_trgm's default 0.3 / 0.6 cut-offs;
// the search ranks by score and drops weak matches itself, so let the index hand over a few more.
// The same numbers answer typos in memory (lib/trigram-similarity.ts, services/search/fuzzy-match.ts).
const TRIGRAM_SETTINGS = `set pg_trgm.similarity_threshold = ${SIMILARITY_THRESHOLD}; set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD};`;
/**
 * The same settings as PostgreSQL session options, sent with the connection's start-up: a pool's
 * `connect` handler running them as a query raced the first query of the client it hands out
 * ("client.query() when the client is already executing a query", an error from pg 9).
 */
const TRIGRAM_OPTIONS = `-c pg_trgm.similarity_threshold=${SIMILARITY_THRESHOLD} -c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`;
/** The one database type services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL's connection string, so another thread can open its own pools on the same database
   * (the background build of an on-request deploy: src/build/site-later.ts); PGlite has none.
   */
  url?: string;
  /**
   * Runs `work` while holding the named lock across every process on this database (a PostgreSQL
   * advisory lock on a connection of its own; the others wait for it). PGlite is opened by one
   * process only, so there the lock is held within this process (process-locks.ts).
   */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * Like withLock, but when another holder has the lock it does not wait: it answers `busy` at once
   * (the static-site rebuild: one instance rebuilds, the others serve what it writes).
   */
  tryWithLock<T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, from any process on this database, as each commits.
   * On PostgreSQL a connection of its own listens, and comes back by itself after it is lost; `onNotify`
   * is then called once as well, without a payload, since notifications sent meanwhile are gone.
   * Resolves with the unlisten.
   */
  listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Search statements on PostgreSQL run on a pool of their own whose sessions price sequential scans out
 * and never JIT-compile (see withIndexScans in services/search/match-sql.ts): settings of the session,
 * so a search is one round trip, not a transaction of four.
 */
const indexScanPools = new WeakMap<Db, Db>();
export const indexScanDbOf = (db: Db): Db | undefined => indexScanPools.get(db);

export interface DatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; undefined = in memory (tests). */
  dataDir?: string | undefined;
  /**
   * PGlite in a thread of its own (default), so a long query does not stop the server's thread
   * (pglite-thread.ts); false opens it in the calling thread, as before (the benchmark's comparison).
   */
  pgliteThread?: boolean;
  /**
   * A tarball of a PGlite data folder (PGlite's dumpDataDir) the new embedded database starts as.
   * The test suite migrates (and imports the shared catalogue into) one database per run and starts
   * each test file's database from it, instead of every file running initdb, the migrations and the
   * import again.
   */
  startFrom?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: TRIGRAM_OPTIONS });
    // An idle connection the server ends (a restart, an administrator) is dropped by the pool and
    // replaced on next use; without a listener its 'error' event would end the whole process.
    pool.on('error', (err) => console.error(`database: an idle connection ended (${err.message}); it will be replaced`));
    // Fail at start, with the server's own message, rather than on the first request.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const searchPool = new pg.Pool({ connectionString: opts.url, max: 10, options: `${TRIGRAM_OPTIONS} -c enable_seqscan=off -c jit=off` });
    searchPool.on('error', (err) => console.error(`database: an idle search connection ended (${err.message}); it will be replaced`));
    indexScanPools.set(db, drizzlePg(searchPool, { schema }) as unknown as Db);
    const withLock = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      // Session-level: held by this connection while `work` runs on the pool's others.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock(hashtext($1))', [name]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        holder.release();
      }
    };
    const tryWithLock = async <T>(name: string, work: () => Promise<T>) => {
      const holder = await pool.connect();
      try {
        const { rows } = await holder.query<{ got: boolean }>('select pg_try_advisory_lock(hashtext($1)) as got', [name]);
        if (!rows[0]?.got) return { ran: false as const };
        try {
          return { ran: true as const, value: await work() };
        } finally {
          await holder.query('select pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        holder.release();
      }
    };
    const listen = (channel: string, onNotify: (payload: string | undefined) => void) => listenOnPostgres(opts.url!, channel, onNotify);
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      withLock,
      tryWithLock,
      listen,
      close: async () => {
        await searchPool.end();
        await pool.end();
      },
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // One PGlite instance and no pool in front of it: PGlite is a single session by design.
  const client =
    opts.pgliteThread === false
      ? await pgliteHere(opts.dataDir, opts.startFrom)
      : await openPgliteThread(opts.dataDir, TRIGRAM_SETTINGS, opts.startFrom);
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ...processLocks(),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/** PGlite in the calling thread. PGlite.create (not the constructor) loads extension bundles before the first query. */
async function pgliteHere(dataDir: string | undefined, startFrom?: string): Promise<PGlite> {
  const loadDataDir = startFrom ? tarballForPglite(startFrom) : undefined;
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.exec(TRIGRAM_SETTINGS);
  return client;
}

/** LISTEN on a connection outside the pool (a pooled one would be handed to queries and lose it). */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string | undefined) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload);
    });
    const lost = (err?: Error) => {
      if (client !== c || stopped) return;
      client = null;
      console.error(`database: the LISTEN ${channel} connection ended${err ? ` (${err.message})` : ''}; reconnecting`);
      c.end().catch(() => undefined);
      retry = setTimeout(() => void reconnect(), 1000);
      retry.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect();
      // Whatever was notified while no one listened is lost: treat it as a change (of anything).
      onNotify(undefined);
    } catch {
      retry = setTimeout(() => void reconnect(), 1000);
      retry.unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
