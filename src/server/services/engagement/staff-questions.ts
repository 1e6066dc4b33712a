/**
 * The staff console's side of product questions: the questions waiting for an answer (oldest first,
 * so nobody waits longest), and answering one. An answer is a child comment marked isAdmin, written
 * with its staff_actions row in one transaction.
 */
import { and, asc, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import { ENGAGEMENT_MESSAGES, type Comment, type StaffQuestion } from '../../../api/schemas/engagement';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { enqueueQuestionAnswered } from '../../notifications/engagement-events';
import { comments, products, staffActions, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { UserRow } from '../accounts/users';
import { toCommentCore, withAnswers } from './comments';

const answered = sql`exists (select 1 from comments a where a.parent_id = ${comments.id} and a.is_admin)`;

export async function staffListQuestions(db: Db, state: 'unanswered' | 'answered' | 'all'): Promise<StaffQuestion[]> {
  const filter = state === 'all' ? undefined : state === 'answered' ? answered : not(answered);
  const rows = await db
    .select({
      q: comments,
      slug: products.slug,
      name: products.name,
      nameFa: products.nameFa,
      partNumber: products.partNumber,
      customer: users.username,
    })
    .from(comments)
    .innerJoin(products, eq(products.id, comments.productId))
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(isNull(comments.parentId), filter))
    .orderBy(state === 'unanswered' ? asc(comments.createdAt) : desc(comments.createdAt), asc(comments.id))
    .limit(200);
  const threads = await withAnswers(
    db,
    rows.map((r) => r.q),
  );
  return rows.map((r, i) => ({
    ...threads[i]!,
    product: { id: r.q.productId, slug: r.slug, name: r.nameFa || r.name, partNumber: r.partNumber },
    customer: r.customer,
    approved: r.q.approved,
  }));
}

export async function answerQuestion(
  db: Db,
  staff: Pick<UserRow, 'id' | 'name' | 'username'>,
  questionId: number,
  content: string,
  config?: Config,
): Promise<Comment> {
  const id = await db.transaction(async (tx) => {
    const [question] = await tx.select().from(comments).where(eq(comments.id, questionId)).limit(1);
    if (!question) throw notFound();
    if (question.parentId !== null) throw new HttpError(409, ENGAGEMENT_MESSAGES.notQuestion);
    // An answered question is published: staff would not answer what they do not want shown.
    if (!question.approved) await tx.update(comments).set({ approved: true }).where(eq(comments.id, question.id));
    const [answer] = await tx
      .insert(comments)
      .values({
        productId: question.productId,
        parentId: question.id,
        userId: staff.id,
        author: staff.name || staff.username,
        content,
        isAdmin: true,
      })
      .returning({ id: comments.id });
    await tx.insert(staffActions).values({
      staffId: staff.id,
      action: 'question.answer',
      entity: 'comment',
      entityId: question.id,
      details: { answerId: answer!.id },
    });
    if (config) await enqueueQuestionAnswered(tx, config, question.id, answer!.id);
    return question.id;
  });
  const [question] = await db
    .select()
    .from(comments)
    .where(inArray(comments.id, [id]));
  const [thread] = await withAnswers(db, [question!]);
  return thread ?? { ...toCommentCore(question!), children: [] };
}
