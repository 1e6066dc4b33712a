import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { notFound } from '../http/errors';
import { PRODUCT_NOT_FOUND } from './product-lists';
import { loadProductCards, productIsPublic } from './product-views';

/**
 * Counts one product-page view. A single UPDATE ... SET views = views + 1, so concurrent views never
 * lose a count. The read cache is deliberately left alone: a view count a little behind on a cached
 * product page is harmless, while dropping the whole cache on every page view would defeat it.
 */
export async function increaseProductViews(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(products)
    .set({ views: sql`${products.views} + 1` })
    .where(and(eq(products.id, id), productIsPublic))
    .returning({ views: products.views });
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row.views;
}

/**
 * "Most viewed": public products by their real page-view count (increaseProductViews), most first;
 * sales break ties, then the id so the order is stable.
 */
export async function mostViewedProducts(db: Db, opts: { limit: number }) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(productIsPublic)
    .orderBy(desc(products.views), desc(products.salesCount), asc(products.id))
    .limit(opts.limit);
  return loadProductCards(
    db,
    rows.map((r) => r.id),
  );
}
