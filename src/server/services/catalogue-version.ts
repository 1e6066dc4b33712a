import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ReadCache } from './read-cache';

/** The newest change to anything a shopper reads: products, categories, content. */
export async function catalogueVersion(db: Db): Promise<string> {
  const result = await db.execute(sql`select greatest(
      (select max(updated_at) from products), (select max(updated_at) from categories),
      (select max(updated_at) from content_pages), (select max(updated_at) from blog_posts),
      (select max(updated_at) from site_revisions)
    )::text as v`);
  return (result as unknown as { rows: { v: string | null }[] }).rows[0]?.v ?? '';
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
