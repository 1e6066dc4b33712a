/** The customer's own reviews for the dashboard, with the product each one is about. */
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { products, reviews } from '../../db/schema';

const PAGE_SIZE = 10;

export const ownReviewsResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      rating: z.number().int(),
      content: z.string(),
      date: z.string(),
      product: z.object({ slug: z.string(), name: z.string(), nameFa: z.string().nullable() }),
    }),
  ),
  pages: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});

export async function listOwnReviews(db: Db, userId: number, page: number) {
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      content: reviews.content,
      createdAt: reviews.createdAt,
      slug: products.slug,
      name: products.name,
      nameFa: products.nameFa,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      content: r.content,
      date: r.createdAt.toISOString(),
      product: { slug: r.slug, name: r.name, nameFa: r.nameFa },
    })),
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    page,
    total,
  };
}
