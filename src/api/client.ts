/**
 * Typed client of api/site/v1, built on ofetch. Every function sends the JSON Accept header, parses
 * the answer with the same zod schema the server declares for that call (src/api/schemas/*), and
 * returns the payload: the `data` of `{data}` envelopes, `success.data` of summery, and the whole
 * body of getProduct / suggestion (which have no envelope). Every failure surfaces as ApiError.
 *
 *   const api = createSiteApi('https://shop.example');            // or the full …/api/site/v1 base
 *   const product = await api.product('lm358p-pdip8');
 */
import { FetchError, ofetch } from 'ofetch';
import type { z } from 'zod';
import { productListSchema, suggestionResponseSchema } from './schemas/catalogue';
import {
  brandsWithCategoriesResponseSchema,
  categoryResponseSchema,
  categoryTreeResponseSchema,
  mobileMenuResponseSchema,
  type BrandsWithCategoriesParams,
  type CategoryParams,
} from './schemas/categories';
import { errorResponseSchema, type FieldErrors } from './schemas/common';
import {
  blogListResponseSchema,
  blogPostResponseSchema,
  contentPageResponseSchema,
  helpFileResponseSchema,
  messagesResponseSchema,
  storeResponseSchema,
  summeryResponseSchema,
  type BlogListParams,
  type HelpFileParams,
  type LocaleParams,
} from './schemas/content';
import { homeSlidesResponseSchema } from './schemas/staff-content';
import { departmentsResponseSchema } from './schemas/departments';
import {
  productCardsResponseSchema,
  productResponseSchema,
  productViewsResponseSchema,
  type BestSellersParams,
  type DiscountsParams,
  type LatestParams,
  type RelatedParams,
} from './schemas/products';
import type { GetProductParams, SuggestionParams } from './schemas/search';

export const API_PATH = '/api/site/v1';

/** A failed call: the server's status, message and field errors (422), or status 0 when no answer came. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface SiteApiOptions {
  /** Bearer token for authenticated calls, read on every request. */
  token?: () => string | null | undefined;
  headers?: Record<string, string>;
  /** Milliseconds before a request is abandoned (ApiError status 0). */
  timeout?: number;
  /** Custom fetch (tests, server-side rendering with cookies). */
  fetch?: typeof globalThis.fetch;
}

export interface CallOptions {
  /** Cancels the request, e.g. when a newer search supersedes it. */
  signal?: AbortSignal;
}

/** Query objects as callers write them: numbers are welcome where the wire format is a string. */
type Params<T> = { [K in keyof T]?: Exclude<T[K], undefined> extends string ? T[K] | number : T[K] };

const NETWORK_MESSAGE = 'ارتباط با سرور برقرار نشد.';
const BAD_RESPONSE_MESSAGE = 'پاسخ سرور قابل خواندن نبود.';

/** The spec's base URL is the backend origin; a base that already ends in /api/site/v1 is taken as is. */
function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith(API_PATH) ? trimmed : trimmed + API_PATH;
}

/** Drops undefined values so they never reach the wire as "undefined". */
function cleanQuery(query: object | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof FetchError && err.response) {
    const body = errorResponseSchema.safeParse(err.data);
    if (body.success) return new ApiError(err.response.status, body.data.message, body.data.data?.errors ?? {});
    return new ApiError(err.response.status, err.response.statusText || BAD_RESPONSE_MESSAGE);
  }
  return new ApiError(0, NETWORK_MESSAGE);
}

export function createSiteApi(baseUrl: string, opts: SiteApiOptions = {}) {
  const $fetch = ofetch.create(
    {
      baseURL: apiBase(baseUrl),
      headers: { Accept: 'application/json', ...opts.headers },
      retry: 0,
      ...(opts.timeout ? { timeout: opts.timeout } : {}),
      onRequest({ options }) {
        const token = opts.token?.();
        if (token) options.headers.set('Authorization', `Bearer ${token}`);
      },
    },
    opts.fetch ? { fetch: opts.fetch } : {},
  );

  async function get<S extends z.ZodType>(schema: S, path: string, query?: object, call?: CallOptions): Promise<z.output<S>> {
    let raw: unknown;
    try {
      raw = await $fetch(path, { method: 'GET', query: cleanQuery(query), signal: call?.signal, responseType: 'json' });
    } catch (err) {
      throw toApiError(err);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
      throw new ApiError(200, BAD_RESPONSE_MESSAGE, errors);
    }
    return parsed.data;
  }

  const seg = encodeURIComponent;

  return {
    // Catalogue
    categories: async (call?: CallOptions) => (await get(categoryTreeResponseSchema, '/categories', undefined, call)).data,
    category: async (slug: string, params?: Params<CategoryParams>, call?: CallOptions) =>
      (await get(categoryResponseSchema, `/categories/${seg(slug)}`, params, call)).data,
    mobileMenuCategories: async (call?: CallOptions) =>
      (await get(mobileMenuResponseSchema, '/mobile-menu/categories', undefined, call)).data,
    departments: async (call?: CallOptions) => (await get(departmentsResponseSchema, '/departments', undefined, call)).data,
    product: async (slug: string, call?: CallOptions) =>
      (await get(productResponseSchema, `/get/products/${seg(slug)}`, undefined, call)).data,
    relatedProducts: async (params: Params<RelatedParams> & { slug: string }, call?: CallOptions) =>
      (await get(productCardsResponseSchema, '/getRelatedProducts2', params, call)).data,
    discountedProducts: async (params?: Params<DiscountsParams>, call?: CallOptions) =>
      (await get(productCardsResponseSchema, '/discounts/products', params, call)).data,
    latestProducts: async (params?: Params<LatestParams>, call?: CallOptions) =>
      (await get(productCardsResponseSchema, '/latest/products', params, call)).data,
    bestSellingProducts: async (params?: Params<BestSellersParams>, call?: CallOptions) =>
      (await get(productCardsResponseSchema, '/best-seller/products', params, call)).data,
    increaseProductViews: async (id: number, call?: CallOptions) =>
      (await get(productViewsResponseSchema, `/increaseProductViews/${seg(String(id))}`, undefined, call)).data,
    brandsWithCategories: async (params?: Params<BrandsWithCategoriesParams>, call?: CallOptions) =>
      (await get(brandsWithCategoriesResponseSchema, '/getBarndWithCategory', params, call)).data,

    // Search (bodies without an envelope)
    getProduct: (params?: Params<GetProductParams>, call?: CallOptions) => get(productListSchema, '/getProduct', params, call),
    suggestion: (params?: Params<SuggestionParams>, call?: CallOptions) => get(suggestionResponseSchema, '/suggestion', params, call),

    // Content
    messages: async (call?: CallOptions) => (await get(messagesResponseSchema, '/messages', undefined, call)).data,
    slides: async (call?: CallOptions) => (await get(homeSlidesResponseSchema, '/slides', undefined, call)).data,
    policy: async (params?: Params<LocaleParams>, call?: CallOptions) =>
      (await get(contentPageResponseSchema, '/policy', params, call)).data,
    returns: async (params?: Params<LocaleParams>, call?: CallOptions) =>
      (await get(contentPageResponseSchema, '/returns', params, call)).data,
    page: async (slug: string, params?: Params<LocaleParams>, call?: CallOptions) =>
      (await get(contentPageResponseSchema, `/pages/${seg(slug)}`, params, call)).data,
    blogPosts: async (params?: Params<BlogListParams>, call?: CallOptions) =>
      (await get(blogListResponseSchema, '/blog/posts', params, call)).data,
    blogPost: async (slug: string, call?: CallOptions) =>
      (await get(blogPostResponseSchema, `/blog/posts/${seg(slug)}`, undefined, call)).data,
    helpFile: async (params: Params<HelpFileParams> & Pick<HelpFileParams, 'name'>, call?: CallOptions) =>
      (await get(helpFileResponseSchema, '/downloadHelpFile', params, call)).data,
    store: async (call?: CallOptions) => (await get(storeResponseSchema, '/store', undefined, call)).data,
    searchStats: async (call?: CallOptions) => (await get(summeryResponseSchema, '/summery', undefined, call)).success.data,
  };
}

export type SiteApi = ReturnType<typeof createSiteApi>;
