/**
 * Upserts products by slug with their tiers, attribute values, datasheet file row and a default
 * illustration, in multi-row statements. A product is written only when something about it
 * changed, so updated_at keeps meaning "this page must be rebuilt".
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sanitiseRichHtml } from '../../../lib/rich-html';
import { partNumberKey, productSearchText } from '../../../lib/search-text';
import { slugify } from '../../../lib/slugify';
import type { Db } from '../../db/client';
import { attributes, brands, productAttributeValues, productFiles, productPrices, products } from '../../db/schema';
import { ATTRIBUTE_NAMES_FA, FEATURED_ATTRIBUTES } from './attribute-names';
import { ancestorNames, type CategoryNode } from './category-writer';
import { bulkInsert } from './bulk-insert';
import { chunks } from './chunks';
import type { ProductInput } from './types';

/** Label of the product_files row the importer owns; rows with other labels are staff uploads. */
export const DATASHEET_LABEL = 'Datasheet';
const PRODUCT_CHUNK = 2000;
const CHILD_CHUNK = 10_000;

export const partIllustrationSrc = (slug: string) => `/media/parts/${slug}.svg`;

async function ensureBrands(db: Db, names: string[]): Promise<Map<string, number>> {
  const bySlug = new Map<string, string>();
  for (const n of names) if (!bySlug.has(slugify(n))) bySlug.set(slugify(n), n);
  const slugs = [...bySlug.keys()];
  const ids = new Map<string, number>();
  for (const part of chunks(slugs, CHILD_CHUNK)) {
    await db
      .insert(brands)
      .values(part.map((slug) => ({ slug, name: bySlug.get(slug)! })))
      .onConflictDoNothing();
    for (const b of await db.select({ id: brands.id, slug: brands.slug }).from(brands).where(inArray(brands.slug, part)))
      ids.set(b.slug, b.id);
  }
  return ids;
}

async function ensureAttributes(db: Db, names: string[]): Promise<Map<string, number>> {
  const bySlug = new Map<string, string>();
  for (const n of names) if (!bySlug.has(slugify(n))) bySlug.set(slugify(n), n);
  const slugs = [...bySlug.keys()];
  const ids = new Map<string, number>();
  for (const part of chunks(slugs, CHILD_CHUNK)) {
    await db
      .insert(attributes)
      .values(
        part.map((slug) => ({
          slug,
          name: bySlug.get(slug)!,
          nameFa: ATTRIBUTE_NAMES_FA[slug] ?? null,
          featured: FEATURED_ATTRIBUTES.has(slug),
        })),
      )
      .onConflictDoNothing();
    for (const a of await db.select({ id: attributes.id, slug: attributes.slug }).from(attributes).where(inArray(attributes.slug, part)))
      ids.set(a.slug, a.id);
  }
  return ids;
}

type ProductRow = typeof products.$inferInsert;
interface Desired {
  row: ProductRow;
  tiers: { minCount: number; maxCount: number | null; price: number; compareAtPrice: number | null }[];
  values: { attributeId: number; value: string; valueSlug: string }[];
}

/** The columns compared to decide "changed"; the optional ones only when this import writes them. */
function fingerprint(
  row: ProductRow,
  tiers: Desired['tiers'],
  values: Desired['values'],
  datasheetLink: string | null,
  optional: OptionalColumns,
  deleted: boolean,
) {
  return JSON.stringify([
    row.partNumber,
    row.name,
    row.nameFa,
    row.description ?? null,
    row.descriptionFa ?? null,
    row.brandId ?? null,
    row.categoryId,
    row.package ?? null,
    row.quality ?? null,
    row.price,
    row.minimumPurchase,
    row.stock,
    row.threshold,
    row.availabilityDate ?? null,
    row.enable,
    row.datasheetUrl ?? null,
    row.pnKey,
    row.searchText,
    deleted,
    optional.compareAtPrice ? (row.compareAtPrice ?? null) : 0,
    optional.badges ? (row.badges ?? []) : 0,
    optional.moreDescription ? (row.moreDescription ?? null) : 0,
    optional.specification ? (row.specification ?? null) : 0,
    tiers.map((t) => [t.minCount, t.maxCount, t.price, t.compareAtPrice]),
    values.map((v) => [v.attributeId, v.valueSlug, v.value]).sort(),
    datasheetLink,
  ]);
}

interface OptionalColumns {
  compareAtPrice: boolean;
  badges: boolean;
  moreDescription: boolean;
  specification: boolean;
}

export interface ProductWriteResult {
  created: number;
  updated: number;
  unchanged: number;
  brands: number;
  attributes: number;
}

export async function writeProducts(
  db: Db,
  input: ProductInput[],
  allCategories: (CategoryNode & { slug: string })[],
): Promise<ProductWriteResult> {
  const categoryIds = new Map(allCategories.map((c) => [c.slug, c.id]));
  const categoryNames = ancestorNames(allCategories);
  const brandNames = [...new Set(input.map((p) => p.brand).filter((b): b is string => !!b))];
  const brandIds = await ensureBrands(db, brandNames);
  const attributeIds = await ensureAttributes(db, [...new Set(input.flatMap((p) => p.attributes.map((a) => a.name)))]);
  const optional: OptionalColumns = {
    compareAtPrice: input.some((p) => p.compareAtPrice !== undefined),
    badges: input.some((p) => p.badges !== undefined),
    moreDescription: input.some((p) => p.moreDescription !== undefined),
    specification: input.some((p) => p.specification !== undefined),
  };

  const desired = new Map<string, Desired>();
  for (const p of input) {
    const categoryId = categoryIds.get(p.categorySlug);
    if (categoryId === undefined) throw new Error(`unknown category ${p.categorySlug}`);
    const values = new Map<string, Desired['values'][number]>();
    for (const a of p.attributes) {
      const v = { attributeId: attributeIds.get(slugify(a.name))!, value: a.value, valueSlug: slugify(a.value) };
      values.set(`${v.attributeId}/${v.valueSlug}`, v);
    }
    const row: ProductRow = {
      slug: p.slug,
      partNumber: p.partNumber,
      name: p.name,
      nameFa: p.nameFa,
      description: p.description,
      descriptionFa: p.descriptionFa,
      brandId: p.brand ? brandIds.get(slugify(p.brand))! : null,
      categoryId,
      package: p.package,
      quality: p.quality,
      price: p.price,
      minimumPurchase: p.minimumPurchase,
      stock: p.stock,
      threshold: p.threshold,
      availabilityDate: p.availabilityDate,
      enable: p.enable,
      datasheetUrl: p.datasheetUrl,
      pnKey: partNumberKey(p.partNumber),
      searchText: productSearchText({
        partNumber: p.partNumber,
        name: p.name,
        nameFa: p.nameFa,
        brand: p.brand,
        package: p.package,
        categoryNames: categoryNames.get(categoryId),
        attributeValues: p.attributes.map((a) => a.value),
        slug: p.slug,
      }),
      deletedAt: null,
    };
    if (optional.compareAtPrice) row.compareAtPrice = p.compareAtPrice ?? null;
    if (optional.badges) row.badges = p.badges ?? [];
    // Rich HTML is stored only through the shop's allow-list (the pages sanitise it again when rendering).
    if (optional.moreDescription) row.moreDescription = sanitiseRichHtml(p.moreDescription);
    if (optional.specification) row.specification = sanitiseRichHtml(p.specification);
    const tiers = p.tiers.map((t) => ({
      minCount: t.minCount,
      maxCount: t.maxCount,
      price: t.price,
      compareAtPrice: t.compareAtPrice ?? null,
    }));
    desired.set(p.slug, { row, tiers, values: [...values.values()] });
  }

  // What the shop holds now for these slugs, in the same shape.
  const existingIds = new Map<string, number>();
  const existingPrint = new Map<number, string>();
  for (const part of chunks([...desired.keys()], PRODUCT_CHUNK)) {
    const rows = await db.select().from(products).where(inArray(products.slug, part));
    if (!rows.length) continue;
    const ids = rows.map((r) => r.id);
    const tiers = await db
      .select()
      .from(productPrices)
      .where(inArray(productPrices.productId, ids))
      .orderBy(productPrices.productId, productPrices.minCount);
    const values = await db.select().from(productAttributeValues).where(inArray(productAttributeValues.productId, ids));
    const files = await db
      .select({ productId: productFiles.productId, fileLink: productFiles.fileLink })
      .from(productFiles)
      .where(
        and(
          inArray(productFiles.productId, ids),
          eq(productFiles.kind, 'datasheet'),
          eq(productFiles.label, DATASHEET_LABEL),
          isNull(productFiles.file),
        ),
      );
    const group = <T extends { productId: number }>(list: T[]) => {
      const m = new Map<number, T[]>();
      for (const x of list) m.set(x.productId, [...(m.get(x.productId) ?? []), x]);
      return m;
    };
    const tiersBy = group(tiers);
    const valuesBy = group(values);
    const filesBy = group(files);
    for (const r of rows) {
      existingIds.set(r.slug, r.id);
      const link = filesBy.get(r.id)?.length === 1 ? filesBy.get(r.id)![0]!.fileLink : filesBy.get(r.id)?.length ? '(several)' : null;
      existingPrint.set(
        r.id,
        fingerprint(
          r,
          (tiersBy.get(r.id) ?? []).map((t) => ({ ...t })),
          valuesBy.get(r.id) ?? [],
          link,
          optional,
          r.deletedAt !== null,
        ),
      );
    }
  }

  const result: ProductWriteResult = { created: 0, updated: 0, unchanged: 0, brands: brandIds.size, attributes: attributeIds.size };
  const toWrite: Desired[] = [];
  const changedIds: number[] = [];
  for (const [slug, d] of desired) {
    const id = existingIds.get(slug);
    if (id === undefined) {
      result.created++;
      toWrite.push(d);
      continue;
    }
    if (existingPrint.get(id) === fingerprint(d.row, d.tiers, d.values, d.row.datasheetUrl ?? null, optional, false)) {
      result.unchanged++;
      continue;
    }
    result.updated++;
    changedIds.push(id);
    toWrite.push(d);
  }

  // Children of changed products are replaced as a whole.
  for (const part of chunks(changedIds, CHILD_CHUNK)) {
    await db.delete(productPrices).where(inArray(productPrices.productId, part));
    await db.delete(productAttributeValues).where(inArray(productAttributeValues.productId, part));
    await db
      .delete(productFiles)
      .where(
        and(
          inArray(productFiles.productId, part),
          eq(productFiles.kind, 'datasheet'),
          eq(productFiles.label, DATASHEET_LABEL),
          isNull(productFiles.file),
        ),
      );
  }

  const sample = toWrite[0]?.row ?? {};
  const updates = Object.keys(sample)
    .filter((k) => k !== 'slug')
    .map((k) => (products[k as keyof typeof products] as { name: string }).name)
    .map((n) => `"${n}" = excluded."${n}"`);
  const upsert = sql.raw(`ON CONFLICT (slug) DO UPDATE SET ${[...updates, 'updated_at = now()'].join(', ')} RETURNING id, slug`);
  const ids = new Map<string, number>();
  for (const part of chunks(toWrite, PRODUCT_CHUNK)) {
    const written = await bulkInsert<{ id: number; slug: string }>(
      db,
      products,
      part.map((d) => d.row),
      upsert,
    );
    for (const w of written) ids.set(w.slug, Number(w.id));
  }

  const tierRows = toWrite.flatMap((d) => d.tiers.map((t) => ({ productId: ids.get(d.row.slug)!, ...t })));
  for (const part of chunks(tierRows, CHILD_CHUNK)) await bulkInsert(db, productPrices, part);
  const valueRows = toWrite.flatMap((d) => d.values.map((v) => ({ productId: ids.get(d.row.slug)!, ...v })));
  for (const part of chunks(valueRows, CHILD_CHUNK)) await bulkInsert(db, productAttributeValues, part);
  const fileRows = toWrite
    .filter((d) => d.row.datasheetUrl)
    .map((d) => ({
      productId: ids.get(d.row.slug)!,
      kind: 'datasheet' as const,
      label: DATASHEET_LABEL,
      file: null,
      fileLink: d.row.datasheetUrl!,
    }));
  for (const part of chunks(fileRows, CHILD_CHUNK)) await bulkInsert(db, productFiles, part);

  // Every imported product shows at least its drawn illustration.
  const allIds = [...new Set([...existingIds.values(), ...ids.values()])];
  for (const part of chunks(allIds, CHILD_CHUNK)) {
    await db.execute(sql`
      INSERT INTO product_images (product_id, src, alt, width, height, sort)
      SELECT p.id, '/media/parts/' || p.slug || '.svg', p.part_number, 400, 400, 0 FROM products p
      WHERE p.id IN (${sql.join(
        part.map((id) => sql`${id}`),
        sql`, `,
      )})
        AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id)`);
  }
  return result;
}
