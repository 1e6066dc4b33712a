/**
 * The back office's product editor: one product as the console edits it, and saving it. A save goes
 * through the catalogue importer's writer (brand, attributes, tiers, search text, HTML allow-list are
 * handled once, in one place), then writes what the CSV format does not carry (files, images, dollar
 * pricing, attribute units), the product's change history and the staff action — all in one
 * transaction. updated_at moves only when something changed, which is what the incremental rebuild of
 * the static pages follows.
 */
import { markdownSourceOf as sourceOf, markdownToHtml } from '../../../lib/markdown';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffProduct, StaffProductBody, staffProductCreateSchema } from '../../../api/schemas/staff-products';
import { slugify } from '../../../lib/slugify';
import type { Db } from '../../db/client';
import {
  attributes,
  brands,
  categories,
  mediaUploads,
  productAttributeValues,
  productFiles,
  productImages,
  productPrices,
  products,
  staffActions,
} from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../http/errors';
import { loadCategories, refreshCategoryCounts, lockCategoryWrites } from '../catalogue/category-writer';
import { DATASHEET_LABEL, writeProducts } from '../catalogue/product-writer';
import type { ProductInput } from '../catalogue/types';
import { recordChanges } from './product-history';

export const EDITOR_MESSAGES = {
  noCategory: 'چنین دسته‌بندی‌ای در فروشگاه نیست.',
  slugTaken: 'کالایی با این شناسه (slug) پیش‌تر ثبت شده است.',
  deleted: 'این کالا حذف شده است؛ نخست آن را بازگردانید.',
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The importer's datasheet row (a link from the CSV) is the datasheetUrl field, not one of the listed files. */
const importerDatasheet = and(
  eq(productFiles.kind, 'datasheet'),
  eq(productFiles.label, DATASHEET_LABEL),
  sql`${productFiles.file} IS NULL`,
);

export async function loadEditorProduct(db: Db | Tx, id: number): Promise<StaffProduct> {
  const [row] = await db
    .select({ p: products, brand: brands.name, category: categories.slug })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) throw notFound();
  const { p } = row;
  // One after the other: inside a save's transaction `db` is one PostgreSQL client, and pg refuses (from
  // pg 9; a deprecation warning today) a query sent while that client is still answering another.
  const tiers = await db.select().from(productPrices).where(eq(productPrices.productId, id)).orderBy(asc(productPrices.minCount));
  const values = await db
    .select({ name: attributes.name, unit: attributes.unit, value: productAttributeValues.value })
    .from(productAttributeValues)
    .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
    .where(eq(productAttributeValues.productId, id))
    .orderBy(asc(attributes.name), asc(productAttributeValues.value));
  const files = await db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.productId, id), sql`NOT (${importerDatasheet})`))
    .orderBy(asc(productFiles.id));
  const images = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.sort), asc(productImages.id));
  return {
    id: p.id,
    slug: p.slug,
    deleted: p.deletedAt !== null,
    updatedAt: p.updatedAt.toISOString(),
    partNumber: p.partNumber,
    name: p.name,
    nameFa: p.nameFa,
    categorySlug: row.category,
    brand: row.brand ?? null,
    package: p.package,
    quality: p.quality,
    description: p.description,
    descriptionFa: p.descriptionFa,
    moreDescription: p.moreDescription,
    specification: p.specification,
    price: p.price,
    compareAtPrice: p.compareAtPrice,
    moreDescriptionMarkdown: sourceOf(p.moreDescriptionMarkdown, p.moreDescription),
    specificationMarkdown: sourceOf(p.specificationMarkdown, p.specification),
    tiers: tiers.map((t) => ({ minCount: t.minCount, maxCount: t.maxCount, price: t.price, compareAtPrice: t.compareAtPrice })),
    minimumPurchase: p.minimumPurchase,
    stock: p.stock,
    threshold: p.threshold,
    availabilityDate: p.availabilityDate,
    enable: p.enable,
    badges: p.badges as StaffProduct['badges'],
    attributes: values.map((v) => ({ name: v.name, value: v.value, unit: v.unit })),
    datasheetUrl: p.datasheetUrl,
    files: files.map((f) => ({ kind: f.kind, label: f.label, labelEn: f.labelEn, link: f.file ?? f.fileLink ?? '' })),
    images: images.map((i) => ({ src: i.src, alt: i.alt })),
    basePriceUsdCents: p.basePriceUsdCents,
    marginPercent: p.marginPercent,
  };
}

function toWriterInput(slug: string, b: StaffProductBody): ProductInput {
  return {
    slug,
    partNumber: b.partNumber,
    name: b.name,
    nameFa: b.nameFa,
    categorySlug: b.categorySlug,
    brand: b.brand || null,
    package: b.package || null,
    quality: b.quality,
    description: b.description,
    descriptionFa: b.descriptionFa,
    price: b.price,
    tiers: b.tiers,
    minimumPurchase: b.minimumPurchase,
    stock: b.stock,
    threshold: b.threshold,
    availabilityDate: b.availabilityDate,
    enable: b.enable,
    datasheetUrl: b.datasheetUrl,
    attributes: b.attributes.map((a) => ({ name: a.name, value: a.value })),
    compareAtPrice: b.compareAtPrice,
    badges: b.badges,
    // Markdown from the console's editor wins: the stored HTML is what it renders to (sanitised again by the writer).
    moreDescription: b.moreDescriptionMarkdown !== null ? markdownToHtml(b.moreDescriptionMarkdown) : b.moreDescription,
    specification: b.specificationMarkdown !== null ? markdownToHtml(b.specificationMarkdown) : b.specification,
  };
}

async function writeExtras(tx: Tx, id: number, b: StaffProductBody): Promise<void> {
  await tx
    .update(products)
    .set({
      basePriceUsdCents: b.basePriceUsdCents,
      marginPercent: b.marginPercent,
      moreDescriptionMarkdown: b.moreDescriptionMarkdown,
      specificationMarkdown: b.specificationMarkdown,
    })
    .where(eq(products.id, id));
  // A unit belongs to the attribute (every product's "Voltage" is in V): the latest save names it.
  for (const a of b.attributes) {
    if (a.unit !== null)
      await tx
        .update(attributes)
        .set({ unit: a.unit || null })
        .where(eq(attributes.slug, slugify(a.name)));
  }
  await tx.delete(productFiles).where(and(eq(productFiles.productId, id), sql`NOT (${importerDatasheet})`));
  if (b.files.length) {
    await tx.insert(productFiles).values(
      b.files.map((f) => ({
        productId: id,
        kind: f.kind,
        label: f.label,
        labelEn: f.labelEn,
        file: f.link.startsWith('/media/') ? f.link : null,
        fileLink: f.link.startsWith('/media/') ? null : f.link,
      })),
    );
  }
  if (b.images.length) {
    // Variants and sizes of an upload are kept when the image stays (only its place may change).
    const old = await tx.select().from(productImages).where(eq(productImages.productId, id));
    const bySrc = new Map<
      string,
      { width: number | null; height: number | null; variants: (typeof productImages.$inferSelect)['variants'] }
    >(old.map((i) => [i.src, i]));
    const fresh = b.images.map((i) => i.src).filter((src) => !bySrc.has(src));
    if (fresh.length) for (const u of await tx.select().from(mediaUploads).where(inArray(mediaUploads.src, fresh))) bySrc.set(u.src, u);
    await tx.delete(productImages).where(eq(productImages.productId, id));
    await tx.insert(productImages).values(
      b.images.map((img, sort) => {
        const known = bySrc.get(img.src);
        return {
          productId: id,
          src: img.src,
          alt: img.alt,
          sort,
          width: known?.width ?? null,
          height: known?.height ?? null,
          variants: known?.variants ?? null,
        };
      }),
    );
  }
}

async function checkCategory(tx: Tx, slug: string) {
  const [c] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).limit(1);
  if (!c) throw validationFailed({ categorySlug: [EDITOR_MESSAGES.noCategory] });
}

export async function createProduct(db: Db, staffId: number, body: z.output<typeof staffProductCreateSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    await checkCategory(tx, body.categorySlug);
    const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, body.slug)).limit(1);
    if (taken) throw new HttpError(409, EDITOR_MESSAGES.slugTaken, { slug: [EDITOR_MESSAGES.slugTaken] });
    await writeProducts(tx, [toWriterInput(body.slug, body)], await loadCategories(tx));
    const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, body.slug));
    const id = row!.id;
    await writeExtras(tx, id, body);
    await refreshCategoryCounts(tx);
    await tx.insert(staffActions).values({
      staffId,
      action: 'product.create',
      entity: 'product',
      entityId: id,
      details: { slug: body.slug, price: body.price, stock: body.stock },
    });
    await recordChanges(tx, id, staffId, null, await loadEditorProduct(tx, id), 'edit');
    return id;
  });
}

export async function updateProduct(db: Db, staffId: number, id: number, body: StaffProductBody): Promise<{ changed: string[] }> {
  return db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    // The row lock makes two saves of one product take turns, so each history row has the right "before".
    const [locked] = await tx
      .select({ slug: products.slug, deletedAt: products.deletedAt })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!locked) throw notFound();
    if (locked.deletedAt) throw new HttpError(409, EDITOR_MESSAGES.deleted);
    await checkCategory(tx, body.categorySlug);
    const before = await loadEditorProduct(tx, id);
    await writeProducts(tx, [toWriterInput(locked.slug, body)], await loadCategories(tx));
    await writeExtras(tx, id, body);
    const after = await loadEditorProduct(tx, id);
    const changed = await recordChanges(tx, id, staffId, before, after, 'edit');
    if (changed.length) {
      await tx
        .update(products)
        .set({ updatedAt: sql`now()` })
        .where(eq(products.id, id));
      if (changed.some((f) => f === 'categorySlug' || f === 'enable')) await refreshCategoryCounts(tx);
      await tx
        .insert(staffActions)
        .values({ staffId, action: 'product.update', entity: 'product', entityId: id, details: { slug: locked.slug, fields: changed } });
    }
    return { changed };
  });
}

/** Turns a product off or on (off: no page, not sold, still editable). */
export async function setProductEnabled(db: Db, staffId: number, id: number, enable: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    const [row] = await tx
      .select({ enable: products.enable, deletedAt: products.deletedAt })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!row) throw notFound();
    if (row.deletedAt) throw new HttpError(409, EDITOR_MESSAGES.deleted);
    if (row.enable === enable) return;
    await tx
      .update(products)
      .set({ enable, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    await refreshCategoryCounts(tx);
    await recordChanges(tx, id, staffId, { enable: row.enable }, { enable }, 'edit');
    await tx
      .insert(staffActions)
      .values({ staffId, action: enable ? 'product.enable' : 'product.disable', entity: 'product', entityId: id, details: {} });
  });
}

/** Soft delete (orders and history keep pointing at the row) and its undo. */
export async function setProductDeleted(db: Db, staffId: number, id: number, deleted: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    const [row] = await tx.select({ deletedAt: products.deletedAt }).from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound();
    if ((row.deletedAt !== null) === deleted) return;
    await tx
      .update(products)
      .set({ deletedAt: deleted ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    await refreshCategoryCounts(tx);
    await recordChanges(tx, id, staffId, { deleted: !deleted }, { deleted }, 'edit');
    await tx
      .insert(staffActions)
      .values({ staffId, action: deleted ? 'product.delete' : 'product.restore', entity: 'product', entityId: id, details: {} });
  });
}
