import { z } from 'zod';
import { paginationSchema } from './common';

/**
 * Shapes of the public catalogue calls. Every money field is integer RIALS (toman × 10);
 * the storefront divides by ten for display.
 */
export const qualitySchema = z.enum(['original', 'renew', 'copy']).nullable();
export const availabilitySchema = z.enum(['in-stock', 'pre-order', 'out-of-stock']);

export const categoryRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  nameFa: z.string(),
  depth: z.number().int(),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export interface Category extends CategoryRef {
  type: 'shop';
  image: string | null;
  items: number;
  parent: CategoryRef | null;
  children: Category[];
  customFields: Record<string, unknown>;
}
export const categorySchema: z.ZodType<Category> = categoryRefSchema.extend({
  type: z.literal('shop'),
  image: z.string().nullable(),
  /** Enabled products in this category and every category below it. */
  items: z.number().int(),
  parent: categoryRefSchema.nullable(),
  children: z.array(z.lazy(() => categorySchema)),
  customFields: z.record(z.string(), z.unknown()),
});

export const brandSchema = z.object({ slug: z.string(), name: z.string(), nameFa: z.string().nullable(), image: z.string().nullable() });
export type Brand = z.infer<typeof brandSchema>;

export const imageSchema = z.object({
  src: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The responsive copies of an uploaded photo (smallest first), for srcset; absent on other images. */
  variants: z.array(z.object({ width: z.number().int(), webp: z.string(), avif: z.string() })).optional(),
});

export const priceTierSchema = z.object({
  minCount: z.number().int(),
  maxCount: z.number().int().nullable(),
  minPrice: z.number().int(),
  minCompareAtPrice: z.number().int().nullable(),
});
export type PriceTier = z.infer<typeof priceTierSchema>;

export const attributeSchema = z.object({
  name: z.string(),
  nameFa: z.string().nullable(),
  slug: z.string(),
  featured: z.boolean(),
  values: z.array(z.object({ name: z.string(), slug: z.string() })),
});

export const fileAttachSchema = z.object({ file: z.string().nullable(), fileLink: z.string().nullable(), created_at: z.string() });
/** `label` is the Persian title; `labelEn` the title for English and Russian pages, null when the store gave none. */
export const fileGroupSchema = z.object({ label: z.string(), labelEn: z.string().nullable(), attaches: z.array(fileAttachSchema) });

/** How a search result relates to the query, as the big distributors label them. */
export const matchKindSchema = z.enum(['exact', 'family', 'fuzzy', 'text']);
export type MatchKind = z.infer<typeof matchKindSchema>;

/** What a product card, carousel or search row needs. */
export const productCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  sku: z.string(),
  name: z.string(),
  nameFa: z.string(),
  displayName: z.string(),
  partNumber: z.string(),
  description: z.string().nullable(),
  images: z.array(imageSchema),
  badges: z.array(z.string()),
  rating: z.number(),
  reviews: z.number().int(),
  quality: qualitySchema,
  availability: availabilitySchema,
  availabilityDate: z.string().nullable(),
  brand: brandSchema.nullable(),
  package: z.string().nullable(),
  price: z.number().int(),
  compareAtPrice: z.number().int().nullable(),
  prices: z.array(priceTierSchema),
  minimumPurchase: z.number().int(),
  stock: z.number().int(),
  threshold: z.number().int(),
  enable: z.boolean(),
  /** Set on search results only. */
  match: matchKindSchema.optional(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** The whole product page. */
export const productSchema = productCardSchema.extend({
  descriptionFa: z.string().nullable(),
  moreDescription: z.string().nullable(),
  specification: z.string().nullable(),
  /** Root → leaf, for the breadcrumb. */
  categories: z.array(categoryRefSchema),
  attributes: z.array(attributeSchema),
  datasheet: z.string().nullable(),
  footprints: z.array(fileGroupSchema),
  applicationnotes: z.array(fileGroupSchema),
  views: z.number().int(),
  customFields: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** Sidebar filters of a listing. */
export const filterSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('category'),
    slug: z.literal('category'),
    name: z.string(),
    items: z.array(categoryRefSchema.extend({ count: z.number().int() })),
    value: z.string().nullable(),
  }),
  z.object({
    type: z.literal('range'),
    slug: z.literal('price'),
    name: z.string(),
    /** Rounded bounds in rials (rounded on the toman figure, spec §9). */
    min: z.number().int(),
    max: z.number().int(),
    value: z.tuple([z.number().int(), z.number().int()]),
  }),
  z.object({
    type: z.literal('check'),
    slug: z.string(),
    name: z.string(),
    nameFa: z.string().nullable(),
    items: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
    value: z.array(z.string()),
  }),
]);
export type Filter = z.infer<typeof filterSchema>;

/** The spec's three orders, plus price and newest, which component buyers expect. */
export const SORTS = ['default', 'name_asc', 'name_desc', 'price_asc', 'price_desc', 'newest'] as const;

export const productListSchema = z.object({
  items: z.array(productCardSchema),
  ...paginationSchema.shape,
  sort: z.enum(SORTS),
  filters: z.array(filterSchema),
  /** Set when nothing matched the text as typed but a keyboard-layout reading of it did ("مپ۳۵۸" → "lm358"). */
  interpretedAs: z.string().optional(),
  /**
   * Set on a search so broad that it was ranked, counted and faceted over its first 1,000 matches per kind
   * of match (exact, family, text…): `total`, pages and the sidebar counts are then lower bounds ("1,000+").
   */
  capped: z.literal(true).optional(),
});
export type ProductList = z.infer<typeof productListSchema>;

export const suggestionItemSchema = productCardSchema.pick({
  id: true,
  images: true,
  name: true,
  nameFa: true,
  partNumber: true,
  slug: true,
  quality: true,
  availability: true,
  availabilityDate: true,
  prices: true,
  price: true,
  enable: true,
  stock: true,
  match: true,
});
export const suggestionResponseSchema = z.object({ items: z.array(suggestionItemSchema), total: z.number().int() });
export type SuggestionResponse = z.infer<typeof suggestionResponseSchema>;
