/** The staff console's engagement calls: questions to answer and restock requests (staff only, actions recorded). */
import { z } from 'zod';
import {
  answerBodySchema,
  commentCreatedSchema,
  ENGAGEMENT_MESSAGES,
  engagementIdParamsSchema,
  resupplyViewSchema,
  staffQuestionSchema,
  staffQuestionsQuerySchema,
  staffResupplyQuerySchema,
} from '../../api/schemas/engagement';
import { defineRoute } from '../http/route';
import { setResupplyStatus, staffListResupply } from '../services/engagement/resupply';
import { answerQuestion, staffListQuestions } from '../services/engagement/staff-questions';
import { requireStaff } from '../auth/staff-guard';

const tags = ['staff'];
const errors = [401, 403, 404, 409];

export const staffEngagementRoutes = [
  defineRoute({
    method: 'get',
    path: '/staff/questions',
    summary: 'Product questions (unanswered ones by default, oldest first)',
    tags,
    query: staffQuestionsQuerySchema,
    response: z.object({ data: z.array(staffQuestionSchema) }),
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListQuestions(deps.db, query.state) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/questions/{id}/answer',
    summary: 'Answers a question; shown under it labelled Admin',
    tags,
    params: engagementIdParamsSchema,
    body: answerBodySchema,
    response: commentCreatedSchema,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return c.json(
        { message: ENGAGEMENT_MESSAGES.created, data: await answerQuestion(deps.db, user, params.id, body.content, deps.config) },
        201,
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/resupply',
    summary: 'Restock and sourcing requests (open ones by default), newest first',
    tags,
    query: staffResupplyQuerySchema,
    response: z.object({ data: z.array(resupplyViewSchema) }),
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListResupply(deps.db, query.status) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/resupply/{id}/{status}',
    summary: 'Marks a restock request answered or closed',
    tags,
    params: engagementIdParamsSchema.extend({ status: z.enum(['answered', 'closed']) }),
    response: z.object({ message: z.string() }),
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await setResupplyStatus(deps.db, user.id, params.id, params.status);
      return { message: ENGAGEMENT_MESSAGES.updated };
    },
  }),
];
