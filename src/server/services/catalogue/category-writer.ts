/**
 * Upserts categories by slug, parents before children, and keeps depth and the materialised path
 * ("/3/17/42/") of every category right — also of existing children whose parent moved.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import type { CategoryInput } from './types';

export interface CategoryNode {
  id: number;
  slug: string;
  parentId: number | null;
  name: string;
  nameFa: string;
}

export async function loadCategories(db: Db) {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      parentId: categories.parentId,
      name: categories.name,
      nameFa: categories.nameFa,
      sort: categories.sort,
      image: categories.image,
    })
    .from(categories);
}

export async function writeCategories(db: Db, input: CategoryInput[]): Promise<{ created: number; updated: number; unchanged: number }> {
  const existing = new Map((await loadCategories(db)).map((c) => [c.slug, c]));
  const idOf = new Map([...existing.values()].map((c) => [c.slug, c.id]));
  const counts = { created: 0, updated: 0, unchanged: 0 };
  let pending = input;
  while (pending.length) {
    // A wave: every category whose parent already has an id (top level, in the shop, or written earlier).
    const wave = pending.filter((c) => !c.parentSlug || idOf.has(c.parentSlug));
    if (!wave.length) throw new Error(`category parents cannot be resolved: ${pending.map((c) => c.slug).join(', ')}`);
    const waveSlugs = new Set(wave.map((c) => c.slug));
    pending = pending.filter((c) => !waveSlugs.has(c.slug));

    const writes = [];
    for (const c of wave) {
      const row = {
        slug: c.slug,
        parentId: c.parentSlug ? idOf.get(c.parentSlug)! : null,
        name: c.name,
        nameFa: c.nameFa,
        sort: c.sort,
        ...(c.image !== undefined ? { image: c.image } : {}),
      };
      const old = existing.get(c.slug);
      if (!old) counts.created++;
      else if (
        old.parentId !== row.parentId ||
        old.name !== row.name ||
        old.nameFa !== row.nameFa ||
        old.sort !== row.sort ||
        (c.image !== undefined && old.image !== c.image)
      )
        counts.updated++;
      else {
        counts.unchanged++;
        continue;
      }
      writes.push(row);
    }
    if (!writes.length) continue;
    const withImage = writes.some((w) => 'image' in w);
    const written = await db
      .insert(categories)
      .values(writes)
      .onConflictDoUpdate({
        target: categories.slug,
        set: {
          parentId: sql`excluded.parent_id`,
          name: sql`excluded.name`,
          nameFa: sql`excluded.name_fa`,
          sort: sql`excluded.sort`,
          ...(withImage ? { image: sql`excluded.image` } : {}),
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: categories.id, slug: categories.slug });
    for (const w of written) idOf.set(w.slug, w.id);
  }
  await refreshCategoryPaths(db);
  return counts;
}

/** Depth and "/id/.../id/" path from parent links; touches only rows whose place in the tree changed. */
export async function refreshCategoryPaths(db: Db): Promise<void> {
  await db.execute(sql`
    WITH RECURSIVE tree AS (
      SELECT id, 0 AS depth, '/' || id::text || '/' AS path FROM categories WHERE parent_id IS NULL
      UNION ALL
      SELECT c.id, t.depth + 1, t.path || c.id::text || '/' FROM categories c JOIN tree t ON c.parent_id = t.id
    )
    UPDATE categories c SET depth = tree.depth, path = tree.path, updated_at = now()
    FROM tree WHERE c.id = tree.id AND (c.depth <> tree.depth OR c.path <> tree.path)`);
}

/**
 * items_count of every category = enabled, non-deleted products in it and all categories below it.
 * One statement for the whole tree; only counts that differ are written. Then category_facets anew.
 */
export async function refreshCategoryCounts(db: Db): Promise<void> {
  await db.execute(sql`
    WITH direct AS (
      SELECT category_id, count(*)::int AS n FROM products
      WHERE enable AND deleted_at IS NULL GROUP BY category_id
    ), totals AS (
      SELECT a.id, coalesce(sum(direct.n), 0)::int AS n
      FROM categories a
      JOIN categories d ON d.path LIKE a.path || '%'
      LEFT JOIN direct ON direct.category_id = d.id
      GROUP BY a.id
    )
    UPDATE categories c SET items_count = totals.n FROM totals
    WHERE c.id = totals.id AND c.items_count <> totals.n`);
  // The sidebar's counts per category, brand and quality (listing.ts sums these instead of counting products).
  await db.execute(sql`DELETE FROM category_facets`);
  await db.execute(sql`
    INSERT INTO category_facets (category_id, brand_id, quality, products, price_min, price_max)
    SELECT category_id, brand_id, quality, count(*)::int, min(price), max(price) FROM products
    WHERE enable AND deleted_at IS NULL GROUP BY category_id, brand_id, quality`);
}

/** Every category's own and ancestors' names (en + fa), nearest first: what a product is searched by. */
export function ancestorNames(all: CategoryNode[]): Map<number, string[]> {
  const byId = new Map(all.map((c) => [c.id, c]));
  const out = new Map<number, string[]>();
  for (const c of all) {
    const names: string[] = [];
    let cur: CategoryNode | undefined = c;
    for (let guard = 0; cur && guard < 50; guard++) {
      names.push(cur.name, cur.nameFa);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
    out.set(c.id, names);
  }
  return out;
}

/**
 * Taken first by every transaction that changes categories or recounts them: the recount updates the
 * whole tree, so two such transactions that had each already written one category deadlocked
 * (found by the API fuzzer on PostgreSQL). One at a time is cheap: these are staff edits.
 */
export async function lockCategoryWrites(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('qateh:category-writes'))`);
}
