/**
 * Shopper engagement calls (spec §7): reviews and questions of a product (read by anyone, posted by
 * signed-in customers), restock requests for out-of-stock parts, and the "most viewed" list.
 */
import { z } from 'zod';
import {
  commentBodySchema,
  commentCreatedSchema,
  commentListResponseSchema,
  ENGAGEMENT_MESSAGES,
  engagementPageQuerySchema,
  engagementProductParamsSchema,
  resupplyBodySchema,
  resupplyCreatedSchema,
  reviewBodySchema,
  reviewCreatedSchema,
  reviewListResponseSchema,
} from '../../api/schemas/engagement';
import { productCardsResponseSchema } from '../../api/schemas/products';
import { requireUser } from '../auth/current-user';
import { clientIpResolver } from '../http/client-ip';
import { defineRoute } from '../http/route';
import { captchaOf } from '../services/captcha';
import { createComment, listComments } from '../services/engagement/comments';
import { createResupplyRequest } from '../services/engagement/resupply';
import { createReview, listReviews } from '../services/engagement/reviews';
import { mostViewedProducts } from '../services/product-popularity';
import { moderationMode } from '../services/staff/moderation';
import { productsChanged } from '../services/read-cache';

const tags = ['engagement'];

export const engagementRoutes = [
  defineRoute({
    method: 'get',
    path: '/reviews/{productId}',
    summary: "A page of a product's reviews, newest first, with its average stars",
    tags,
    params: engagementProductParamsSchema,
    query: engagementPageQuerySchema,
    response: reviewListResponseSchema,
    errors: [404],
    handler: ({ params, query, deps }) => listReviews(deps.db, params.productId, query.page ?? 1),
  }),
  defineRoute({
    method: 'post',
    path: '/reviews',
    summary: "Posts the signed-in customer's review (stars 1–5, default 5); one per customer and product",
    tags,
    body: reviewBodySchema,
    response: reviewCreatedSchema,
    errors: [401, 404, 406],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      const approved = (await moderationMode(deps.db)) === 'immediate';
      const data = await createReview(deps.db, user, body, approved);
      // Cards and product pages carry the average and the count.
      deps.cache.invalidate(productsChanged([body.product_id]));
      return c.json({ message: approved ? ENGAGEMENT_MESSAGES.created : ENGAGEMENT_MESSAGES.pending, data }, 201);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/comments/{productId}',
    summary: "A page of a product's questions, newest first, each with the staff's answers",
    tags,
    params: engagementProductParamsSchema,
    query: engagementPageQuerySchema,
    response: commentListResponseSchema,
    errors: [404],
    handler: ({ params, query, deps }) => listComments(deps.db, params.productId, query.page ?? 1),
  }),
  defineRoute({
    method: 'post',
    path: '/comments',
    summary: 'Asks a question about a product (signed-in customers)',
    tags,
    body: commentBodySchema,
    response: commentCreatedSchema,
    errors: [401, 404, 406],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      const approved = (await moderationMode(deps.db)) === 'immediate';
      return c.json(
        {
          message: approved ? ENGAGEMENT_MESSAGES.created : ENGAGEMENT_MESSAGES.pending,
          data: await createComment(deps.db, user, body, approved),
        },
        201,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/resupply/products',
    summary: 'Asks the store to restock an out-of-stock product (signed-in customers; who asks comes from the session)',
    tags,
    body: resupplyBodySchema,
    response: resupplyCreatedSchema,
    errors: [401, 404, 429, 503],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      await captchaOf(deps).assertHuman(body.captcha, { remoteIp: clientIpResolver(deps.config.TRUST_PROXY)(c), action: 'restock' });
      return c.json({ message: ENGAGEMENT_MESSAGES.created, data: await createResupplyRequest(deps.db, user, body) }, 201);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/most-viewed/products',
    summary: 'Products with the most page views (counted by increaseProductViews)',
    tags,
    query: z.object({
      limit: z
        .string()
        .regex(/^\d{1,2}$/)
        .transform(Number)
        .pipe(z.number().int().min(1).max(50))
        .optional(),
    }),
    response: productCardsResponseSchema,
    handler: async ({ query, deps }) => {
      const limit = query.limit ?? 12;
      // Views move all the time and never invalidate the cache, so the cached list lives one minute.
      const minute = Math.floor(Date.now() / 60_000);
      return { data: await deps.cache.get(`most-viewed:${limit}:${minute}`, () => mostViewedProducts(deps.db, { limit })) };
    },
  }),
];
