import { count, sql } from 'drizzle-orm';
import type { SearchStats } from '../../api/schemas/content';
import type { Db } from '../db/client';
import { searchLog } from '../db/schema';
import type { ReadCache } from './read-cache';

/**
 * Footer search statistics. Days are calendar days in Tehran (the store's time), whatever the
 * database server's zone:
 *  - today_search: since Tehran midnight today;
 *  - yesterday_search: the whole previous Tehran day;
 *  - lastweek_search: the last seven Tehran days, today included (today and the six days before it);
 *  - total_search: every logged search.
 * One scan with FILTER clauses instead of four queries.
 */
export async function searchStats(db: Db): Promise<SearchStats> {
  const day = sql`(${searchLog.createdAt} at time zone 'Asia/Tehran')::date`;
  const today = sql`(now() at time zone 'Asia/Tehran')::date`;
  const [row] = await db
    .select({
      total: count(),
      lastweek: sql<number>`count(*) filter (where ${day} > ${today} - 7 and ${day} <= ${today})`,
      yesterday: sql<number>`count(*) filter (where ${day} = ${today} - 1)`,
      today: sql<number>`count(*) filter (where ${day} = ${today})`,
    })
    .from(searchLog);
  return {
    total_search: Number(row?.total ?? 0),
    lastweek_search: Number(row?.lastweek ?? 0),
    yesterday_search: Number(row?.yesterday ?? 0),
    today_search: Number(row?.today ?? 0),
  };
}

export const STATS_CACHE_SECONDS = 60;

/**
 * The footer asks on every page, so the answer is reused for up to a minute: the key carries the
 * current minute, and older minutes simply age out of the LRU.
 */
export function cachedSearchStats(db: Db, cache: ReadCache, now = Date.now()): Promise<SearchStats> {
  const bucket = Math.floor(now / (STATS_CACHE_SECONDS * 1000));
  return cache.get(`summery:${bucket}`, () => searchStats(db));
}
