import { productListSchema, suggestionResponseSchema } from '../../api/schemas/catalogue';
import { getProductQuerySchema, suggestionQuerySchema } from '../../api/schemas/search';
import { defineRoute } from '../http/route';
import { listProducts } from '../services/search/listing';
import { suggestProducts } from '../services/search/suggest';

// A cached answer is sent as soon as its request is parsed; one that must be computed waits its turn
// on the thread (deps.work, src/server/http/work-queue.ts), so health and pages are never queued behind it.

/** Cache key of a validated query: stable whatever order the parameters came in. */
const keyOf = (name: string, q: object) => `${name}:${JSON.stringify(q, Object.keys(q).sort())}`;

/**
 * The answer without the `searched` mark, one object per cached result: the same object on every hit,
 * so its JSON and compressed bytes are made once (src/server/http/json-answer.ts).
 */
const answers = new WeakMap<object, object>();
function answerOf<T extends { searched?: unknown }>(result: T): Omit<T, 'searched'> {
  let answer = answers.get(result) as Omit<T, 'searched'> | undefined;
  if (!answer) {
    const { searched: _searched, ...rest } = result;
    answer = rest;
    answers.set(result, answer);
  }
  return answer;
}

export const searchRoutes = [
  defineRoute({
    method: 'get',
    path: '/getProduct',
    summary: 'Catalogue listing and search, with the sidebar filters of the result set',
    tags: ['search'],
    query: getProductQuerySchema,
    response: productListSchema,
    errors: [404, 429, 503],
    async handler({ query, deps }) {
      const text = query.filter_part || query.filter_searchPart;
      const listing = await deps.cache.get(keyOf('getProduct', query), () =>
        // A listing without a search text matches nothing: a cheaper job than a search page (work-queue.ts).
        deps.work.run(() => listProducts(deps.db, query, deps.search), text ? 'heavy' : 'listing'),
      );
      const list = answerOf(listing);
      if (listing.searched) {
        deps.searchLog.record({
          query: text || '',
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
    errors: [404, 429, 503],
    async handler({ query, deps }) {
      return answerOf(
        await deps.cache.get(keyOf('suggestion', query), () => deps.work.run(() => suggestProducts(deps.db, query, deps.search), 'quick')),
      );
    },
  }),
];
