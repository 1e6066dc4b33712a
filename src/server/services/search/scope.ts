import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import { notFound } from '../../http/errors';

export interface CategoryScope {
  id: number;
  slug: string;
  path: string;
  depth: number;
}

/** The category a listing or search is limited to; 404 with a Persian message when the slug is unknown. */
export async function resolveScope(db: Db, slug: string | undefined): Promise<CategoryScope | null> {
  if (!slug) return null;
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug, path: categories.path, depth: categories.depth })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  if (!row) throw notFound(`دسته‌بندی «${slug}» پیدا نشد.`);
  return row;
}
