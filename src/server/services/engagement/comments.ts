/**
 * Product questions (comments) and their staff answers. A question is a row without a parent; answers
 * are its children marked isAdmin (spec §3: "children, admin answers labelled Admin"). The public list
 * pages questions, newest first, each with its answers oldest first.
 */
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_PAGE_SIZE,
  type Comment,
  type CommentBody,
  type CommentList,
} from '../../../api/schemas/engagement';
import type { Db } from '../../db/client';
import { comments } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { UserRow } from '../accounts/users';
import { pageCount, publicProductRef } from './product-ref';

type CommentRow = typeof comments.$inferSelect;

export const toCommentCore = (r: Pick<CommentRow, 'id' | 'author' | 'content' | 'createdAt' | 'isAdmin'>) => ({
  id: r.id,
  author: r.author,
  avatar: null,
  text: r.content,
  date: r.createdAt.toISOString(),
  isAdmin: r.isAdmin,
});

/** Questions with their answers attached, in the order of `questions`. */
export async function withAnswers(db: Db, questions: CommentRow[]): Promise<Comment[]> {
  const ids = questions.map((q) => q.id);
  const answers =
    ids.length === 0
      ? []
      : await db.select().from(comments).where(inArray(comments.parentId, ids)).orderBy(asc(comments.createdAt), asc(comments.id));
  return questions.map((q) => ({ ...toCommentCore(q), children: answers.filter((a) => a.parentId === q.id).map(toCommentCore) }));
}

export async function listComments(db: Db, productId: number, page: number): Promise<CommentList> {
  await publicProductRef(db, productId);
  const top = and(eq(comments.productId, productId), isNull(comments.parentId), eq(comments.approved, true));
  const [stats] = await db.select({ total: count() }).from(comments).where(top);
  const total = stats?.total ?? 0;
  const questions = await db
    .select()
    .from(comments)
    .where(top)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(ENGAGEMENT_PAGE_SIZE)
    .offset((page - 1) * ENGAGEMENT_PAGE_SIZE);
  return { items: await withAnswers(db, questions), page, pages: pageCount(total, ENGAGEMENT_PAGE_SIZE), total };
}

export async function createComment(
  db: Db,
  user: Pick<UserRow, 'id' | 'name' | 'username'>,
  body: CommentBody,
  approved = true,
): Promise<Comment> {
  return db.transaction(async (tx) => {
    await publicProductRef(tx, body.product_id);
    // A double click or a resent form must not ask the same question twice.
    const [same] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(
        and(
          eq(comments.productId, body.product_id),
          eq(comments.userId, user.id),
          isNull(comments.parentId),
          eq(comments.content, body.content),
        ),
      )
      .limit(1);
    if (same) throw new HttpError(406, ENGAGEMENT_MESSAGES.duplicateQuestion);
    const [row] = await tx
      .insert(comments)
      .values({ productId: body.product_id, userId: user.id, author: user.name || user.username, content: body.content, approved })
      .returning();
    return { ...toCommentCore(row!), children: [] };
  });
}
