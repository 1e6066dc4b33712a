import { productListSchema, suggestionResponseSchema, type ProductList, type SuggestionResponse } from '../../api/schemas/catalogue';
import { getProductQuerySchema, suggestionQuerySchema } from '../../api/schemas/search';
import type { AppDeps } from '../context';
import { EncodedJson } from '../http/json-answer';
import { defineRoute } from '../http/route';
import type { WorkLane } from '../http/work-queue';
import type { SearchJob } from '../services/search/search-thread-messages';
import { listProducts } from '../services/search/listing';
import { suggestProducts } from '../services/search/suggest';

// A cached answer is sent as soon as its request is parsed; one that must be computed waits its turn
// (src/server/http/work-queue.ts) on this thread (deps.work), so health and pages are never queued
// behind it, or for the search thread (deps.searchThread, PostgreSQL).

/** Cache key of a validated query: stable whatever order the parameters came in. */
const keyOf = (name: string, q: object) => `${name}:${JSON.stringify(q, Object.keys(q).sort())}`;

/**
 * One search's answer as the read cache keeps it: what is sent (the answer without the `searched` mark,
 * or its JSON made by the search thread: one object per cached result, so its bytes are made and
 * compressed once, src/server/http/json-answer.ts), and what the search log keeps of it.
 */
interface Found {
  answer: object;
  total: number;
  searched: string | null;
}

function found<T extends { searched: string | null; total: number }>(result: T): Found {
  const { searched, ...answer } = result;
  return { answer, total: result.total, searched };
}

/** Computed in the search thread when there is one (PostgreSQL), else on this thread in its turn. */
function search(deps: AppDeps, job: SearchJob, lane: WorkLane): Promise<Found> {
  if (deps.searchThread) {
    return deps.searchThread.ask(job, lane).then((a) => ({ answer: new EncodedJson(a.json), total: a.total, searched: a.searched }));
  }
  return deps.work.run(
    async () =>
      found(
        job.kind === 'suggestion'
          ? await suggestProducts(deps.db, job.query, deps.search)
          : await listProducts(deps.db, job.query, deps.search),
      ),
    lane,
  );
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
      // A listing without a search text matches nothing: a cheaper job than a search page (work-queue.ts).
      const listing = await deps.cache.get(keyOf('getProduct', query), () =>
        search(deps, { kind: 'listing', query }, text ? 'heavy' : 'listing'),
      );
      if (listing.searched) {
        deps.searchLog.record({
          query: text || '',
          categorySlug: query.filter_category ?? null,
          resultsCount: listing.total,
          source: 'listing',
        });
      }
      return listing.answer as ProductList | EncodedJson;
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
      const suggested = await deps.cache.get(keyOf('suggestion', query), () => search(deps, { kind: 'suggestion', query }, 'quick'));
      return suggested.answer as SuggestionResponse | EncodedJson;
    },
  }),
];
