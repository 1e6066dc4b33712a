import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { EVERYTHING, productsChanged, type CatalogueChange, type ReadCache } from './read-cache';
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

/** The channel the catalogue tables' triggers notify (migrations 0012, 0020) on every change, at commit. */
export const CATALOGUE_CHANNEL = 'qateh_catalogue';

// The most products one change names: past it (an import, a reprice) everything is built again anyway.
const MAX_NAMED = 700;

/**
 * What a notification says changed: "products:1,2,3" (migration 0020's triggers) names the products;
 * "counts" is a category's product count recounted after a product change (named in its own notice);
 * a table's name, or no payload (a LISTEN connection that was lost and came back), means anything.
 */
export function changeOfNotice(payload: string | undefined): CatalogueChange {
  if (payload === 'counts') return productsChanged([]);
  const named = /^products:(\d+(?:,\d+)*)$/.exec(payload ?? '');
  return named ? productsChanged(named[1]!.split(',').map(Number)) : EVERYTHING;
}

/**
 * Drops the read cache as soon as any process on the database commits a change to what shoppers read:
 * another instance behind the same proxy, an import, a staff tool. Milliseconds instead of the
 * version check's interval, which stays as the safety net. The change's product ids go with it, so the
 * search index and card cache patch just those (ReadCache.changedSince).
 */
export function listenForCatalogueChanges(database: Database, cache: ReadCache): Promise<() => Promise<void>> {
  return database.listen(CATALOGUE_CHANNEL, (payload) => cache.invalidate(changeOfNotice(payload)));
}

/** The newest product change, and the newest change to anything else a shopper reads. */
async function versions(db: Db): Promise<{ products: string; rest: string }> {
  const result = await db.execute(sql`select (select max(updated_at) from products)::text as products, greatest(
      (select max(updated_at) from categories), (select max(updated_at) from content_pages),
      (select max(updated_at) from blog_posts), (select max(updated_at) from site_revisions)
    )::text as rest`);
  const row = rowsOf<{ products: string | null; rest: string | null }>(result)[0];
  return { products: row?.products ?? '', rest: row?.rest ?? '' };
}

/**
 * Drops the read cache when the catalogue changed behind this process's back (an import or a staff
 * tool writing to the same PostgreSQL). Writes made through this server invalidate at once anyway.
 * When only products changed it names them: those whose updated_at is past the last look's newest. A
 * writer whose transaction began before that look but committed after it carries an older updated_at
 * and is not seen here; its NOTIFY is (this check is the safety net, not the path).
 */
export async function watchCatalogueVersion(db: Db, cache: ReadCache, intervalMs = 5000): Promise<() => void> {
  // Read the starting point now, so a change made right after start-up is not taken as the baseline.
  let last = await versions(db);
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const v = await versions(db);
      if (v.rest !== last.rest || (v.products !== last.products && !last.products)) cache.invalidate(EVERYTHING);
      else if (v.products !== last.products) {
        const ids = rowsOf<{ id: number }>(
          await db.execute(sql`select id from products
            where updated_at > ${last.products}::timestamptz limit ${MAX_NAMED + 1}`),
        ).map((r) => r.id);
        cache.invalidate(ids.length > MAX_NAMED ? EVERYTHING : productsChanged(ids));
      }
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
