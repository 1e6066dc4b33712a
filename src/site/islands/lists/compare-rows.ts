/**
 * The compare table's rows as pure functions: every attribute any compared product has, in the order
 * they first appear (the API lists featured ones first), one cell per product, and whether the row
 * differs — the table highlights those rows. Values are compared loosely (case, spacing), so "SOIC-8"
 * and "soic-8 " do not count as a difference a buyer cares about.
 */
import type { ListProduct } from '../../../api/schemas/lists';

export interface CompareRow {
  key: string;
  label: string;
  values: (string | null)[];
  differs: boolean;
}

const loose = (v: string | null) => (v === null ? null : v.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase());

/** True when the products do not all have the same value (a missing value differs from any value). */
export function valuesDiffer(values: readonly (string | number | null)[]): boolean {
  if (values.length < 2) return false;
  const first = loose(values[0] === null ? null : String(values[0]));
  return values.some((v) => loose(v === null ? null : String(v)) !== first);
}

export function attributeRows(products: readonly Pick<ListProduct, 'attributes'>[], persian: boolean): CompareRow[] {
  const labels = new Map<string, string>();
  for (const p of products) {
    for (const a of p.attributes) if (!labels.has(a.slug)) labels.set(a.slug, persian && a.nameFa ? a.nameFa : a.name);
  }
  return [...labels].map(([slug, label]) => {
    const values = products.map((p) => {
      const attr = p.attributes.find((a) => a.slug === slug);
      return attr && attr.values.length ? attr.values.map((v) => v.name).join(', ') : null;
    });
    return { key: `attr:${slug}`, label, values, differs: valuesDiffer(values) };
  });
}
