import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { countHit, sweepCounters } from '../services/rate-counters';
import { HttpError, MESSAGES } from './errors';

/**
 * Fixed-window limit per client address whose counters live in the database (rate_limit_counters),
 * so several servers on one PostgreSQL share them. Costs one upsert per request: meant for writes
 * (forms, sign-up, uploads), not for the search calls (synced-rate-limit.ts).
 */
export function sharedRateLimit(opts: {
  db: Db;
  /** Name of the counter; routes given the same bucket share one allowance. */
  bucket: string;
  limit: number;
  windowSeconds: number;
  clientIp: (c: Context) => string;
  message?: (retryAfterSeconds: number) => string;
}): MiddlewareHandler {
  let lastSweep = 0;
  return async (c, next) => {
    const { hits, retryAfterSeconds } = await countHit(opts.db, opts.bucket, opts.clientIp(c), opts.windowSeconds);
    if (Date.now() - lastSweep > opts.windowSeconds * 1000) {
      lastSweep = Date.now();
      // Not awaited: a request never waits for the housekeeping, and a failed sweep is tried next window.
      sweepCounters(opts.db, opts.bucket, opts.windowSeconds * 2).catch(() => undefined);
    }
    if (hits > opts.limit) {
      throw new HttpError(429, opts.message?.(retryAfterSeconds) ?? MESSAGES.tooManyFa, undefined, {
        'Retry-After': String(retryAfterSeconds),
      });
    }
    await next();
  };
}

/** The refusal a person reads: how long to wait, in whole minutes (Persian digits). */
export const retryLaterFa = (seconds: number): string =>
  `درخواست‌های شما بیش از حد مجاز بود؛ لطفاً ${Math.max(1, Math.ceil(seconds / 60)).toLocaleString('fa-IR')} دقیقه دیگر دوباره تلاش کنید.`;
