import { summeryResponseSchema } from '../../api/schemas/content';
import { defineRoute } from '../http/route';
import { cachedSearchStats, STATS_CACHE_SECONDS } from '../services/search-stats';

export const statsRoutes = [
  defineRoute({
    method: 'get',
    path: '/summery',
    tags: ['content'],
    summary: `Footer search statistics (total, last 7 Tehran days, yesterday, today), refreshed every ${STATS_CACHE_SECONDS} s.`,
    response: summeryResponseSchema,
    handler: async ({ deps }) => ({ success: { data: await cachedSearchStats(deps.db, deps.cache) } }),
  }),
];
