/**
 * The product carousels and the related-products list. Each picks product ids with one ordered
 * query and hands them to loadProductCards, which keeps that order.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProductCard } from '../../api/schemas/catalogue';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { notFound } from '../http/errors';
import { categoryBySlug, categoryTree, subtreeIds } from './category-tree';
import { loadProductCards, productIsPublic } from './product-views';
import type { ReadCache } from './read-cache';

export const PRODUCT_NOT_FOUND = 'محصول موردنظر پیدا نشد.';

async function scopeTo(db: Db, cache: ReadCache, categorySlug: string | undefined): Promise<SQL | undefined> {
  if (!categorySlug) return undefined;
  return inArray(products.categoryId, subtreeIds(await categoryBySlug(db, cache, categorySlug)));
}

async function cardsFor(db: Db, rows: { id: number }[]): Promise<ProductCard[]> {
  return loadProductCards(
    db,
    rows.map((r) => r.id),
  );
}

/** Products sold below their compare-at price, the biggest percentage off first. */
export async function discountedProducts(db: Db, cache: ReadCache, opts: { limit: number; category?: string | undefined }) {
  const scope = await scopeTo(db, cache, opts.category);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(productIsPublic, isNotNull(products.compareAtPrice), gt(products.compareAtPrice, products.price), scope))
    .orderBy(sql`(${products.compareAtPrice} - ${products.price})::float8 / ${products.compareAtPrice} desc`, asc(products.id))
    .limit(opts.limit);
  return cardsFor(db, rows);
}

/** The newest products; price_asc / price_desc re-order those same newest ones by unit price. */
export async function latestProducts(
  db: Db,
  cache: ReadCache,
  opts: { limit: number; sort: 'newest' | 'price_asc' | 'price_desc'; category?: string | undefined },
) {
  const scope = await scopeTo(db, cache, opts.category);
  const rows = await db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(and(productIsPublic, scope))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(opts.limit);
  if (opts.sort !== 'newest') {
    const dir = opts.sort === 'price_asc' ? 1 : -1;
    rows.sort((a, b) => dir * (a.price - b.price) || a.id - b.id);
  }
  return cardsFor(db, rows);
}

/** Most sold first; views break ties (and rank a catalogue that has no sales yet). */
export async function bestSellingProducts(db: Db, cache: ReadCache, opts: { limit: number; category?: string | undefined }) {
  const scope = await scopeTo(db, cache, opts.category);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(productIsPublic, scope))
    .orderBy(desc(products.salesCount), desc(products.views), asc(products.id))
    .limit(opts.limit);
  return cardsFor(db, rows);
}

/**
 * Family stem of a part-number key: its leading letters and digits ("LM358DR2G" → "LM358",
 * "ATMEGA328PAU" → "ATMEGA328"). Too short or letterless stems ("0805", "R1") would tie unrelated
 * parts together, so they give no family.
 */
export function familyStem(pnKey: string): string | null {
  const stem = /^[A-Z]{2,}\d+/.exec(pnKey)?.[0];
  return stem && stem.length >= 4 ? stem : null;
}

/**
 * Related products, in this order: same family in the same leaf category, the rest of the leaf
 * category, the same family elsewhere, then the parent category's other products. Within a rank
 * the closest part number comes first, then best sellers. Never the product itself; enabled only.
 */
export async function relatedProducts(db: Db, cache: ReadCache, opts: { slug: string; limit: number }) {
  const [self] = await db
    .select({ id: products.id, categoryId: products.categoryId, pnKey: products.pnKey })
    .from(products)
    .where(and(eq(products.slug, opts.slug.toLowerCase()), productIsPublic))
    .limit(1);
  if (!self) throw notFound(PRODUCT_NOT_FOUND);

  const tree = await categoryTree(db, cache);
  const leaf = tree.byId.get(self.categoryId);
  const parent = leaf?.parent ? tree.byId.get(leaf.parent.id) : undefined;
  const neighbourhood = parent ? subtreeIds(parent) : leaf ? subtreeIds(leaf) : [self.categoryId];
  const stem = familyStem(self.pnKey);

  const sameLeaf = eq(products.categoryId, self.categoryId);
  const sameFamily = stem ? sql`${products.pnKey} like ${stem.replace(/[%_\\]/g, '\\$&') + '%'}` : sql`false`;
  const rank = sql`case when ${sameFamily} and ${sameLeaf} then 0 when ${sameLeaf} then 1 when ${sameFamily} then 2 else 3 end`;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(productIsPublic, ne(products.id, self.id), or(inArray(products.categoryId, neighbourhood), sameFamily)))
    .orderBy(rank, sql`similarity(${products.pnKey}, ${self.pnKey}) desc`, desc(products.salesCount), asc(products.id))
    .limit(opts.limit);
  return cardsFor(db, rows);
}
