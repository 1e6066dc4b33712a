/**
 * `importCatalogue`: a store's categories.csv + products.csv (format of ../shared/data/README.md)
 * into the shop, upserting by slug in one transaction. Every bad row of both files is reported
 * (file, line, reason) and then nothing at all is written.
 */
import type { Db } from '../db/client';
import { parseCatalogueCsv } from './catalogue/csv-rows';
import { loadCategories } from './catalogue/category-writer';
import type { ImportProblem, ImportReport } from './catalogue/types';
import { writeCatalogue } from './catalogue/write-catalogue';

export { refreshCategoryCounts } from './catalogue/category-writer';
export type { ImportProblem, ImportReport } from './catalogue/types';

export class CatalogueImportError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    const first = problems
      .slice(0, 5)
      .map((p) => `${p.file}:${p.line}: ${p.reason}`)
      .join('\n');
    super(
      `Catalogue not imported: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${first}${problems.length > 5 ? '\n…' : ''}`,
    );
    this.name = 'CatalogueImportError';
  }
}

export interface CatalogueFile {
  name: string;
  text: string;
}

export async function importCatalogue(db: Db, files: { categories: CatalogueFile; products: CatalogueFile }): Promise<ImportReport> {
  const problems: ImportProblem[] = [];
  const parsed = parseCatalogueCsv(files, problems);
  return db.transaction(async (tx) => {
    const inShop = await loadCategories(tx);
    checkReferences(files, parsed, inShop, problems);
    if (problems.length) {
      problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file === files.categories.name ? -1 : 1));
      throw new CatalogueImportError(problems);
    }
    return writeCatalogue(tx, { categories: parsed.categories.map((c) => c.row), products: parsed.products.map((p) => p.row) });
  });
}

/** Parents and product categories must exist in the file or in the shop; parent chains must not loop. */
function checkReferences(
  files: { categories: CatalogueFile; products: CatalogueFile },
  parsed: ReturnType<typeof parseCatalogueCsv>,
  inShop: { id: number; slug: string; parentId: number | null }[],
  problems: ImportProblem[],
) {
  const shopSlugById = new Map(inShop.map((c) => [c.id, c.slug]));
  const parentOf = new Map<string, string | null>(
    inShop.map((c) => [c.slug, c.parentId === null ? null : (shopSlugById.get(c.parentId) ?? null)]),
  );
  for (const { row } of parsed.categories) parentOf.set(row.slug, row.parentSlug);

  for (const { row, line } of parsed.categories) {
    if (!row.parentSlug) continue;
    if (!parentOf.has(row.parentSlug)) {
      problems.push({
        file: files.categories.name,
        line,
        reason: `column parent_slug "${row.parentSlug}": no such category in this file or in the shop`,
      });
      continue;
    }
    const seen = new Set([row.slug]);
    for (let cur: string | null | undefined = row.parentSlug; cur; cur = parentOf.get(cur)) {
      if (seen.has(cur)) {
        problems.push({
          file: files.categories.name,
          line,
          reason: `column parent_slug "${row.parentSlug}": the parent chain loops back to "${cur}"`,
        });
        break;
      }
      seen.add(cur);
    }
  }
  for (const { row, line } of parsed.products) {
    if (!parentOf.has(row.categorySlug)) {
      problems.push({
        file: files.products.name,
        line,
        reason: `column category_slug "${row.categorySlug}": no such category in ${files.categories.name} or in the shop`,
      });
    }
  }
}
