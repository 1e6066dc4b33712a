/**
 * The catalogue as the import reads it (products.csv of ../shared/data/README.md plus the optional HTML
 * columns), so an export edited in a spreadsheet imports back. Read in keyset batches and streamed:
 * 100k products never sit in memory at once.
 */
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { rialsToToman } from '../../../lib/money';
import type { Db } from '../../db/client';
import { attributes, brands, categories, productAttributeValues, productPrices, products } from '../../db/schema';
import { OPTIONAL_PRODUCT_COLUMNS, PRODUCT_COLUMNS } from '../catalogue/csv-rows';

const BATCH = 2000;

const cell = (v: string | number | null | undefined): string => {
  const s = v === null || v === undefined ? '' : String(v);
  // A leading = + @ would be run as a formula by a spreadsheet; an apostrophe keeps it text. A leading
  // "-" is left alone: dashes and negative numbers are common and the file must import back unchanged.
  const safe = /^[=+@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function catalogueCsvStream(db: Db): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${[...PRODUCT_COLUMNS, ...OPTIONAL_PRODUCT_COLUMNS].join(',')}\n`));
        return;
      }
      const rows = await db
        .select({ p: products, brand: brands.name, category: categories.slug })
        .from(products)
        .leftJoin(brands, eq(brands.id, products.brandId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(isNull(products.deletedAt), gt(products.id, after)))
        .orderBy(asc(products.id))
        .limit(BATCH);
      if (!rows.length) {
        controller.close();
        return;
      }
      after = rows[rows.length - 1]!.p.id;
      const ids = rows.map((r) => r.p.id);
      const tiers = await db.select().from(productPrices).where(inArray(productPrices.productId, ids)).orderBy(asc(productPrices.minCount));
      const values = await db
        .select({ productId: productAttributeValues.productId, name: attributes.name, value: productAttributeValues.value })
        .from(productAttributeValues)
        .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
        .where(inArray(productAttributeValues.productId, ids));
      const tiersOf = new Map<number, string[]>();
      for (const t of tiers)
        tiersOf.set(t.productId, [...(tiersOf.get(t.productId) ?? []), `${t.minCount}-${t.maxCount ?? ''}:${rialsToToman(t.price)}`]);
      const valuesOf = new Map<number, string[]>();
      for (const v of values) valuesOf.set(v.productId, [...(valuesOf.get(v.productId) ?? []), `${v.name}=${v.value}`]);
      const lines = rows.map(({ p, brand, category }) =>
        [
          p.slug,
          p.partNumber,
          p.name,
          p.nameFa,
          category,
          brand,
          p.package,
          p.quality,
          p.description,
          p.descriptionFa,
          rialsToToman(p.price),
          (tiersOf.get(p.id) ?? []).join('|'),
          p.minimumPurchase,
          p.stock,
          p.threshold,
          p.availabilityDate,
          p.enable ? 1 : 0,
          p.datasheetUrl,
          (valuesOf.get(p.id) ?? []).join(';'),
          p.specification,
          p.moreDescription,
        ]
          .map(cell)
          .join(','),
      );
      controller.enqueue(encoder.encode(`${lines.join('\n')}\n`));
    },
  });
}
