/**
 * The thread that owns the embedded database (see pglite-thread.ts): it opens PGlite and runs what the
 * server's thread sends, one message per query, transaction step or notification channel. PGlite's
 * own lock keeps its single session in order: a query that arrives while a transaction is open
 * waits for it, as it would in the server's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Reply, Request, SentError, ThreadData } from './pglite-messages';
import { tarballForPglite } from './pglite-tarball';

const port = parentPort!;
const { dataDir, setup, startFrom } = workerData as ThreadData;

/** Open transactions by id: their PGlite handle and the way to end them. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
const listening = new Map<string, () => Promise<void>>();
let nextTx = 1;

const send = (reply: Reply) => port.postMessage(reply);

/** Errors cross the thread as their message and fields (PostgreSQL's code, detail, constraint, …). */
function sent(err: unknown): SentError {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields = Object.fromEntries(Object.entries(e).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v)));
  return { name: e.name, message: e.message, fields };
}

/** drizzle asks PGlite to hand some types over as text; its parsers are all "keep the text". */
const keepText = (types: number[]) => Object.fromEntries(types.map((t) => [t, (value: string) => value]));

async function main() {
  const loadDataDir = startFrom ? tarballForPglite(startFrom) : undefined;
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  if (setup) await db.exec(setup);

  const run = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const target = request.tx ? open.get(request.tx)?.tx : db;
        if (!target) throw new Error('transaction already ended');
        return target.query(request.sql, request.params, { rowMode: request.rowMode, parsers: keepText(request.textTypes) });
      }
      case 'exec': {
        const target = request.tx ? open.get(request.tx)?.tx : db;
        if (!target) throw new Error('transaction already ended');
        return target.exec(request.sql);
      }
      case 'begin': {
        const txId = nextTx++;
        // Resolves once PGlite has begun the transaction (after any other one ended).
        return new Promise<number>((started, failed) => {
          let end!: (commit: boolean) => void;
          const decided = new Promise<boolean>((resolve) => {
            end = resolve;
          });
          const done = db
            .transaction(async (tx) => {
              open.set(txId, { tx, end, done });
              started(txId);
              if (!(await decided)) await tx.rollback();
            })
            .then(() => undefined);
          done.catch(failed).finally(() => open.delete(txId));
        });
      }
      case 'end': {
        const entry = open.get(request.tx);
        if (!entry) throw new Error('transaction already ended');
        entry.end(request.commit);
        await entry.done;
        return null;
      }
      case 'listen': {
        if (!listening.has(request.channel)) {
          listening.set(request.channel, await db.listen(request.channel, (payload) => send({ notify: request.channel, payload })));
        }
        return null;
      }
      case 'unlisten': {
        await listening.get(request.channel)?.();
        listening.delete(request.channel);
        return null;
      }
      case 'close': {
        await db.close();
        return null;
      }
    }
  };

  port.on('message', (request: Request) => {
    run(request).then(
      (value) => send({ id: request.id, ok: true, value }),
      (err: unknown) => send({ id: request.id, ok: false, error: sent(err) }),
    );
  });
  send({ ready: true });
}

main().catch((err: unknown) => send({ ready: false, error: sent(err) }));
