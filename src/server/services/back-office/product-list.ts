/**
 * The console's product list. Keyset pages (newest id first, "after" = last id seen) so page 400 costs
 * what page 1 does; every filter is served by an index: category ids (products_category_idx), brand
 * (products_brand_idx), a part-number prefix (pn_key text_pattern_ops) or words (search_vector GIN).
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { staffProductListQuerySchema } from '../../../api/schemas/staff-products';
import { IN_STOCK_SQL } from '../../../lib/availability';
import { partNumberKey, searchTokens } from '../../../lib/search-text';
import type { Db } from '../../db/client';
import { brands, categories, products } from '../../db/schema';
import { prefixQuery } from '../search/match-sql';

type ListQuery = z.output<typeof staffProductListQuerySchema>;

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The WHERE of a console filter; null when it names a category or brand that does not exist (no rows). */
export async function productFilter(db: Db, q: Pick<ListQuery, 'q' | 'category' | 'brand' | 'status' | 'stock'>): Promise<SQL | null> {
  const where: (SQL | undefined)[] = [];
  if (q.status === 'active') where.push(and(eq(products.enable, true), isNull(products.deletedAt)));
  if (q.status === 'disabled') where.push(and(eq(products.enable, false), isNull(products.deletedAt)));
  if (q.status === 'deleted') where.push(isNotNull(products.deletedAt));
  if (q.stock === 'in') where.push(sql.raw(IN_STOCK_SQL('products')));
  if (q.stock === 'out') where.push(sql.raw(`NOT ${IN_STOCK_SQL('products')}`));
  if (q.category) {
    const [c] = await db.select({ path: categories.path }).from(categories).where(eq(categories.slug, q.category)).limit(1);
    if (!c) return null;
    const ids = (
      await db
        .select({ id: categories.id })
        .from(categories)
        .where(sql`${categories.path} LIKE ${likePrefix(c.path)}`)
    ).map((r) => r.id);
    where.push(inArray(products.categoryId, ids));
  }
  if (q.brand) {
    const [b] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, q.brand)).limit(1);
    if (!b) return null;
    where.push(eq(products.brandId, b.id));
  }
  if (q.q) {
    const tokens = searchTokens(q.q);
    const key = partNumberKey(q.q);
    const branches: SQL[] = [];
    if (key) branches.push(sql`${products.pnKey} LIKE ${likePrefix(key)}`);
    if (tokens.length) branches.push(sql`${products.searchVector} @@ ${prefixQuery(tokens)}::tsquery`);
    if (q.q.trim()) branches.push(eq(products.slug, q.q.trim()));
    where.push(or(...branches));
  }
  return and(...where) ?? sql`true`;
}

export async function listStaffProducts(db: Db, q: ListQuery) {
  const filter = await productFilter(db, q);
  if (!filter) return { data: [], next: null };
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      partNumber: products.partNumber,
      name: products.name,
      nameFa: products.nameFa,
      brand: brands.name,
      category: categories.nameFa,
      price: products.price,
      stock: products.stock,
      enable: products.enable,
      deletedAt: products.deletedAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(filter, q.after ? lt(products.id, q.after) : undefined))
    .orderBy(desc(products.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    data: page.map(({ deletedAt, updatedAt, ...r }) => ({ ...r, deleted: deletedAt !== null, updatedAt: updatedAt.toISOString() })),
    next: rows.length > q.limit ? page[page.length - 1]!.id : null,
  };
}
