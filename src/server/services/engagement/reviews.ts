/**
 * Product reviews: a page of them with the product's average, and posting one. A customer may review a
 * product once (unique index on product and user); the product's rating and review count are kept on
 * the product row, recounted in the same transaction as the insert, because every card shows them and
 * cards are read far more often than reviews are written. updated_at moves with them so the static
 * pages that show the stars are rebuilt.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ENGAGEMENT_MESSAGES, ENGAGEMENT_PAGE_SIZE, type Review, type ReviewBody, type ReviewList } from '../../../api/schemas/engagement';
import type { Db } from '../../db/client';
import { products, reviews } from '../../db/schema';
import type { UserRow } from '../accounts/users';
import { HttpError } from '../../http/errors';
import { pageCount, publicProductRef, type Tx } from './product-ref';

type ReviewRow = typeof reviews.$inferSelect;

const toReview = (r: Pick<ReviewRow, 'id' | 'author' | 'rating' | 'content' | 'createdAt'>): Review => ({
  id: r.id,
  author: r.author,
  avatar: null,
  rating: r.rating,
  text: r.content,
  date: r.createdAt.toISOString(),
});

export async function listReviews(db: Db, productId: number, page: number): Promise<ReviewList> {
  await publicProductRef(db, productId);
  const [stats] = await db
    .select({ total: count(), average: sql<number | null>`round(avg(${reviews.rating})::numeric, 1)::float8` })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.approved, true)));
  const total = stats?.total ?? 0;
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.approved, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(ENGAGEMENT_PAGE_SIZE)
    .offset((page - 1) * ENGAGEMENT_PAGE_SIZE);
  return { items: rows.map(toReview), page, pages: pageCount(total, ENGAGEMENT_PAGE_SIZE), total, rating: Number(stats?.average ?? 0) };
}

/** Recounts one product's rating and review count from its reviews (call inside the writing transaction). */
export async function recountProductRating(tx: Tx, productId: number): Promise<{ rating: number; reviews: number }> {
  const [row] = await tx
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(r.rating)::numeric, 1)::real from ${reviews} r where r.product_id = ${productId} and r.approved), 0)`,
      reviewsCount: sql`(select count(*)::int from ${reviews} r where r.product_id = ${productId} and r.approved)`,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, productId))
    .returning({ rating: products.rating, reviews: products.reviewsCount });
  return { rating: row?.rating ?? 0, reviews: row?.reviews ?? 0 };
}

/** approved: false holds the review for staff (the moderation setting); it then counts only once approved. */
export async function createReview(db: Db, user: Pick<UserRow, 'id' | 'name' | 'username'>, body: ReviewBody, approved = true) {
  return db.transaction(async (tx) => {
    await publicProductRef(tx, body.product_id, { lock: true });
    const [row] = await tx
      .insert(reviews)
      .values({
        productId: body.product_id,
        userId: user.id,
        author: user.name || user.username,
        rating: body.star,
        content: body.content,
        approved,
      })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning();
    // Spec §8: a refused review is a 406 whose message the storefront shows in a toast.
    if (!row) throw new HttpError(406, ENGAGEMENT_MESSAGES.duplicateReview);
    const totals = await recountProductRating(tx, body.product_id);
    return { ...toReview(row), productRating: totals.rating, productReviews: totals.reviews };
  });
}
