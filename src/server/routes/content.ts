/**
 * Public content calls: store pages, blog, banner messages, help files, store contact details.
 * Not behind the read cache: these are small indexed reads, and staff edits of content do not go
 * through the catalogue writes that invalidate it, so caching would serve stale pages.
 */
import {
  blogListQuerySchema,
  blogListResponseSchema,
  blogPostResponseSchema,
  blogSlugParamsSchema,
  contentPageResponseSchema,
  helpFileQuerySchema,
  helpFileResponseSchema,
  localeQuerySchema,
  messagesResponseSchema,
  pageSlugParamsSchema,
  storeResponseSchema,
} from '../../api/schemas/content';
import { homeSlidesResponseSchema } from '../../api/schemas/staff-content';
import { defineRoute } from '../http/route';
import { activeMessages, blogPostBySlug, listBlogPosts, pageBySlug, pageOfKind } from '../services/content';
import { storeInfo } from '../services/store-info';
import { helpFileAddress, listSlides } from '../services/staff/content-editing';
import { storeTermsOf } from '../services/shop/shipping-rates';

const tags = ['content'];

export const contentRoutes = [
  defineRoute({
    method: 'get',
    path: '/slides',
    tags,
    summary: 'The home page slides and banners that are switched on, in display order.',
    response: homeSlidesResponseSchema,
    handler: async ({ deps }) => ({ data: await listSlides(deps.db, true) }),
  }),
  defineRoute({
    method: 'get',
    path: '/messages',
    tags,
    summary: 'Site-wide banner messages currently in their display window, in display order.',
    response: messagesResponseSchema,
    handler: async ({ deps }) => ({ data: await activeMessages(deps.db) }),
  }),
  defineRoute({
    method: 'get',
    path: '/policy',
    tags,
    errors: [404],
    summary: 'The terms and policy page (?locale=fa|en, falls back to Persian).',
    query: localeQuerySchema,
    response: contentPageResponseSchema,
    handler: async ({ query, deps }) => ({ data: await pageOfKind(deps.db, 'policy', query.locale, storeTermsOf(deps.config)) }),
  }),
  defineRoute({
    method: 'get',
    path: '/returns',
    tags,
    errors: [404],
    summary: 'The returns page (?locale=fa|en, falls back to Persian).',
    query: localeQuerySchema,
    response: contentPageResponseSchema,
    handler: async ({ query, deps }) => ({ data: await pageOfKind(deps.db, 'returns', query.locale, storeTermsOf(deps.config)) }),
  }),
  defineRoute({
    method: 'get',
    path: '/pages/{slug}',
    tags,
    errors: [404],
    summary: 'Any store page by slug (faq, about-us ...).',
    params: pageSlugParamsSchema,
    query: localeQuerySchema,
    response: contentPageResponseSchema,
    handler: async ({ params, query, deps }) => ({ data: await pageBySlug(deps.db, params.slug, query.locale, storeTermsOf(deps.config)) }),
  }),
  defineRoute({
    method: 'get',
    path: '/blog/posts',
    tags,
    summary: 'Published blog posts, newest first, paginated.',
    query: blogListQuerySchema,
    response: blogListResponseSchema,
    handler: async ({ query, deps }) => ({ data: await listBlogPosts(deps.db, query.page, query.limit) }),
  }),
  defineRoute({
    method: 'get',
    path: '/blog/posts/{slug}',
    tags,
    errors: [404],
    summary: 'One published blog post.',
    params: blogSlugParamsSchema,
    response: blogPostResponseSchema,
    handler: async ({ params, deps }) => ({ data: await blogPostBySlug(deps.db, params.slug) }),
  }),
  defineRoute({
    method: 'get',
    path: '/downloadHelpFile',
    tags,
    summary: 'Link to a help PDF (HowToBuy or UsersPanelGuide) on the file storage.',
    query: helpFileQuerySchema,
    response: helpFileResponseSchema,
    handler: async ({ query, deps }) => ({ data: { link: await helpFileAddress(deps.db, deps.config, query.name) } }),
  }),
  defineRoute({
    method: 'get',
    path: '/store',
    tags,
    summary: 'Store contact details for the footer and contact page.',
    response: storeResponseSchema,
    handler: ({ deps }) => ({ data: storeInfo(deps.config) }),
  }),
];
