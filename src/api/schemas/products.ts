import { z } from 'zod';
import { productCardSchema, productSchema } from './catalogue';
import { envelope, queryInt, slugSchema } from './common';

export const productSlugParamsSchema = z.object({ slug: slugSchema });
export const productResponseSchema = envelope(productSchema);
export type ProductResponse = z.infer<typeof productResponseSchema>;

/** Every product carousel answers with a plain list of cards. */
export const productCardsResponseSchema = envelope(z.array(productCardSchema));
export type ProductCardsResponse = z.infer<typeof productCardsResponseSchema>;

/** Spec §9: related lists are at most 50 long; the demo shows 8. */
export const RELATED_MAX = 50;
export const relatedQuerySchema = z.object({
  slug: slugSchema,
  limit: queryInt(1, RELATED_MAX).default(8),
});
export type RelatedParams = z.input<typeof relatedQuerySchema>;

export const CAROUSEL_MAX = 50;
const carouselLimit = queryInt(1, CAROUSEL_MAX).default(12);
/** Optional: restrict a carousel to one category and everything below it. */
const carouselCategory = slugSchema.optional();

export const discountsQuerySchema = z.object({ limit: carouselLimit, category: carouselCategory });
export type DiscountsParams = z.input<typeof discountsQuerySchema>;

/**
 * latest/products: the `limit` newest products. sort=price_asc (the product-page sidebar, spec §9:
 * "latest products limit 5, ascending price") shows those same newest products cheapest first.
 */
export const LATEST_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export const latestQuerySchema = z.object({
  limit: carouselLimit,
  sort: z.enum(LATEST_SORTS).default('newest'),
  category: carouselCategory,
});
export type LatestParams = z.input<typeof latestQuerySchema>;

export const bestSellersQuerySchema = z.object({ limit: carouselLimit, category: carouselCategory });
export type BestSellersParams = z.input<typeof bestSellersQuerySchema>;

export const productIdParamsSchema = z.object({ id: queryInt(1, 2_147_483_647) });
export const productViewsResponseSchema = envelope(z.object({ views: z.number().int() }));
export type ProductViewsResponse = z.infer<typeof productViewsResponseSchema>;
