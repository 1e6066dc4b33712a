import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { addHits, sweepCounters } from '../services/rate-counters';
import { HttpError, MESSAGES } from './errors';

/** How often each server hands its counts to the database and learns the others'. */
export const RATE_SYNC_MS = 250;

interface Counter {
  /** Hits on this server not yet handed to the database. */
  pending: number;
  /** The shared count (every server) at the last sync, this server's hits then included. */
  shared: number;
  /** When the shared window ends (this server's clock). */
  resetAt: number;
}

/**
 * A per-address limit shared by every server on one PostgreSQL without a database round trip per
 * request, for the search calls (each upsert would cost more than a cached answer): hits are counted in
 * memory and added to rate_limit_counters every RATE_SYNC_MS in one statement, which answers the
 * total of all servers. Once an address has used half its allowance (as this server knows it), each
 * further hit is counted in the database at once and refused past the limit: a shopper's searches cost
 * no database write, an address near its limit one upsert each. Spread over N servers, an address gets
 * at most the limit plus what the other servers let through below half of it before their next sync.
 */
export function syncedRateLimit(opts: {
  db: Db;
  bucket: string;
  limit: number;
  windowSeconds: number;
  clientIp: (c: Context) => string;
  message?: (retryAfterSeconds: number) => string;
}): MiddlewareHandler & { stop(): Promise<void> } {
  const windowMs = opts.windowSeconds * 1000;
  const counters = new Map<string, Counter>();
  /** The sync under way, if any: one at a time; stop() waits for it before its own last one. */
  let syncing: Promise<void> | null = null;
  let lastSweep = Date.now();

  const sync = (): Promise<void> => {
    if (syncing) return syncing;
    syncing = handOver().finally(() => {
      syncing = null;
    });
    return syncing;
  };
  const handOver = async () => {
    const now = Date.now();
    const handed = new Map<string, number>();
    for (const [key, counter] of counters) {
      if (counter.pending > 0) handed.set(key, counter.pending);
      else if (now >= counter.resetAt) counters.delete(key);
    }
    try {
      const totals = await addHits(opts.db, opts.bucket, handed, opts.windowSeconds);
      for (const [key, hit] of totals) {
        const counter = counters.get(key);
        if (!counter) continue;
        counter.pending -= handed.get(key) ?? 0;
        counter.shared = hit.hits;
        counter.resetAt = Date.now() + hit.retryAfterSeconds * 1000;
      }
      if (now - lastSweep > windowMs) {
        lastSweep = now;
        await sweepCounters(opts.db, opts.bucket, opts.windowSeconds * 2);
      }
    } catch (err) {
      // The database is unreachable (or closed): these hits stay counted on this server alone, not
      // handed over again and again.
      for (const [key, n] of handed) {
        const counter = counters.get(key);
        if (counter) {
          counter.pending -= n;
          counter.shared += n;
        }
      }
      console.error(`rate limit ${opts.bucket}: sync failed (${(err as Error).message})`);
    }
  };
  const timer = setInterval(() => void sync(), RATE_SYNC_MS);
  timer.unref();

  const refuse = (now: number, resetAt: number): never => {
    const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
    throw new HttpError(429, opts.message?.(retryAfter) ?? MESSAGES.tooManyFa, undefined, { 'Retry-After': String(retryAfter) });
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const now = Date.now();
    const key = opts.clientIp(c);
    let counter = counters.get(key);
    if (!counter) {
      counter = { pending: 0, shared: 0, resetAt: now + windowMs };
      counters.set(key, counter);
    } else if (now >= counter.resetAt) {
      // The shared window is over: what this server counted since then is all that is known.
      counter.shared = 0;
      counter.resetAt = now + windowMs;
    }
    if ((counter.shared + counter.pending + 1) * 2 > opts.limit) {
      // Half the allowance used, as far as this server knows: from here each hit is counted in the
      // database at once (one upsert), so the servers together stop the address at the limit, give or
      // take what the others counted since their last sync.
      const hit = await addHits(opts.db, opts.bucket, new Map([[key, 1]]), opts.windowSeconds).then(
        (totals) => totals.get(key)!,
        (err: Error) => {
          console.error(`rate limit ${opts.bucket}: counting in the database failed (${err.message})`);
          return null;
        },
      );
      if (hit) {
        counter.shared = hit.hits;
        counter.resetAt = Date.now() + hit.retryAfterSeconds * 1000;
      } else {
        // Database unreachable: this server's own count decides (the request itself is answered anyway).
        counter.shared++;
      }
      if (counter.shared + counter.pending > opts.limit) refuse(now, counter.resetAt);
    } else {
      counter.pending++;
    }
    await next();
  };
  // On close, while the database is still open: the last hits handed over, and no sync after it closes.
  // A sync under way took its counts before the latest hits (on a loaded machine it may still be waiting
  // on the database): it is let end, then one more hands over what came after it.
  const stop = async () => {
    clearInterval(timer);
    await syncing;
    await sync();
  };
  return Object.assign(middleware, { stop });
}
