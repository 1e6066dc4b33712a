import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import type { ReadCache } from './read-cache';
import { rowsOf } from '../db/rows';

/** The newest change to anything a shopper reads: products, categories, content. */
export async function catalogueVersion(db: Db): Promise<string> {
  const result = await db.execute(sql`select greatest(
      (select max(updated_at) from products), (select max(updated_at) from categories),
      (select max(updated_at) from content_pages), (select max(updated_at) from blog_posts),
      (select max(updated_at) from site_revisions)
    )::text as v`);
  return rowsOf<{ v: string | null }>(result)[0]?.v ?? '';
}

/** The channel the catalogue tables' triggers notify (migration 0008) on every change, at commit. */
export const CATALOGUE_CHANNEL = 'qateh_catalogue';

/**
 * Drops the read cache as soon as any process on the database commits a change to what shoppers read:
 * another instance behind the same proxy, an import, a staff tool. Milliseconds instead of the
 * version check's interval, which stays as the safety net.
 */
export function listenForCatalogueChanges(database: Database, cache: ReadCache): Promise<() => Promise<void>> {
  return database.listen(CATALOGUE_CHANNEL, () => cache.invalidate());
}

/**
 * Drops the read cache when the catalogue changed behind this process's back (an import or a staff
 * tool writing to the same PostgreSQL). Writes made through this server invalidate at once anyway.
 */
export async function watchCatalogueVersion(db: Db, cache: ReadCache, intervalMs = 5000): Promise<() => void> {
  // Read the starting point now, so a change made right after start-up is not taken as the baseline.
  let last = await catalogueVersion(db);
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const v = await catalogueVersion(db);
      if (v !== last) cache.invalidate();
      last = v;
    } catch (err) {
      console.error('catalogue version check failed:', err);
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
