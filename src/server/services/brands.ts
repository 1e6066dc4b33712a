/** Brands with the categories they have products in: the home page's brands block. */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { BrandWithCategories } from '../../api/schemas/categories';
import type { Db } from '../db/client';
import { brands, products } from '../db/schema';
import { categoryBySlug, categoryTree, subtreeIds } from './category-tree';
import { productIsPublic, toCategoryRef } from './product-views';
import type { ReadCache } from './read-cache';

export async function brandsWithCategories(
  db: Db,
  cache: ReadCache,
  opts: { category?: string | undefined; limit?: number | undefined },
): Promise<BrandWithCategories[]> {
  const tree = await categoryTree(db, cache);
  const scope = opts.category ? inArray(products.categoryId, subtreeIds(await categoryBySlug(db, cache, opts.category))) : undefined;
  // One grouped query: (brand, leaf category) → enabled products. Names come from the cached tree.
  const rows = await db
    .select({
      brandId: brands.id,
      slug: brands.slug,
      name: brands.name,
      nameFa: brands.nameFa,
      image: brands.image,
      categoryId: products.categoryId,
      n: count(),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(productIsPublic, scope))
    .groupBy(brands.id, products.categoryId);

  const byBrand = new Map<number, BrandWithCategories>();
  for (const r of rows) {
    const category = tree.byId.get(r.categoryId);
    if (!category) continue;
    let brand = byBrand.get(r.brandId);
    if (!brand) {
      brand = { slug: r.slug, name: r.name, nameFa: r.nameFa, image: r.image, count: 0, categories: [] };
      byBrand.set(r.brandId, brand);
    }
    const n = Number(r.n);
    brand.count += n;
    brand.categories.push({ ...toCategoryRef(category), count: n });
  }
  const list = [...byBrand.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  for (const b of list) b.categories.sort((x, y) => y.count - x.count || x.slug.localeCompare(y.slug));
  return opts.limit ? list.slice(0, opts.limit) : list;
}
