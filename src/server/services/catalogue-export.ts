/**
 * Bulk catalogue reads for the static build: full product view models for many products in a fixed
 * number of queries (not six per product as the product page call makes), the index of public
 * products, and what changed since a given time (incremental rebuilds, `npm start`'s staleness check).
 *
 * Change detection reads updated_at. Every writer of products, categories and content sets it (the
 * import, the seed, staff tools); a writer that forgot would leave the static page stale until the
 * next full build.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Product } from '../../api/schemas/catalogue';
import type { ExportChanges, ExportIndex, ExportProducts } from '../../api/schemas/export';
import type { Db } from '../db/client';
import {
  blogPosts,
  brands,
  categories,
  contentPages,
  productFiles,
  productImages,
  productPrices,
  products,
  siteRevisions,
} from '../db/schema';
import { catalogueVersion } from './catalogue-version';
import {
  productPageColumns,
  groupAttributes,
  groupFiles,
  loadAttributeRows,
  pathIds,
  productIsPublic,
  toCategoryRef,
  toProductCard,
  type CardRow,
} from './product-views';
import { rowsOf } from '../db/rows';

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** The database's clock, so `since` values compare with updated_at written by the same clock. */
async function dbNow(db: Db): Promise<string> {
  const result = await db.execute(sql`select now() as now`);
  const value = rowsOf<{ now: string | Date }>(result)[0]!.now;
  return new Date(value).toISOString();
}

/**
 * Full product view models of public products with id > after (and changed after `since`), in id
 * order. Seven queries per page whatever its size. Fields mean exactly what loadProduct gives: the
 * card comes from the same toProductCard, groups from the same helpers.
 */
export async function exportProducts(db: Db, opts: { after: number; limit: number; since?: string }): Promise<ExportProducts> {
  const where = and(productIsPublic, gt(products.id, opts.after), opts.since ? gt(products.updatedAt, new Date(opts.since)) : undefined);
  const rows = await db
    .select(productPageColumns)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(products.id))
    // One more than asked tells whether another page follows.
    .limit(opts.limit + 1);
  const more = rows.length > opts.limit;
  const page = more ? rows.slice(0, opts.limit) : rows;
  if (page.length === 0) return { items: [], next: null };

  const ids = page.map((r) => r.id);
  const categoryIds = [...new Set(page.flatMap((r) => [...pathIds(r.categoryPath), r.categoryId]))];
  const [cats, tiers, images, attrs, files] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, name: categories.name, nameFa: categories.nameFa, depth: categories.depth })
      .from(categories)
      .where(inArray(categories.id, categoryIds)),
    db
      .select({
        productId: productPrices.productId,
        minCount: productPrices.minCount,
        maxCount: productPrices.maxCount,
        price: productPrices.price,
        compareAtPrice: productPrices.compareAtPrice,
      })
      .from(productPrices)
      .where(inArray(productPrices.productId, ids)),
    db
      .select({
        productId: productImages.productId,
        src: productImages.src,
        alt: productImages.alt,
        width: productImages.width,
        height: productImages.height,
        variants: productImages.variants,
      })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(productImages.productId, productImages.sort, productImages.id),
    loadAttributeRows(db, ids),
    db
      .select({
        productId: productFiles.productId,
        kind: productFiles.kind,
        label: productFiles.label,
        labelEn: productFiles.labelEn,
        file: productFiles.file,
        fileLink: productFiles.fileLink,
        createdAt: productFiles.createdAt,
      })
      .from(productFiles)
      .where(inArray(productFiles.productId, ids))
      .orderBy(productFiles.createdAt, productFiles.id),
  ]);
  const catById = new Map(cats.map((c) => [c.id, c]));
  const tiersBy = groupBy(tiers, (t) => t.productId);
  const imagesBy = groupBy(images, (i) => i.productId);
  const attrsBy = groupBy(attrs, (a) => a.productId);
  const filesBy = groupBy(files, (f) => f.productId);

  const items: Product[] = page.map((row) => {
    const trail = [...new Set([...pathIds(row.categoryPath), row.categoryId])]
      .map((id) => catById.get(id))
      .filter((c) => c !== undefined)
      .sort((a, b) => a.depth - b.depth);
    const own = filesBy.get(row.id) ?? [];
    const datasheetFile = own.find((f) => f.kind === 'datasheet');
    return {
      ...toProductCard(row as CardRow, tiersBy.get(row.id) ?? [], imagesBy.get(row.id) ?? []),
      descriptionFa: row.descriptionFa,
      moreDescription: row.moreDescription,
      specification: row.specification,
      categories: trail.map(toCategoryRef),
      attributes: groupAttributes(attrsBy.get(row.id) ?? []),
      datasheet: datasheetFile?.file ?? datasheetFile?.fileLink ?? row.datasheetUrl,
      footprints: groupFiles(own, 'footprint'),
      applicationnotes: groupFiles(own, 'applicationnote'),
      views: row.views,
      customFields: row.customFields,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
  return { items, next: more ? page[page.length - 1]!.id : null };
}

/** Every public product's id, slug and last change, in id order: the build's list of product pages. */
export async function exportIndex(db: Db, inCategories?: string[], page: { after?: number; limit?: number } = {}): Promise<ExportIndex> {
  const [generatedAt, version] = await Promise.all([dbNow(db), catalogueVersion(db)]);
  // A category's subtree: itself and every category whose materialised path runs through it.
  const subtrees = inCategories
    ? sql`${products.categoryId} in (select c.id from ${categories} c join ${categories} top
        on c.path like top.path || '%' where top.slug in (${sql.join(
          inCategories.map((s) => sql`${s}`),
          sql`, `,
        )}))`
    : undefined;
  const query = db
    .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(productIsPublic, subtrees, page.after !== undefined ? gt(products.id, page.after) : undefined))
    .orderBy(asc(products.id));
  const rows = page.limit !== undefined ? await query.limit(page.limit) : await query;
  const next = page.limit !== undefined && rows.length === page.limit ? rows[rows.length - 1]!.id : null;
  return {
    generatedAt,
    version,
    products: rows.map((r) => ({ id: r.id, slug: r.slug, updatedAt: r.updatedAt.toISOString() })),
    ...(page.limit !== undefined ? { next } : {}),
  };
}

/** What changed after `since`: product pages to render again or remove, categories, content. */
export async function exportChanges(db: Db, since: string): Promise<ExportChanges> {
  const after = new Date(since);
  const [generatedAt, version] = await Promise.all([dbNow(db), catalogueVersion(db)]);
  const [changedProducts, cats, pages, posts, site] = await Promise.all([
    db
      .select({ id: products.id, slug: products.slug, public: sql<boolean>`(${products.enable} and ${products.deletedAt} is null)` })
      .from(products)
      .where(gt(products.updatedAt, after))
      .orderBy(asc(products.id)),
    db.select({ slug: categories.slug }).from(categories).where(gt(categories.updatedAt, after)),
    db.selectDistinct({ slug: contentPages.slug }).from(contentPages).where(gt(contentPages.updatedAt, after)),
    db.select({ slug: blogPosts.slug }).from(blogPosts).where(gt(blogPosts.updatedAt, after)),
    db.select({ area: siteRevisions.area }).from(siteRevisions).where(gt(siteRevisions.updatedAt, after)),
  ]);
  return {
    generatedAt,
    version,
    products: {
      changed: changedProducts.filter((p) => p.public).map((p) => p.slug),
      removed: changedProducts.filter((p) => !p.public).map((p) => p.slug),
      removedIds: Object.fromEntries(changedProducts.filter((p) => !p.public).map((p) => [p.slug, p.id])),
    },
    categories: cats.map((c) => c.slug),
    pages: pages.map((p) => p.slug),
    posts: posts.map((p) => p.slug),
    site: site.map((s) => s.area),
  };
}
