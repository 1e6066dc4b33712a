import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters (per bucket and client address), kept in the database so that every
 * server on one PostgreSQL counts the same hits. One row per bucket and address, reset in place when
 * its window is over; rows of past windows are swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('rate_limit_counters_window_idx').on(t.windowStart)],
);

/** Solved captcha challenges, each accepted once by any server, until the challenge expires anyway. */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    challenge: text('challenge').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captchas_expires_idx').on(t.expiresAt)],
);
