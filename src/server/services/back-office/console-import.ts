/**
 * Catalogue import from the console: a products file (CSV, or the first sheet of an XLSX) and an
 * optional categories file, in the format of `npm run catalogue:import`. The import itself is
 * importCatalogue's, unchanged; this adds the preview. Both the preview and the real run write the
 * import inside a transaction, then tell each line's fate from the rows it touched (updated_at = now(),
 * the transaction's time); a preview, or a file with any bad line, is rolled back.
 */
import * as XLSX from '@e965/xlsx';
import { inArray, sql } from 'drizzle-orm';
import type { ImportPreview } from '../../../api/schemas/staff-products';
import type { Db } from '../../db/client';
import { products, staffActions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { BomFileError } from '../bom/bom-errors';
import { BOM_LIMITS } from '../../../lib/bom/upload-limits';
import { assertSafeZip } from '../bom/zip-guard';
import { CatalogueImportError, importCatalogue, type CatalogueFile, type ImportProblem } from '../catalogue-import';
import { loadCategories } from '../catalogue/category-writer';
import { CATEGORY_COLUMNS, parseCatalogueCsv } from '../catalogue/csv-rows';
import { writeCatalogue } from '../catalogue/write-catalogue';
import { chunks } from '../catalogue/chunks';

export const IMPORT_MESSAGES = {
  badWorkbook: 'فایل اکسل خوانده نشد یا بیش از اندازه بزرگ است.',
  notText: 'فایل CSV باید متن UTF-8 باشد.',
  failed: 'درون‌ریزی انجام نشد: خطاهای سطرها را در پیش‌نمایش ببینید و فایل را درست کنید.',
} as const;

/** Bytes of one catalogue file: a 100k-product CSV is about 60 MB. */
export const MAX_IMPORT_BYTES = 80 * 1024 * 1024;

class Rollback extends Error {}

/** A CSV as text, or an XLSX's first sheet written out as CSV (formulas give their saved values). */
export function catalogueFileText(name: string, bytes: Uint8Array): CatalogueFile {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(name)) {
    try {
      assertSafeZip(bytes, { ...BOM_LIMITS, maxUncompressedBytes: 400 * 1024 * 1024, maxZipEntries: 5000 } as unknown as typeof BOM_LIMITS);
      const book = XLSX.read(bytes, { type: 'array', dense: true });
      const sheet = book.Sheets[book.SheetNames[0]!];
      if (!sheet) throw new Error('empty workbook');
      return { name, text: XLSX.utils.sheet_to_csv(sheet, { blankrows: true }) };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (err instanceof BomFileError || err instanceof Error)
        throw new HttpError(422, IMPORT_MESSAGES.badWorkbook, { file: [IMPORT_MESSAGES.badWorkbook] });
      throw err;
    }
  }
  try {
    return { name, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    throw new HttpError(422, IMPORT_MESSAGES.notText, { file: [IMPORT_MESSAGES.notText] });
  }
}

export const emptyCategoriesFile = (): CatalogueFile => ({ name: 'categories.csv', text: `${CATEGORY_COLUMNS.join(',')}\n` });

export async function importFromConsole(
  db: Db,
  staffId: number,
  files: { categories: CatalogueFile; products: CatalogueFile },
  apply: boolean,
): Promise<ImportPreview> {
  // Line numbers and slugs of every readable product line (bad lines are left out here; the problems name them).
  const parsed = parseCatalogueCsv(files, []);
  const slugs = parsed.products.map((p) => p.row.slug);
  let preview: ImportPreview | null = null;
  try {
    await db.transaction(async (tx) => {
      const existed = new Set<string>();
      for (const part of chunks(slugs, 5000)) {
        for (const r of await tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, part))) existed.add(r.slug);
      }
      let problems: ImportProblem[] = [];
      try {
        await importCatalogue(tx, files);
      } catch (err) {
        if (!(err instanceof CatalogueImportError)) throw err;
        problems = err.problems;
        // The good lines are still written (and rolled back below) to say what they would do.
        const bad = new Set(problems.filter((p) => p.file === files.products.name).map((p) => p.line));
        const badCategories = new Set(problems.filter((p) => p.file === files.categories.name).map((p) => p.line));
        const known = new Set([
          ...(await loadCategories(tx)).map((c) => c.slug),
          ...parsed.categories.filter((c) => !badCategories.has(c.line)).map((c) => c.row.slug),
        ]);
        await tx
          .transaction(async (inner) => {
            await writeCatalogue(inner, {
              categories: parsed.categories.filter((c) => !badCategories.has(c.line)).map((c) => c.row),
              products: parsed.products.filter((p) => !bad.has(p.line) && known.has(p.row.categorySlug)).map((p) => p.row),
            });
          })
          .catch(() => {
            /* a category chain broken by a bad line: the remaining lines show as unchanged */
          });
      }
      const touched = new Set<string>();
      for (const part of chunks(slugs, 5000)) {
        const rows = await tx
          .select({ slug: products.slug })
          .from(products)
          .where(sql`${inArray(products.slug, part)} AND ${products.updatedAt} = now()`);
        for (const r of rows) touched.add(r.slug);
      }
      preview = buildPreview(files.products.name, parsed.products, problems, existed, touched, apply && problems.length === 0);
      if (apply && problems.length === 0) {
        await tx.insert(staffActions).values({
          staffId,
          action: 'catalogue.import',
          entity: 'catalogue',
          entityId: 0,
          details: { file: files.products.name, ...preview.counts },
        });
        return;
      }
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  return preview!;
}

function buildPreview(
  productsFile: string,
  lines: { row: { slug: string }; line: number }[],
  problems: ImportProblem[],
  existed: Set<string>,
  touched: Set<string>,
  applied: boolean,
): ImportPreview {
  const reasons = new Map<number, string[]>();
  for (const p of problems) {
    // Category file problems are shown on line 0 prefixed with the file; product lines by their own line.
    const key = p.file === productsFile ? p.line : -p.line;
    reasons.set(key, [...(reasons.get(key) ?? []), p.file === productsFile ? p.reason : `${p.file}:${p.line}: ${p.reason}`]);
  }
  const out: ImportPreview['lines'] = [];
  const slugOf = new Map(lines.map((l) => [l.line, l.row.slug]));
  for (const l of lines) {
    if (reasons.has(l.line)) continue;
    const status = !existed.has(l.row.slug) ? 'new' : touched.has(l.row.slug) ? 'changed' : 'unchanged';
    out.push({ line: l.line, slug: l.row.slug, status, reasons: [] });
  }
  for (const [key, list] of reasons)
    out.push({ line: Math.abs(key), slug: key > 0 ? (slugOf.get(key) ?? null) : null, status: 'error', reasons: list });
  out.sort((a, b) => a.line - b.line);
  const counts = { new: 0, changed: 0, unchanged: 0, error: 0 };
  for (const l of out) counts[l.status]++;
  return { applied, counts, lines: out };
}
