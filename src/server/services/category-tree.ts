/**
 * The category tree as the storefront sees it. Built from two queries (all categories, enabled
 * product counts per category) and cached whole; single-category and mobile-menu answers are cut
 * from the cached tree, so they cost no query at all.
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Category } from '../../api/schemas/catalogue';
import type { MobileMenuCategory } from '../../api/schemas/categories';
import type { Db } from '../db/client';
import { categories, products } from '../db/schema';
import { notFound } from '../http/errors';
import type { ReadCache } from './read-cache';
import { toCategoryRef } from './product-views';

export const CATEGORY_NOT_FOUND = 'دسته‌بندی موردنظر پیدا نشد.';

export interface CategoryTree {
  roots: Category[];
  bySlug: Map<string, Category>;
  byId: Map<number, Category>;
}

/**
 * Counts are computed live from products rather than read from categories.items_count: one grouped
 * query over a few thousand rows, and the answer is right even if a bulk write forgot to refresh
 * the stored column.
 */
export async function buildCategoryTree(db: Db): Promise<CategoryTree> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.depth), asc(categories.sort), asc(categories.id)),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(and(eq(products.enable, true), isNull(products.deletedAt)))
      .groupBy(products.categoryId),
  ]);
  const own = new Map(counts.map((c) => [c.categoryId, Number(c.n)]));
  const byId = new Map<number, Category>();
  const bySlug = new Map<string, Category>();
  const roots: Category[] = [];
  // Parents come first (ordered by depth), so each row's parent node already exists.
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    const node: Category = {
      ...toCategoryRef(row),
      type: 'shop',
      image: row.image,
      items: own.get(row.id) ?? 0,
      parent: parent ? toCategoryRef(parent) : null,
      children: [],
      customFields: row.customFields,
    };
    byId.set(row.id, node);
    bySlug.set(row.slug, node);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  // Children were pushed in depth/sort order, so each list is already sorted; add subtree counts bottom-up.
  const addUp = (node: Category): number => {
    for (const child of node.children) node.items += addUp(child);
    return node.items;
  };
  roots.forEach(addUp);
  return { roots, bySlug, byId };
}

export const categoryTree = (db: Db, cache: ReadCache) => cache.get('categories:tree', () => buildCategoryTree(db));

/** A copy of node with children kept `levels` deep (0 = none). The cached tree is never mutated. */
export function trimChildren(node: Category, levels: number): Category {
  return { ...node, children: levels <= 0 ? [] : node.children.map((c) => trimChildren(c, levels - 1)) };
}

export async function categoryBySlug(db: Db, cache: ReadCache, slug: string): Promise<Category> {
  const node = (await categoryTree(db, cache)).bySlug.get(slug.toLowerCase());
  if (!node) throw notFound(CATEGORY_NOT_FOUND);
  return node;
}

export function toMobileMenu(node: Category): MobileMenuCategory {
  return { slug: node.slug, name: node.name, nameFa: node.nameFa, depth: node.depth, children: node.children.map(toMobileMenu) };
}

/** Ids of a category and every category below it. */
export function subtreeIds(node: Category): number[] {
  const out: number[] = [];
  const walk = (n: Category) => {
    out.push(n.id);
    n.children.forEach(walk);
  };
  walk(node);
  return out;
}
