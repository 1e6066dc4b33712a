import { productListSchema, suggestionResponseSchema } from '../../api/schemas/catalogue';
import { getProductQuerySchema, suggestionQuerySchema } from '../../api/schemas/search';
import { defineRoute } from '../http/route';
import { listProducts } from '../services/search/listing';
import { suggestProducts } from '../services/search/suggest';

/** Cache key of a validated query: stable whatever order the parameters came in. */
const keyOf = (name: string, q: object) => `${name}:${JSON.stringify(q, Object.keys(q).sort())}`;

export const searchRoutes = [
  defineRoute({
    method: 'get',
    path: '/getProduct',
    summary: 'Catalogue listing and search, with the sidebar filters of the result set',
    tags: ['search'],
    query: getProductQuerySchema,
    response: productListSchema,
    errors: [404, 429],
    async handler({ query, deps }) {
      const { searched, ...list } = await deps.cache.get(keyOf('getProduct', query), () => listProducts(deps.db, query, deps.search));
      if (searched) {
        deps.searchLog.record({
          query: query.filter_part || query.filter_searchPart || '',
          categorySlug: query.filter_category ?? null,
          resultsCount: list.total,
          source: 'listing',
        });
      }
      return list;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/suggestion',
    summary: 'Live search suggestions for the header search box',
    tags: ['search'],
    query: suggestionQuerySchema,
    response: suggestionResponseSchema,
    errors: [404, 429],
    async handler({ query, deps }) {
      const { searched: _searched, ...result } = await deps.cache.get(keyOf('suggestion', query), () =>
        suggestProducts(deps.db, query, deps.search),
      );
      return result;
    },
  }),
];
