import { z } from 'zod';
import { categoryRefSchema, categorySchema } from './catalogue';
import { envelope, queryInt, slugSchema } from './common';

/** GET categories: the whole tree, top level first, children nested, each level ordered by sort. */
export const categoryTreeResponseSchema = envelope(z.array(categorySchema));
export type CategoryTreeResponse = z.infer<typeof categoryTreeResponseSchema>;

export const categorySlugParamsSchema = z.object({ slug: slugSchema });

/** How many levels of children to include: 0 = none, 1 = direct children (default). */
export const CATEGORY_MAX_DEPTH = 5;
export const categoryQuerySchema = z.object({ depth: queryInt(0, CATEGORY_MAX_DEPTH).default(1) });
export type CategoryParams = z.input<typeof categoryQuerySchema>;

export const categoryResponseSchema = envelope(categorySchema);
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;

/** The mobile menu's slide-in category list: only what a link needs. */
export interface MobileMenuCategory {
  slug: string;
  name: string;
  nameFa: string;
  depth: number;
  children: MobileMenuCategory[];
}
export const mobileMenuCategorySchema: z.ZodType<MobileMenuCategory> = z.object({
  slug: z.string(),
  name: z.string(),
  nameFa: z.string(),
  depth: z.number().int(),
  children: z.array(z.lazy(() => mobileMenuCategorySchema)),
});
export const mobileMenuResponseSchema = envelope(z.array(mobileMenuCategorySchema));
export type MobileMenuResponse = z.infer<typeof mobileMenuResponseSchema>;

/** GET getBarndWithCategory: each brand with the (leaf) categories it has enabled products in. */
export const brandWithCategoriesSchema = z.object({
  slug: z.string(),
  name: z.string(),
  nameFa: z.string().nullable(),
  image: z.string().nullable(),
  /** Enabled products of this brand (inside the requested category when one was given). */
  count: z.number().int(),
  categories: z.array(categoryRefSchema.extend({ count: z.number().int() })),
});
export type BrandWithCategories = z.infer<typeof brandWithCategoriesSchema>;
export const brandsWithCategoriesQuerySchema = z.object({
  /** Only brands with products in this category or below it. */
  category: slugSchema.optional(),
  /** Biggest brands first; at most this many. */
  limit: queryInt(1, 500).optional(),
});
export type BrandsWithCategoriesParams = z.input<typeof brandsWithCategoriesQuerySchema>;
export const brandsWithCategoriesResponseSchema = envelope(z.array(brandWithCategoriesSchema));
export type BrandsWithCategoriesResponse = z.infer<typeof brandsWithCategoriesResponseSchema>;
