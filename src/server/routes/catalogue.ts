/** Public catalogue calls: category tree, product page, carousels, related products, brands. */
import {
  brandsWithCategoriesQuerySchema,
  brandsWithCategoriesResponseSchema,
  categoryQuerySchema,
  categoryResponseSchema,
  categorySlugParamsSchema,
  categoryTreeResponseSchema,
  mobileMenuResponseSchema,
} from '../../api/schemas/categories';
import { departmentsResponseSchema } from '../../api/schemas/departments';
import {
  bestSellersQuerySchema,
  discountsQuerySchema,
  latestQuerySchema,
  productCardsResponseSchema,
  productIdParamsSchema,
  productResponseSchema,
  productSlugParamsSchema,
  productViewsResponseSchema,
  relatedQuerySchema,
} from '../../api/schemas/products';
import type { z } from 'zod';
import type { AppDeps } from '../context';
import { notFound } from '../http/errors';
import { defineRoute, type RouteDef } from '../http/route';
import { brandsWithCategories } from '../services/brands';
import { categoryBySlug, categoryTree, toMobileMenu, trimChildren } from '../services/category-tree';
import { loadDepartments } from '../services/departments';
import { PRODUCT_NOT_FOUND, bestSellingProducts, discountedProducts, latestProducts, relatedProducts } from '../services/product-lists';
import { increaseProductViews } from '../services/product-popularity';
import { loadProduct } from '../services/product-views';

const tags = ['catalogue'];

/** A carousel's list of product cards: the same shape and read-cache use for every kind of list. */
function cardListRoute<Q extends z.ZodType, const Path extends string>(
  path: Path,
  summary: string,
  query: Q,
  cacheKey: (q: z.output<Q>) => string,
  load: (db: AppDeps['db'], cache: AppDeps['cache'], q: z.output<Q>) => Promise<z.input<typeof productCardsResponseSchema>['data']>,
): RouteDef<Q, z.ZodNever, z.ZodNever, typeof productCardsResponseSchema, 'get', Path> {
  return defineRoute({
    method: 'get',
    path,
    summary,
    tags,
    errors: [404],
    query,
    response: productCardsResponseSchema,
    handler: async ({ query: q, deps }) => ({ data: await deps.cache.get(cacheKey(q), () => load(deps.db, deps.cache, q)) }),
  });
}

export const catalogueRoutes = [
  defineRoute({
    method: 'get',
    path: '/categories',
    tags,
    summary: 'The whole category tree: top-level categories with their children nested, each level in display order.',
    response: categoryTreeResponseSchema,
    handler: async ({ deps }) => ({ data: (await categoryTree(deps.db, deps.cache)).roots }),
  }),
  defineRoute({
    method: 'get',
    path: '/categories/{slug}',
    tags,
    errors: [404],
    summary: 'One category with its parent and `depth` levels of children (0–5, default 1).',
    params: categorySlugParamsSchema,
    query: categoryQuerySchema,
    response: categoryResponseSchema,
    handler: async ({ params, query, deps }) => ({
      data: trimChildren(await categoryBySlug(deps.db, deps.cache, params.slug), query.depth),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/mobile-menu/categories',
    tags,
    summary: 'Compact category tree for the mobile slide-in menu.',
    response: mobileMenuResponseSchema,
    handler: async ({ deps }) => ({ data: (await categoryTree(deps.db, deps.cache)).roots.map(toMobileMenu) }),
  }),
  defineRoute({
    method: 'get',
    path: '/departments',
    tags,
    summary: 'The departments (header) menu: items with an optional menu or megamenu.',
    response: departmentsResponseSchema,
    handler: async ({ deps }) => ({ data: await deps.cache.get('departments', () => loadDepartments(deps.db)) }),
  }),
  defineRoute({
    method: 'get',
    path: '/get/products/{slug}',
    tags,
    // 503: the work queue is full (src/server/http/work-queue.ts).
    errors: [404, 503],
    summary: 'The product page: tiers, images, attributes, breadcrumb categories, files.',
    params: productSlugParamsSchema,
    response: productResponseSchema,
    handler: async ({ params, deps }) => {
      const slug = params.slug.toLowerCase();
      const product = await deps.cache.get(`product:${slug}`, () => deps.work.run(() => loadProduct(deps.db, { slug })));
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      return { data: product };
    },
  }),
  cardListRoute(
    '/getRelatedProducts2',
    'Related products: same family and category first, then the parent category; at most 50.',
    relatedQuerySchema,
    (q) => `related:${q.slug.toLowerCase()}:${q.limit}`,
    relatedProducts,
  ),
  cardListRoute(
    '/discounts/products',
    'Products below their compare-at price, biggest percentage off first.',
    discountsQuerySchema,
    (q) => `discounts:${q.limit}:${q.category ?? ''}`,
    discountedProducts,
  ),
  cardListRoute(
    '/latest/products',
    'Newest products; sort=price_asc shows those newest ones cheapest first (product-page sidebar, limit 5).',
    latestQuerySchema,
    (q) => `latest:${q.limit}:${q.sort}:${q.category ?? ''}`,
    latestProducts,
  ),
  cardListRoute(
    '/best-seller/products',
    'Best sellers: most sold first, then most viewed.',
    bestSellersQuerySchema,
    (q) => `best:${q.limit}:${q.category ?? ''}`,
    bestSellingProducts,
  ),
  defineRoute({
    method: 'get',
    path: '/increaseProductViews/{id}',
    tags,
    errors: [404],
    summary: 'Counts one view of a product page and returns the new count.',
    params: productIdParamsSchema,
    response: productViewsResponseSchema,
    handler: async ({ params, deps }) => ({ data: { views: await increaseProductViews(deps.db, params.id) } }),
  }),
  defineRoute({
    method: 'get',
    path: '/getBarndWithCategory',
    tags,
    errors: [404],
    summary: 'Brands (biggest first) with the categories they have enabled products in, and counts.',
    query: brandsWithCategoriesQuerySchema,
    response: brandsWithCategoriesResponseSchema,
    handler: async ({ query, deps }) => ({
      data: await deps.cache.get(`brands:${query.category ?? ''}:${query.limit ?? ''}`, () =>
        brandsWithCategories(deps.db, deps.cache, query),
      ),
    }),
  }),
];
