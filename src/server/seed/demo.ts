/**
 * The demo shop: catalogue (≈280 parts), content, menu and activity, written in one transaction.
 * `seedDemoIfEmpty` runs on `npm start` (SEED_DEMO=1) and leaves a shop with products alone.
 */
import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { productFiles, products } from '../db/schema';
import { writeCatalogue } from '../services/catalogue/write-catalogue';
import { demoCatalogue } from './demo-catalogue';
import { writeDemoContent } from './demo-content';
import { writeDemoEngagement } from './demo-engagement';

export async function seedDemo(db: Db): Promise<{ products: number }> {
  const catalogue = demoCatalogue();
  await db.transaction(async (tx) => {
    await writeCatalogue(tx, catalogue);
    const slugs = [...new Set(catalogue.files.map((f) => f.slug))];
    const ids = new Map(
      (await tx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, slugs))).map((p) => [
        p.slug,
        p.id,
      ]),
    );
    if (catalogue.files.length) {
      await tx.insert(productFiles).values(
        catalogue.files.map((f) => ({
          productId: ids.get(f.slug)!,
          kind: f.kind,
          label: f.label,
          labelEn: f.labelEn,
          fileLink: f.fileLink,
        })),
      );
    }
    await writeDemoContent(tx);
    await writeDemoEngagement(tx);
  });
  return { products: catalogue.products.length };
}

export async function productCount(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(products))[0]!.n;
}

/** Writes the demo only into a shop without products; returns null when it did nothing. */
export async function seedDemoIfEmpty(db: Db): Promise<{ products: number } | null> {
  if ((await productCount(db)) > 0) return null;
  return seedDemo(db);
}

/**
 * Empties catalogue and content tables (for `npm run seed -- --force`), in one transaction.
 * Orders keep their lines (their product link becomes null); accounts are untouched.
 */
export async function wipeCatalogueAndContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of ['search_log', 'products', 'brands', 'attributes', 'departments', 'content_pages', 'blog_posts', 'site_messages']) {
      await tx.execute(sql.raw(`DELETE FROM ${table}`));
    }
    // Parents refer to children with ON DELETE RESTRICT: cut the links first.
    await tx.execute(sql`UPDATE categories SET parent_id = NULL`);
    await tx.execute(sql`DELETE FROM categories`);
  });
}
