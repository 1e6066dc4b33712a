/**
 * Bulk reads for the static build (src/site/data.ts, src/build/*): the whole catalogue in a few large
 * requests instead of one per page, and what changed since a given time for incremental rebuilds.
 */
import { z } from 'zod';
import { productSchema } from './catalogue';
import { envelope, queryInt } from './common';

/** An ISO 8601 instant in the query string ("2025-01-31T10:00:00.000Z"). */
const isoInstant = z
  .string()
  .trim()
  .refine((s) => !Number.isNaN(Date.parse(s)), { error: 'زمان نامعتبر است.' });

/** Largest export page: a page of full products is roughly 2–3 KB per product. */
export const EXPORT_MAX_LIMIT = 1000;
/** Largest page of the index (about 70 bytes per product). */
export const EXPORT_INDEX_MAX_LIMIT = 50_000;

/**
 * GET export/index query: only the products in the subtrees of these categories (comma-separated
 * slugs; a rebuild after a category edit asks which product pages show it), or all.
 */
export const exportIndexQuerySchema = z.object({
  categories: z
    .string()
    .max(20_000)
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean) : undefined)),
  /**
   * Keyset pages: only products with id > after, at most `limit` of them (the sitemap of a million
   * products is written page by page: src/build/shell-complete.ts). Without limit, every product.
   */
  after: queryInt(0, 2_147_483_647).optional(),
  limit: queryInt(1, EXPORT_INDEX_MAX_LIMIT).optional(),
});

/** GET export/index: every public product's slug, id and last change, in id order. */
export const exportIndexEntrySchema = z.object({ id: z.number().int(), slug: z.string(), updatedAt: z.string() });
export type ExportIndexEntry = z.infer<typeof exportIndexEntrySchema>;
export const exportIndexSchema = z.object({
  /** Server time the answer was read at; pass it as `since` to the next changes call. */
  generatedAt: z.string(),
  /** The newest change to anything a shopper reads (products, categories, content). */
  version: z.string(),
  products: z.array(exportIndexEntrySchema),
  /** With a limit: pass as `after` for the next page; null on the last one. */
  next: z.number().int().nullable().optional(),
});
export type ExportIndex = z.infer<typeof exportIndexSchema>;
export const exportIndexResponseSchema = envelope(exportIndexSchema);

/** GET export/products: full product view models with id > after, in id order (keyset paging). */
export const exportProductsQuerySchema = z.object({
  after: queryInt(0, 2_147_483_647).default(0),
  limit: queryInt(1, EXPORT_MAX_LIMIT).default(500),
  /** Only products changed after this instant. */
  since: isoInstant.optional(),
});
export type ExportProductsParams = z.input<typeof exportProductsQuerySchema>;
export const exportProductsSchema = z.object({
  items: z.array(productSchema),
  /** Pass as `after` for the next page; null on the last one. */
  next: z.number().int().nullable(),
});
export type ExportProducts = z.infer<typeof exportProductsSchema>;
export const exportProductsResponseSchema = envelope(exportProductsSchema);

/** GET export/changes: what a shopper would see differently since `since`. */
export const exportChangesQuerySchema = z.object({ since: isoInstant });
export type ExportChangesParams = z.input<typeof exportChangesQuerySchema>;
export const exportChangesSchema = z.object({
  generatedAt: z.string(),
  version: z.string(),
  products: z.object({
    /** Public products changed since: their pages must be rendered again. */
    changed: z.array(z.string()),
    /** Products disabled or deleted since: their pages must go. */
    removed: z.array(z.string()),
    /** Their ids by slug: the sitemap shard that lists each (src/build/sitemap-patch.ts). */
    removedIds: z.record(z.string(), z.number().int()).default({}),
  }),
  /** Category rows changed: every page's header menu depends on them, so the whole site is stale. */
  categories: z.array(z.string()),
  /** Store pages (slug) and blog posts (slug) changed. */
  pages: z.array(z.string()),
  posts: z.array(z.string()),
  /** Parts of the site staff changed since (menu, messages, help, brands: every page; slides: the home page). */
  site: z.array(z.string()).default([]),
});
export type ExportChanges = z.infer<typeof exportChangesSchema>;
export const exportChangesResponseSchema = envelope(exportChangesSchema);
