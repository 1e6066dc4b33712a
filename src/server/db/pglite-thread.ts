/**
 * The embedded database in a thread of its own. PGlite runs each statement synchronously on the
 * thread that owns it: in the server's thread, an uncached search of a large catalogue stopped every
 * other request (static pages, cached answers, health) for as long as it ran. Here a worker thread
 * (pglite-worker.ts) owns PGlite, and this module hands drizzle's PGlite driver a client with the
 * calls it makes (query, exec, transaction, listen, close) that forwards them as messages. Results
 * come back as PGlite made them (structured clone keeps dates, bigints and bytes).
 */
import { Worker } from 'node:worker_threads';
import { tsxThreadProgram } from '../tsx-thread';
import type { Reply, Request, SentError, ThreadData } from './pglite-messages';

const BOOT = tsxThreadProgram(new URL('./pglite-worker.ts', import.meta.url).href);

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type Outgoing = Distribute<Request>;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** The part of PGlite's interface drizzle's driver and our database module use. */
export interface PgliteThreadQueries {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[]; affectedRows?: number; fields: unknown[] }>;
  exec(sql: string): Promise<unknown>;
}

export interface PgliteThreadClient extends PgliteThreadQueries {
  transaction<T>(work: (tx: PgliteThreadQueries & { rollback(): Promise<void>; readonly closed: boolean }) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** A PGlite error as thrown in the thread: same message and fields (code, detail, constraint, …). */
function rebuildError(error: SentError): Error {
  const err = new Error(error.message);
  err.name = error.name;
  return Object.assign(err, error.fields);
}

export async function openPgliteThread(dataDir: string | undefined, setup: string, startFrom?: string): Promise<PgliteThreadClient> {
  const worker = new Worker(BOOT, { eval: true, workerData: { dataDir, setup, startFrom } satisfies ThreadData });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closed = false;
  let failure: Error | null = null;

  // An idle database thread must not keep the process alive (PGlite in the server's thread did not);
  // one with a request under way must, or a script awaiting its answer would just end.
  worker.unref();
  const settle = () => {
    if (pending.size === 0) worker.unref();
  };

  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: Reply) => {
      worker.off('error', reject);
      if ('ready' in m && m.ready) resolve();
      else reject('ready' in m && !m.ready ? rebuildError(m.error) : new Error('database thread: unexpected first message'));
    });
    worker.ref();
  });
  worker.unref();

  worker.on('message', (m: Reply) => {
    if ('notify' in m) {
      for (const listener of listeners.get(m.notify) ?? []) listener(m.payload);
      return;
    }
    if (!('id' in m)) return;
    const waiter = pending.get(m.id);
    if (!waiter) return;
    pending.delete(m.id);
    settle();
    if (m.ok) waiter.resolve(m.value);
    else waiter.reject(rebuildError(m.error));
  });
  const lost = (err: Error) => {
    failure = err;
    for (const waiter of pending.values()) waiter.reject(err);
    pending.clear();
  };
  worker.on('error', (err) => lost(new Error(`database thread failed: ${err.message}`)));
  worker.on('exit', (code) => lost(new Error(`database thread ended (${code})`)));

  const call = <T>(request: Outgoing): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...request, id } as Request);
    });
  };

  const queries = (tx?: number): PgliteThreadQueries => ({
    query: (sql, params, options) =>
      call({
        op: 'query',
        sql,
        params,
        tx,
        rowMode: options?.rowMode,
        textTypes: Object.keys(options?.parsers ?? {}).map(Number),
      }),
    exec: (sql) => call({ op: 'exec', sql, tx }),
  });

  return {
    ...queries(),
    async transaction(work) {
      const tx = await call<number>({ op: 'begin' });
      let ended = false;
      const end = async (commit: boolean) => {
        if (ended) return;
        ended = true;
        await call({ op: 'end', tx, commit });
      };
      const handle = {
        ...queries(tx),
        rollback: () => end(false),
        get closed() {
          return ended;
        },
      };
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(handle);
      } catch (err) {
        await end(false).catch(() => undefined);
        throw err;
      }
      await end(true);
      return result;
    },
    async listen(channel, onNotify) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await call({ op: 'listen', channel });
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
        if (set.size === 0 && listeners.get(channel) === set && !closed) {
          listeners.delete(channel);
          await call({ op: 'unlisten', channel });
        }
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await call({ op: 'close' });
      // Held until the thread has ended: unreferenced, the process could exit mid-await and skip
      // whatever its caller does after closing (a script's last lines).
      worker.ref();
      await worker.terminate();
    },
    get closed() {
      return closed;
    },
  };
}
