/**
 * Bulk reads for the static storefront build: the product index, full products in large pages, and
 * what changed since a time (incremental rebuilds). Read straight from the database, not the read
 * cache: a build reads each product once, and a rebuild must see the change it was started for.
 * Only the build may call them: without its token they answer 404 (src/server/http/build-token.ts).
 */
import {
  exportChangesQuerySchema,
  exportChangesResponseSchema,
  exportIndexQuerySchema,
  exportIndexResponseSchema,
  exportProductsQuerySchema,
  exportProductsResponseSchema,
} from '../../api/schemas/export';
import { defineRoute } from '../http/route';
import { exportChanges, exportIndex, exportProducts } from '../services/catalogue-export';

const tags = ['export'];

export const exportRoutes = [
  defineRoute({
    method: 'get',
    path: '/export/index',
    tags,
    summary:
      'Every public product (id, slug, updatedAt) in id order, with the server time and catalogue version; optionally only those under some categories, or a keyset page (after, limit up to 50,000; next).',
    query: exportIndexQuerySchema,
    response: exportIndexResponseSchema,
    handler: async ({ query, deps }) => ({
      data: await exportIndex(deps.db, query.categories, { after: query.after, limit: query.limit }),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/export/products',
    tags,
    summary: 'Full product view models with id > after, in id order, up to limit (1000); optionally only those changed since.',
    query: exportProductsQuerySchema,
    response: exportProductsResponseSchema,
    handler: async ({ query, deps }) => ({ data: await exportProducts(deps.db, query) }),
  }),
  defineRoute({
    method: 'get',
    path: '/export/changes',
    tags,
    summary: 'Slugs of products changed or removed, categories, pages and blog posts changed after since (ISO time).',
    query: exportChangesQuerySchema,
    response: exportChangesResponseSchema,
    handler: async ({ query, deps }) => ({ data: await exportChanges(deps.db, query.since) }),
  }),
];
