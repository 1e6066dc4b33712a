/** Calls behind the shopper's wishlist and compare list (the lists themselves live in the browser). */
import { productsByIdsQuerySchema, productsByIdsResponseSchema } from '../../api/schemas/lists';
import { defineRoute } from '../http/route';
import { productsByIds } from '../services/product-batch';

const tags = ['catalogue'];

export const listRoutes = [
  defineRoute({
    method: 'get',
    path: '/products/by-ids',
    tags,
    summary:
      'Current cards, attributes and datasheet of up to 100 products by id (wishlist and compare pages), in the order asked; hidden or unknown ids come back in `missing`.',
    query: productsByIdsQuerySchema,
    response: productsByIdsResponseSchema,
    handler: async ({ query, deps }) => ({
      data: await deps.cache.get(`by-ids:${query.ids.join(',')}`, () => productsByIds(deps.db, query.ids)),
    }),
  }),
];
