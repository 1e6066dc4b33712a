import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { notFound } from '../http/errors';
import { PRODUCT_NOT_FOUND } from './product-lists';
import { productIsPublic } from './product-views';

/**
 * Counts one product-page view. A single UPDATE ... SET views = views + 1, so concurrent views never
 * lose a count. The read cache is deliberately left alone: a view count a little behind on a cached
 * product page is harmless, while dropping the whole cache on every page view would defeat it.
 */
export async function increaseProductViews(db: Db, id: number): Promise<number> {
  const [row] = await db.update(products)
    .set({ views: sql`${products.views} + 1` })
    .where(and(eq(products.id, id), productIsPublic))
    .returning({ views: products.views });
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row.views;
}
