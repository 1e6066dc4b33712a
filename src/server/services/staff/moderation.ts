/**
 * Back office engagement: the moderation setting (publish reviews and questions at once or after
 * approval), approving and deleting reviews and questions, the contact inbox and newsletter subscribers.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { moderationModeSchema, STAFF_PEOPLE_MESSAGES as M, type ModerationMode } from '../../../api/schemas/staff-people';
import type { Db } from '../../db/client';
import { comments, contactMessages, newsletterSubscribers, products, reviews, shopSettings } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recountProductRating } from '../engagement/reviews';
import { recordAction } from './audit';

const MODERATION_KEY = 'moderation';

export async function moderationMode(db: Db): Promise<ModerationMode> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, MODERATION_KEY));
  const parsed = moderationModeSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : 'immediate';
}

export async function setModerationMode(db: Db, staffId: number, mode: ModerationMode) {
  await db.transaction(async (tx) => {
    await tx
      .insert(shopSettings)
      .values({ key: MODERATION_KEY, value: mode })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: mode, updatedAt: sql`now()` } });
    await recordAction(tx, staffId, 'setting.moderation', 'setting', 1, { mode });
  });
}

export async function staffListReviews(db: Db, state: 'pending' | 'approved' | 'all') {
  const filter = state === 'all' ? undefined : eq(reviews.approved, state === 'approved');
  const rows = await db
    .select({ r: reviews, slug: products.slug, name: products.name, nameFa: products.nameFa, partNumber: products.partNumber })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(filter)
    .orderBy(state === 'pending' ? reviews.createdAt : desc(reviews.createdAt), reviews.id)
    .limit(200);
  return rows.map(({ r, ...p }) => ({
    id: r.id,
    approved: r.approved,
    rating: r.rating,
    text: r.content,
    author: r.author,
    date: r.createdAt.toISOString(),
    product: { id: r.productId, slug: p.slug, name: p.nameFa || p.name, partNumber: p.partNumber },
  }));
}

/** Approving counts the review into the product's stars (and its page is rendered again). Returns the product's id. */
export async function approveReview(db: Db, staffId: number, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(reviews).set({ approved: true }).where(eq(reviews.id, id)).returning({ productId: reviews.productId });
    if (!row) throw notFound(M.reviewMissing);
    await recountProductRating(tx, row.productId);
    await recordAction(tx, staffId, 'review.approve', 'review', id);
    return row.productId;
  });
}

/** Returns the product's id. */
export async function deleteReview(db: Db, staffId: number, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reviews)
      .where(eq(reviews.id, id))
      .returning({ productId: reviews.productId, content: reviews.content, author: reviews.author });
    if (!row) throw notFound(M.reviewMissing);
    await recountProductRating(tx, row.productId);
    await recordAction(tx, staffId, 'review.delete', 'review', id, { author: row.author, content: row.content });
    return row.productId;
  });
}

async function questionRow(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), isNull(comments.parentId)));
  if (!row) throw notFound(M.questionMissing);
  return row;
}

export async function approveQuestion(db: Db, staffId: number, id: number) {
  await questionRow(db, id);
  await db.transaction(async (tx) => {
    await tx.update(comments).set({ approved: true }).where(eq(comments.id, id));
    await recordAction(tx, staffId, 'question.approve', 'comment', id);
  });
}

/** Deletes a question with its answers (or a single answer). */
export async function deleteComment(db: Db, staffId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(comments).where(eq(comments.id, id)).returning({ content: comments.content, author: comments.author });
    if (!row) throw notFound(M.questionMissing);
    await recordAction(tx, staffId, 'comment.delete', 'comment', id, { author: row.author, content: row.content });
  });
}

const pages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

export async function contactInbox(db: Db, page: number, limit: number) {
  const [[{ n } = { n: 0 }], rows] = await Promise.all([
    db.select({ n: count() }).from(contactMessages),
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      subject: r.subject,
      comment: r.comment,
      date: r.createdAt.toISOString(),
    })),
    page,
    pages: pages(Number(n), limit),
    total: Number(n),
  };
}

export async function subscriberList(db: Db, page: number, limit: number) {
  const [[{ n } = { n: 0 }], [{ active } = { active: 0 }], rows] = await Promise.all([
    db.select({ n: count() }).from(newsletterSubscribers),
    db.select({ active: count() }).from(newsletterSubscribers).where(isNull(newsletterSubscribers.unsubscribedAt)),
    db
      .select()
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.subscribedAt), desc(newsletterSubscribers.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      email: r.email,
      subscribedAt: r.subscribedAt.toISOString(),
      unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
    })),
    page,
    pages: pages(Number(n), limit),
    total: Number(n),
    active: Number(active),
  };
}
