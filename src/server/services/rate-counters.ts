/**
 * Request counters shared by every server on one database: one atomic upsert per hit counts it and
 * starts a new window when the last one is over, so parallel requests on any instance never slip past
 * the limit (no read-then-write). Time is the database's clock, the same for every instance.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export interface Hit {
  /** Hits of this key in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

export async function countHit(db: Db, bucket: string, key: string, windowSeconds: number): Promise<Hit> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const over = sql`${rateLimitCounters.windowStart} <= now() - ${window}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket, key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key],
      set: {
        hits: sql`CASE WHEN ${over} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
        windowStart: sql`CASE WHEN ${over} THEN now() ELSE ${rateLimitCounters.windowStart} END`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      left: sql<number>`ceil(extract(epoch FROM ${rateLimitCounters.windowStart} + ${window} - now()))::int`,
    });
  return { hits: row!.hits, retryAfterSeconds: Math.max(1, Number(row!.left)) };
}

/**
 * Adds several keys' hits at once (one statement) and answers each key's count in its current window:
 * how the search limiter hands over what it counted in memory since its last sync.
 */
export async function addHits(
  db: Db,
  bucket: string,
  counts: ReadonlyMap<string, number>,
  windowSeconds: number,
): Promise<Map<string, Hit>> {
  if (counts.size === 0) return new Map();
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const over = sql`${rateLimitCounters.windowStart} <= now() - ${window}`;
  const rows = await db
    .insert(rateLimitCounters)
    .values([...counts].map(([key, hits]) => ({ bucket, key, windowStart: sql`now()`, hits })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key],
      set: {
        hits: sql`CASE WHEN ${over} THEN excluded.hits ELSE ${rateLimitCounters.hits} + excluded.hits END`,
        windowStart: sql`CASE WHEN ${over} THEN now() ELSE ${rateLimitCounters.windowStart} END`,
      },
    })
    .returning({
      key: rateLimitCounters.key,
      hits: rateLimitCounters.hits,
      left: sql<number>`ceil(extract(epoch FROM ${rateLimitCounters.windowStart} + ${window} - now()))::int`,
    });
  return new Map(rows.map((r) => [r.key, { hits: r.hits, retryAfterSeconds: Math.max(1, Number(r.left)) }]));
}

/** Deletes counters whose window ended long ago (they would restart at 1 anyway). */
export async function sweepCounters(db: Db, bucket: string, olderThanSeconds: number): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(
      and(eq(rateLimitCounters.bucket, bucket), lt(rateLimitCounters.windowStart, sql`now() - make_interval(secs => ${olderThanSeconds})`)),
    );
}
