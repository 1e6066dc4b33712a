import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import { notFound } from '../../http/errors';

export interface CategoryScope {
  id: number;
  slug: string;
  path: string;
  depth: number;
  /** The category and every category below it: products are scoped by category_id = any(ids), through its index. */
  ids: number[];
}

/** The category a listing or search is limited to; 404 with a Persian message when the slug is unknown. */
export async function resolveScope(db: Db, slug: string | undefined): Promise<CategoryScope | null> {
  if (!slug) return null;
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug, path: categories.path, depth: categories.depth })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  if (!row) throw unknownCategory(slug);
  // The category tree is small (a few hundred rows): its subtree is one prefix match there, never over products.
  const below = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`${categories.path} like ${row.path + '%'}`);
  return { ...row, ids: below.map((c) => c.id) };
}

/**
 * resolveScope answered from the categories an in-memory index holds (listing-index.ts), when there is
 * one: a listing or a search in a category then needs no statement for its scope.
 */
export async function resolveScopeFrom(
  held: { scopeOf(slug: string): CategoryScope | undefined } | null | undefined,
  db: Db,
  slug: string | undefined,
): Promise<CategoryScope | null> {
  if (!slug) return null;
  if (!held) return resolveScope(db, slug);
  const scope = held.scopeOf(slug);
  if (!scope) throw unknownCategory(slug);
  return scope;
}

/** The 404 of a category slug nobody knows (here and when the listing index resolves the scope). */
export const unknownCategory = (slug: string) => notFound(`دسته‌بندی «${slug}» پیدا نشد.`);

/** SQL array literal of the scope's ids, for `category_id = any(...)`. */
export const scopeIdsSql = (scope: CategoryScope) => sql`${`{${scope.ids.join(',')}}`}::int[]`;
