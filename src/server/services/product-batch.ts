/**
 * Products by id for the shopper's wishlist and compare list: the card of each (through
 * loadProductCards, so a field means the same as everywhere else) plus its attributes and datasheet.
 * Four queries whatever the number of ids; hidden or unknown ids are reported as missing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ListProduct } from '../../api/schemas/lists';
import type { Db } from '../db/client';
import { productFiles, products } from '../db/schema';
import { groupAttributes, loadAttributeRows, loadProductCards } from './product-views';

export async function productsByIds(db: Db, ids: number[]): Promise<{ items: ListProduct[]; missing: number[] }> {
  const cards = await loadProductCards(db, ids);
  const found = cards.map((c) => c.id);
  if (found.length === 0) return { items: [], missing: ids };
  const [attrRows, datasheets] = await Promise.all([
    loadAttributeRows(db, found),
    db
      .select({ id: products.id, url: products.datasheetUrl, file: productFiles.file, fileLink: productFiles.fileLink })
      .from(products)
      .leftJoin(productFiles, and(eq(productFiles.productId, products.id), eq(productFiles.kind, 'datasheet')))
      .where(inArray(products.id, found))
      .orderBy(products.id, productFiles.createdAt, productFiles.id),
  ]);
  const datasheetOf = new Map<number, string | null>();
  for (const d of datasheets) {
    // The first uploaded datasheet wins over the maker's link, as on the product page.
    if (!datasheetOf.has(d.id)) datasheetOf.set(d.id, d.file ?? d.fileLink ?? d.url);
  }
  const items = cards.map((card) => ({
    ...card,
    attributes: groupAttributes(attrRows.filter((r) => r.productId === card.id)),
    datasheet: datasheetOf.get(card.id) ?? null,
  }));
  const shown = new Set(found);
  return { items, missing: ids.filter((id) => !shown.has(id)) };
}
