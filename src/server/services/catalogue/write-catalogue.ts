/** Writes validated catalogue input (categories first, then products) and refreshes the counts. */
import type { Db } from '../../db/client';
import { loadCategories, refreshCategoryCounts, writeCategories } from './category-writer';
import { writeProducts } from './product-writer';
import type { CatalogueInput, ImportReport } from './types';

/** Call inside a transaction: it issues many statements that must land together. */
export async function writeCatalogue(db: Db, input: CatalogueInput): Promise<ImportReport> {
  const categoryCounts = await writeCategories(db, input.categories);
  const allCategories = await loadCategories(db);
  const p = await writeProducts(db, input.products, allCategories);
  await refreshCategoryCounts(db);
  return {
    categories: categoryCounts,
    products: { created: p.created, updated: p.updated, unchanged: p.unchanged },
    brands: p.brands,
    attributes: p.attributes,
  };
}
