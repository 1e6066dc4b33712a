/**
 * Turns the two CSV files of ../shared/data/README.md into CatalogueInput, collecting every problem
 * (file, line, column, value) instead of stopping at the first: a store fixes its file in one pass.
 * Checks that need the database (a parent or category that exists only there) are done by the caller.
 */
import { z } from 'zod';
import { tomanToRials } from '../../../lib/money';
import { normalisePersianText, toAsciiDigits } from '../../../lib/persian';
import { QUALITIES } from '../../db/schema';
import { CsvSyntaxError, readCsv, type CsvRecord } from './csv';
import type { AttributeValueInput, CategoryInput, ImportProblem, ProductInput, TierInput } from './types';

export const CATEGORY_COLUMNS = ['slug', 'parent_slug', 'name_en', 'name_fa', 'sort'] as const;
export const PRODUCT_COLUMNS = [
  'slug',
  'part_number',
  'name_en',
  'name_fa',
  'category_slug',
  'brand',
  'package',
  'quality',
  'description_en',
  'description_fa',
  'price_toman',
  'tiers',
  'minimum_purchase',
  'stock',
  'threshold',
  'availability_date',
  'enable',
  'datasheet_url',
  'attributes',
] as const;
/**
 * Columns a products file may add: rich HTML for the specification tab and the long description. When
 * a file has the column, an empty cell clears the field; without it the field is left as it is. The
 * writer stores them through the shop's HTML allow-list (src/lib/rich-html.ts).
 */
export const OPTIONAL_PRODUCT_COLUMNS = ['specification_html', 'more_description_html'] as const;

const SLUG_RE = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/;
const MAX_INT = 2_000_000_000;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `longer than ${max} characters` });
const required = (max: number) => text(max).min(1, { error: 'is empty but required' });
const optional = (max: number) => text(max).transform((s) => (s === '' ? null : s));
const slug = z.string().trim().regex(SLUG_RE, { error: 'is not a slug (lowercase a-z, 0-9, "-", "_" or ".")' });

/** Whole number written with ASCII or Persian digits; `fallback` when the field is empty. */
const whole = (min: number, fallback?: number) =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      if (s === '' && fallback !== undefined) return fallback;
      const digits = toAsciiDigits(s);
      if (!/^\d+$/.test(digits)) {
        ctx.addIssue({ code: 'custom', message: s === '' ? 'is empty but required' : 'is not a whole number' });
        return z.NEVER;
      }
      const n = Number(digits);
      if (n < min || n > MAX_INT) {
        ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${MAX_INT}` });
        return z.NEVER;
      }
      return n;
    });

const isoDate = z
  .string()
  .trim()
  .transform((s, ctx) => {
    if (s === '') return null;
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    const d = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : null;
    if (!m || !d || d.getUTCMonth() !== +m[2]! - 1 || d.getUTCDate() !== +m[3]!) {
      ctx.addIssue({ code: 'custom', message: 'is not an ISO date (YYYY-MM-DD)' });
      return z.NEVER;
    }
    return s;
  });

const datasheet = z
  .string()
  .trim()
  .transform((s, ctx) => {
    if (s === '') return null;
    let ok = false;
    try {
      ok = new URL(s).protocol === 'https:';
    } catch {
      ok = false;
    }
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: 'is not an https:// URL' });
      return z.NEVER;
    }
    return s;
  });

/** `1-9:15500|10-99:14500|100-:13000` in toman → tiers in rials; contiguous, ascending, last open. */
export function parseTiers(s: string): { tiers: TierInput[] } | { error: string } {
  const tiers: TierInput[] = [];
  const parts = s.split('|');
  for (const [i, part] of parts.entries()) {
    const m = /^(\d+)-(\d*):(\d+)$/.exec(toAsciiDigits(part.trim()));
    if (!m) return { error: `tier ${i + 1} "${part}" is not "min-max:price" (or "min-:price" for the last)` };
    const minCount = Number(m[1]);
    const maxCount = m[2] === '' ? null : Number(m[2]);
    const price = Number(m[3]);
    if (minCount < 1) return { error: `tier ${i + 1} "${part}" starts below 1` };
    if (price <= 0) return { error: `tier ${i + 1} "${part}" has a zero price` };
    if (maxCount !== null && maxCount < minCount) return { error: `tier ${i + 1} "${part}" ends before it starts` };
    const prev = tiers.at(-1);
    if (prev) {
      if (prev.maxCount === null) return { error: `tier ${i} is open-ended but is not the last` };
      if (minCount !== prev.maxCount + 1) {
        return { error: `tier ${i + 1} "${part}" must start at ${prev.maxCount + 1} (tiers ascend without gaps or overlaps)` };
      }
    }
    tiers.push({ minCount, maxCount, price: tomanToRials(price) });
  }
  if (tiers.at(-1)!.maxCount !== null) return { error: 'the last tier must be open-ended ("min-:price")' };
  return { tiers };
}

/** `Name=Value;Name=Value`; empty segments (a trailing ";") are ignored, repeated pairs kept once. */
export function parseAttributes(s: string): { attributes: AttributeValueInput[] } | { error: string } {
  const attributes: AttributeValueInput[] = [];
  const seen = new Set<string>();
  for (const segment of s.split(';')) {
    if (segment.trim() === '') continue;
    const eq = segment.indexOf('=');
    const name = eq < 0 ? '' : segment.slice(0, eq).trim();
    const value = eq < 0 ? '' : segment.slice(eq + 1).trim();
    if (!name || !value || value.includes('=')) return { error: `"${segment}" is not "Name=Value"` };
    const key = `${name}\u0000${value}`;
    if (!seen.has(key)) attributes.push({ name, value: normalisePersianText(value) });
    seen.add(key);
  }
  return { attributes };
}

const categoryRow = z.object({
  slug,
  parent_slug: z
    .string()
    .trim()
    .transform((s) => s || null)
    .pipe(slug.nullable()),
  name_en: required(200),
  name_fa: required(200).transform(normalisePersianText),
  sort: whole(0, 0),
});

const productRow = z.object({
  slug,
  part_number: required(200),
  name_en: required(500),
  name_fa: required(500).transform(normalisePersianText),
  category_slug: slug,
  brand: optional(200),
  package: optional(200),
  quality: z
    .string()
    .trim()
    .transform((s) => s || null)
    .pipe(z.enum(QUALITIES, { error: `must be one of ${QUALITIES.join(', ')} or empty` }).nullable()),
  description_en: optional(20000).transform((s) => s?.replace(/\r\n?/g, '\n') ?? null),
  description_fa: optional(20000).transform((s) => (s === null ? null : normalisePersianText(s))),
  price_toman: whole(1),
  tiers: z.string(),
  minimum_purchase: whole(1, 1),
  stock: whole(0, 0),
  threshold: whole(0, 500),
  availability_date: isoDate,
  enable: z
    .string()
    .trim()
    .pipe(z.enum(['0', '1'], { error: 'must be 0 or 1' })),
  datasheet_url: datasheet,
  attributes: z.string(),
  specification_html: text(50_000).optional(),
  more_description_html: text(50_000).optional(),
});

interface FileText {
  name: string;
  text: string;
}

function describeValue(v: unknown): string {
  const s = String(v ?? '');
  return s.length > 60 ? `"${s.slice(0, 57)}..."` : `"${s}"`;
}

/**
 * Shared walk over one file: header check, then each record → object keyed by column, validated.
 * `make` turns a valid row into the output or returns its own problems.
 */
function readRows<S extends z.ZodType, T>(
  file: FileText,
  columns: readonly string[],
  schema: S,
  make: (row: z.output<S>, record: CsvRecord) => T | string[],
  problems: ImportProblem[],
  optionalColumns: readonly string[] = [],
): { row: T; line: number }[] {
  const problem = (line: number, reason: string) => problems.push({ file: file.name, line, reason });
  let table;
  try {
    table = readCsv(file.text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) {
      problem(err.line, err.message);
      return [];
    }
    throw err;
  }
  const missing = columns.filter((c) => !table.header.includes(c));
  if (missing.length) {
    problem(1, `missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (header must name ${columns.join(',')})`);
    return [];
  }
  const index = new Map(table.header.map((h, i) => [h, i]));
  const present = [...columns, ...optionalColumns.filter((c) => index.has(c))];
  const out: { row: T; line: number }[] = [];
  for (const record of table.records) {
    if (record.fields.length !== table.header.length) {
      problem(record.line, `has ${record.fields.length} fields, the header has ${table.header.length}`);
      continue;
    }
    const raw = Object.fromEntries(present.map((c) => [c, record.fields[index.get(c)!] ?? '']));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '');
        problem(record.line, `column ${column} ${describeValue(raw[column])}: ${issue.message}`);
      }
      continue;
    }
    const made = make(parsed.data, record);
    if (Array.isArray(made)) for (const reason of made) problem(record.line, reason);
    else out.push({ row: made as T, line: record.line });
  }
  return out;
}

export interface ParsedCatalogue {
  categories: { row: CategoryInput; line: number }[];
  products: { row: ProductInput; line: number }[];
}

/** Both files → validated rows + every problem found (duplicates included); no database access. */
export function parseCatalogueCsv(files: { categories: FileText; products: FileText }, problems: ImportProblem[]): ParsedCatalogue {
  const categories = readRows(
    files.categories,
    CATEGORY_COLUMNS,
    categoryRow,
    (r): CategoryInput => ({
      slug: r.slug,
      parentSlug: r.parent_slug,
      name: r.name_en,
      nameFa: r.name_fa,
      sort: r.sort,
    }),
    problems,
  );

  const products = readRows(
    files.products,
    PRODUCT_COLUMNS,
    productRow,
    (r) => {
      const errors: string[] = [];
      let tiers: TierInput[] = [];
      if (r.tiers.trim() !== '') {
        const t = parseTiers(r.tiers.trim());
        if ('error' in t) errors.push(`column tiers ${describeValue(r.tiers)}: ${t.error}`);
        else {
          tiers = t.tiers;
          const first = tiers[0]!;
          if (first.price !== tomanToRials(r.price_toman)) {
            errors.push(`column tiers ${describeValue(r.tiers)}: the first tier price must equal price_toman (${r.price_toman})`);
          }
          if (first.minCount !== r.minimum_purchase) {
            errors.push(`column tiers ${describeValue(r.tiers)}: the first tier must start at minimum_purchase (${r.minimum_purchase})`);
          }
        }
      }
      const a = parseAttributes(r.attributes);
      if ('error' in a) errors.push(`column attributes ${describeValue(r.attributes)}: ${a.error}`);
      if (errors.length || 'error' in a) return errors;
      const product: ProductInput = {
        slug: r.slug,
        partNumber: r.part_number,
        name: r.name_en,
        nameFa: r.name_fa,
        categorySlug: r.category_slug,
        brand: r.brand,
        package: r.package,
        quality: r.quality,
        description: r.description_en,
        descriptionFa: r.description_fa,
        price: tomanToRials(r.price_toman),
        tiers,
        minimumPurchase: r.minimum_purchase,
        stock: r.stock,
        threshold: r.threshold,
        availabilityDate: r.availability_date,
        enable: r.enable === '1',
        datasheetUrl: r.datasheet_url,
        attributes: a.attributes,
      };
      if (r.specification_html !== undefined) product.specification = r.specification_html || null;
      if (r.more_description_html !== undefined) product.moreDescription = r.more_description_html || null;
      return product;
    },
    problems,
    OPTIONAL_PRODUCT_COLUMNS,
  );

  reportDuplicates(files.categories.name, categories, problems);
  reportDuplicates(files.products.name, products, problems);
  return { categories, products };
}

function reportDuplicates(file: string, rows: { row: { slug: string }; line: number }[], problems: ImportProblem[]) {
  const first = new Map<string, number>();
  for (const { row, line } of rows) {
    const seen = first.get(row.slug);
    if (seen !== undefined) problems.push({ file, line, reason: `column slug "${row.slug}": already used on line ${seen}` });
    else first.set(row.slug, line);
  }
}
