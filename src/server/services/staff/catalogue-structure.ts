/**
 * Back office: categories (create, rename, move, reorder, image), brands, attributes and their values,
 * and the departments menu. Each write records its staff action in the same transaction; category
 * rows carry updated_at (the rebuild then builds every page), the menu and brands touch site_revisions.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STAFF_CATALOGUE_MESSAGES as M,
  type staffAttributeBodySchema,
  type staffBrandBodySchema,
  type staffCategoryBodySchema,
  type staffCategoryUpdateSchema,
  type staffMenuBodySchema,
} from '../../../api/schemas/staff-catalogue';
import { isValidCategoryParent, placeUnder } from '../../../lib/category-move';
import { slugify } from '../../../lib/slugify';
import type { Db } from '../../db/client';
import { attributes, brands, categories, departments, productAttributeValues, products } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { refreshCategoryCounts, lockCategoryWrites } from '../catalogue/category-writer';
import { recordAction, touchSite, type Tx } from './audit';

const slugTaken = () => new HttpError(409, M.slugTaken, { slug: [M.slugTaken] });

async function slugFree(tx: Tx, table: typeof categories | typeof brands | typeof attributes, slug: string, exceptId?: number) {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.slug, slug)).limit(1);
  if (row && row.id !== exceptId) throw slugTaken();
}

// ---- categories

export async function staffListCategories(db: Db) {
  const rows = await db.select().from(categories).orderBy(asc(categories.path));
  const counts = await db
    .select({ id: products.categoryId, n: count() })
    .from(products)
    .where(and(eq(products.enable, true), isNull(products.deletedAt)))
    .groupBy(products.categoryId);
  const own = new Map(counts.map((c) => [c.id, Number(c.n)]));
  // Siblings by sort: the path order groups subtrees, the sort orders within one parent.
  const sorted = [...rows].sort((a, b) => a.depth - b.depth || a.sort - b.sort || a.id - b.id);
  const children = new Map<number | null, typeof rows>();
  for (const r of sorted) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const out: typeof rows = [];
  const walk = (parent: number | null) => {
    for (const r of children.get(parent) ?? []) {
      out.push(r);
      walk(r.id);
    }
  };
  walk(null);
  return out.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    nameFa: r.nameFa,
    parentId: r.parentId,
    depth: r.depth,
    sort: r.sort,
    image: r.image,
    items: own.get(r.id) ?? 0,
  }));
}

async function parentRow(tx: Tx, parentId: number | null) {
  if (parentId === null) return null;
  const [p] = await tx.select().from(categories).where(eq(categories.id, parentId)).limit(1);
  if (!p) throw new HttpError(422, M.parentMissing, { parentId: [M.parentMissing] });
  return p;
}

export async function createCategory(db: Db, staffId: number, body: z.output<typeof staffCategoryBodySchema>) {
  return db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    await slugFree(tx, categories, body.slug);
    const parent = await parentRow(tx, body.parentId);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${categories.sort}), -1) + 1` })
      .from(categories)
      .where(body.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, body.parentId))) as [{ next: number }];
    const [row] = await tx
      .insert(categories)
      .values({
        slug: body.slug,
        name: body.name,
        nameFa: body.nameFa,
        parentId: body.parentId,
        image: body.image ?? null,
        sort: Number(next),
      })
      .returning();
    const place = placeUnder(row!.id, parent);
    await tx.update(categories).set(place).where(eq(categories.id, row!.id));
    await recordAction(tx, staffId, 'category.create', 'category', row!.id, { slug: body.slug, parentId: body.parentId });
    return row!.id;
  });
}

/** Renames, re-images or moves a category; a move carries its whole subtree's paths and depths along. */
export async function updateCategory(db: Db, staffId: number, id: number, body: z.output<typeof staffCategoryUpdateSchema>) {
  await db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw notFound(M.categoryMissing);
    if (body.slug !== undefined) await slugFree(tx, categories, body.slug, id);
    const changes: Record<string, unknown> = {};
    for (const k of ['slug', 'name', 'nameFa', 'image'] as const) {
      if (body[k] !== undefined && body[k] !== row[k]) changes[k] = body[k];
    }
    if (body.parentId !== undefined && body.parentId !== row.parentId) {
      const parent = await parentRow(tx, body.parentId);
      if (!isValidCategoryParent(row.path, parent?.path ?? null)) throw new HttpError(422, M.moveIntoSelf, { parentId: [M.moveIntoSelf] });
      const place = placeUnder(id, parent);
      // Every row of the subtree: swap the old path prefix for the new one and shift the depth.
      await tx.execute(sql`UPDATE categories SET path = ${place.path} || substr(path, ${row.path.length + 1}),
        depth = depth + ${place.depth - row.depth}, updated_at = now() WHERE path LIKE ${`${row.path}%`}`);
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${categories.sort}), -1) + 1` })
        .from(categories)
        .where(body.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, body.parentId))) as [{ next: number }];
      await tx
        .update(categories)
        .set({ parentId: body.parentId, sort: Number(next) })
        .where(eq(categories.id, id));
      changes.parentId = body.parentId;
    }
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(categories)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(categories.id, id));
    if ('parentId' in changes) await refreshCategoryCounts(tx as unknown as Db);
    await recordAction(tx, staffId, 'category.update', 'category', id, {
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof typeof row]])),
      after: changes,
    });
  });
}

/** Puts one parent's children in the given order (ids of other parents are refused). */
export async function reorderCategories(db: Db, staffId: number, parentId: number | null, ids: number[]) {
  await db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    const siblings = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
    const known = new Set(siblings.map((s) => s.id));
    if (ids.length !== known.size || ids.some((i) => !known.has(i)) || new Set(ids).size !== ids.length) {
      throw new HttpError(422, 'فهرست باید همه زیرشاخه‌های همین والد را یک بار داشته باشد.', {
        ids: ['فهرست باید همه زیرشاخه‌های همین والد را یک بار داشته باشد.'],
      });
    }
    for (const [sort, id] of ids.entries())
      await tx
        .update(categories)
        .set({ sort, updatedAt: sql`now()` })
        .where(eq(categories.id, id));
    await recordAction(tx, staffId, 'category.reorder', 'category', parentId ?? 0, { ids });
  });
}

export async function deleteCategory(db: Db, staffId: number, id: number) {
  await db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw notFound(M.categoryMissing);
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
    if (child || product) throw new HttpError(409, M.categoryInUse);
    await tx.delete(categories).where(eq(categories.id, id));
    // The deleted row cannot carry updated_at: a sibling (or any category) does, so the rebuild sees a category change.
    await tx
      .update(categories)
      .set({ updatedAt: sql`now()` })
      .where(row.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, row.parentId));
    await touchSite(tx, 'menu');
    await recordAction(tx, staffId, 'category.delete', 'category', id, { slug: row.slug });
  });
}

// ---- brands

export async function staffListBrands(db: Db) {
  const counts = await db
    .select({ id: products.brandId, n: count() })
    .from(products)
    .where(isNull(products.deletedAt))
    .groupBy(products.brandId);
  const by = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const rows = await db.select().from(brands).orderBy(asc(brands.name));
  return rows.map((b) => ({ id: b.id, slug: b.slug, name: b.name, nameFa: b.nameFa, image: b.image, products: by.get(b.id) ?? 0 }));
}

export async function saveBrand(db: Db, staffId: number, id: number | null, body: z.output<typeof staffBrandBodySchema>) {
  return db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    await slugFree(tx, brands, body.slug, id ?? undefined);
    const values = { slug: body.slug, name: body.name, nameFa: body.nameFa, image: body.image ?? null, updatedAt: sql`now()` };
    let brandId = id;
    if (id === null) {
      const [row] = await tx.insert(brands).values(values).returning({ id: brands.id });
      brandId = row!.id;
    } else {
      const done = await tx.update(brands).set(values).where(eq(brands.id, id)).returning({ id: brands.id });
      if (!done.length) throw notFound(M.brandMissing);
      // Product pages name their brand: they are rendered again.
      await tx
        .update(products)
        .set({ updatedAt: sql`now()` })
        .where(eq(products.brandId, id));
    }
    await touchSite(tx, 'brands');
    await recordAction(tx, staffId, id === null ? 'brand.create' : 'brand.update', 'brand', brandId!, { slug: body.slug, name: body.name });
    return brandId!;
  });
}

// ---- attributes and their values

export async function staffListAttributes(db: Db) {
  const [rows, values] = await Promise.all([
    db.select().from(attributes).orderBy(asc(attributes.name)),
    db
      .select({
        attributeId: productAttributeValues.attributeId,
        value: productAttributeValues.value,
        slug: productAttributeValues.valueSlug,
        n: count(),
      })
      .from(productAttributeValues)
      .groupBy(productAttributeValues.attributeId, productAttributeValues.value, productAttributeValues.valueSlug)
      .orderBy(asc(productAttributeValues.valueSlug)),
  ]);
  return rows.map((a) => ({
    id: a.id,
    slug: a.slug,
    name: a.name,
    nameFa: a.nameFa,
    featured: a.featured,
    values: values.filter((v) => v.attributeId === a.id).map((v) => ({ value: v.value, slug: v.slug, products: Number(v.n) })),
  }));
}

async function touchProductsWithAttribute(tx: Tx, attributeId: number, valueSlug?: string) {
  const having =
    valueSlug === undefined
      ? eq(productAttributeValues.attributeId, attributeId)
      : and(eq(productAttributeValues.attributeId, attributeId), eq(productAttributeValues.valueSlug, valueSlug));
  await tx
    .update(products)
    .set({ updatedAt: sql`now()` })
    .where(inArray(products.id, tx.select({ id: productAttributeValues.productId }).from(productAttributeValues).where(having)));
}

export async function saveAttribute(db: Db, staffId: number, id: number | null, body: z.output<typeof staffAttributeBodySchema>) {
  return db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    await slugFree(tx, attributes, body.slug, id ?? undefined);
    let attributeId = id;
    if (id === null) {
      const [row] = await tx.insert(attributes).values(body).returning({ id: attributes.id });
      attributeId = row!.id;
    } else {
      const done = await tx.update(attributes).set(body).where(eq(attributes.id, id)).returning({ id: attributes.id });
      if (!done.length) throw notFound(M.attributeMissing);
      await touchProductsWithAttribute(tx, id);
    }
    await recordAction(tx, staffId, id === null ? 'attribute.create' : 'attribute.update', 'attribute', attributeId!, body);
    return attributeId!;
  });
}

/** One value renamed everywhere it is used (e.g. "10 k" → "10k"); merges into the new value where it already exists. */
export async function renameAttributeValue(db: Db, staffId: number, id: number, from: string, to: string) {
  await db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    const [attr] = await tx.select({ id: attributes.id }).from(attributes).where(eq(attributes.id, id));
    if (!attr) throw notFound(M.attributeMissing);
    const fromSlug = slugify(from);
    const toSlug = slugify(to);
    const used = await tx
      .select({ productId: productAttributeValues.productId })
      .from(productAttributeValues)
      .where(and(eq(productAttributeValues.attributeId, id), eq(productAttributeValues.valueSlug, fromSlug)));
    if (!used.length) throw new HttpError(422, M.valueMissing, { from: [M.valueMissing] });
    await touchProductsWithAttribute(tx, id, fromSlug);
    if (fromSlug !== toSlug) {
      // Products that already carry the new value keep one row of it.
      await tx.execute(sql`DELETE FROM product_attribute_values a WHERE a.attribute_id = ${id} AND a.value_slug = ${fromSlug}
        AND EXISTS (SELECT 1 FROM product_attribute_values b WHERE b.product_id = a.product_id AND b.attribute_id = ${id} AND b.value_slug = ${toSlug})`);
    }
    await tx
      .update(productAttributeValues)
      .set({ value: to, valueSlug: toSlug })
      .where(and(eq(productAttributeValues.attributeId, id), eq(productAttributeValues.valueSlug, fromSlug)));
    await recordAction(tx, staffId, 'attribute.value.rename', 'attribute', id, { from, to, products: used.length });
  });
}

// ---- departments menu

export async function staffListMenu(db: Db) {
  return db.select().from(departments).orderBy(asc(departments.parentId), asc(departments.sort), asc(departments.id));
}

export async function saveMenuItem(db: Db, staffId: number, id: number | null, body: z.output<typeof staffMenuBodySchema>) {
  return db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    if (body.parentId !== null) {
      const [p] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, body.parentId));
      if (!p || body.parentId === id) throw new HttpError(422, M.menuMissing, { parentId: [M.menuMissing] });
    }
    let itemId = id;
    if (id === null) {
      const [row] = await tx.insert(departments).values(body).returning({ id: departments.id });
      itemId = row!.id;
    } else {
      const done = await tx.update(departments).set(body).where(eq(departments.id, id)).returning({ id: departments.id });
      if (!done.length) throw notFound(M.menuMissing);
    }
    await touchSite(tx, 'menu');
    await recordAction(tx, staffId, id === null ? 'menu.create' : 'menu.update', 'menu', itemId!, { title: body.title, url: body.url });
    return itemId!;
  });
}

export async function deleteMenuItem(db: Db, staffId: number, id: number) {
  await db.transaction(async (tx) => {
    await lockCategoryWrites(tx);
    const done = await tx.delete(departments).where(eq(departments.id, id)).returning({ title: departments.title });
    if (!done.length) throw notFound(M.menuMissing);
    await touchSite(tx, 'menu');
    await recordAction(tx, staffId, 'menu.delete', 'menu', id, { title: done[0]!.title });
  });
}
