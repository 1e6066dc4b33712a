/** Typed client of the export calls (api/site/v1/export/*) the static build reads in bulk. */
import { ofetch } from 'ofetch';
import type { z } from 'zod';
import { API_PATH } from '../api/client';
import { BUILD_TOKEN_HEADER, processBuildToken } from '../server/http/build-token';
import {
  exportChangesResponseSchema,
  exportIndexResponseSchema,
  exportProductsResponseSchema,
  type ExportChangesParams,
} from '../api/schemas/export';

export function createExportApi(baseUrl: string, timeout = 120_000) {
  const base = baseUrl.replace(/\/+$/, '');
  const $fetch = ofetch.create({
    baseURL: base.endsWith(API_PATH) ? base : base + API_PATH,
    // The export calls answer only the build of the process that serves them (or its threads and workers).
    headers: { Accept: 'application/json', [BUILD_TOKEN_HEADER]: processBuildToken() },
    retry: 1,
    timeout,
  });
  const get = async <S extends z.ZodType>(schema: S, path: string, query?: Record<string, string | number | undefined>) => {
    const clean = Object.fromEntries(Object.entries(query ?? {}).filter(([, v]) => v !== undefined)) as Record<string, string>;
    return schema.parse(await $fetch(path, { query: clean })) as z.output<S>;
  };
  return {
    index: async (q: { categories?: string[]; after?: number; limit?: number } = {}) =>
      (await get(exportIndexResponseSchema, '/export/index', { categories: q.categories?.join(','), after: q.after, limit: q.limit })).data,
    products: async (q: { after?: number; limit?: number; since?: string }) =>
      (await get(exportProductsResponseSchema, '/export/products', q)).data,
    changes: async (q: ExportChangesParams) => (await get(exportChangesResponseSchema, '/export/changes', q)).data,
  };
}

export type ExportApi = ReturnType<typeof createExportApi>;
