/** The back office's product and bulk calls: list, editor, history, uploads, repricing, import and export. */
import { z } from 'zod';
import { PRODUCT_BADGES } from '../../lib/product-badges';
import { queryInt, rowIdSchema } from './common';

export { PRODUCT_BADGES };
export const PRODUCT_QUALITIES = ['original', 'renew', 'copy'] as const;
export const PRODUCT_FILE_KINDS = ['datasheet', 'footprint', 'applicationnote'] as const;
export const STAFF_PRODUCT_STATUSES = ['active', 'disabled', 'deleted', 'all'] as const;

const MAX_RIALS = 1_000_000_000_000;
const MAX_COUNT = 2_000_000_000;
const money = z.number().int().min(0).max(MAX_RIALS);
const count = (min = 0) => z.number().int().min(min).max(MAX_COUNT);
const line = (max: number) => z.string().trim().max(max);
const requiredLine = (max: number) => line(max).min(1);
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullable()
    .default(null)
    .transform((s) => (s === null || s.trim() === '' ? null : s));
/** A stored upload (/media/uploads/…) or an http(s) address. */
const fileAddress = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s.startsWith('/media/') || /^https?:\/\/[^\s]+$/i.test(s), {
    error: 'نشانی فایل باید از پوشه بارگذاری‌ها یا یک نشانی http(s) باشد.',
  });

export const staffProductListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.string().trim().max(200).optional(),
  brand: z.string().trim().max(200).optional(),
  status: z.enum(STAFF_PRODUCT_STATUSES).default('all'),
  stock: z.enum(['any', 'in', 'out']).default('any'),
  /** Keyset cursor: the id of the last row of the previous page (rows come newest id first). */
  after: queryInt(1, 2_147_483_647).optional(),
  limit: queryInt(1, 100).default(25),
});

export const staffProductRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  partNumber: z.string(),
  name: z.string(),
  nameFa: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  enable: z.boolean(),
  deleted: z.boolean(),
  updatedAt: z.string(),
});
export const staffProductListSchema = z.object({ data: z.array(staffProductRowSchema), next: z.number().int().nullable() });

const tierSchema = z.object({
  minCount: count(1),
  maxCount: count(1).nullable(),
  price: money,
  compareAtPrice: money.nullable().default(null),
});
const attributeSchema = z.object({ name: requiredLine(100), value: requiredLine(200), unit: line(20).nullable().default(null) });
/** `label` is Persian; `labelEn` is shown on English and Russian pages (left empty, those pages show the Persian one, marked as Persian). */
const fileSchema = z.object({
  kind: z.enum(PRODUCT_FILE_KINDS),
  label: requiredLine(200),
  labelEn: line(200)
    .nullable()
    .default(null)
    .transform((s) => s || null),
  link: fileAddress,
});
const imageSchema = z.object({ src: fileAddress, alt: line(300).nullable().default(null) });

const editableFields = {
  partNumber: requiredLine(100),
  name: requiredLine(300),
  nameFa: requiredLine(300),
  categorySlug: requiredLine(200),
  brand: line(100).nullable().default(null),
  package: line(100).nullable().default(null),
  quality: z.enum(PRODUCT_QUALITIES).nullable().default(null),
  description: optionalText(2000),
  descriptionFa: optionalText(2000),
  moreDescription: optionalText(200_000),
  specification: optionalText(200_000),
  /** Markdown for the two fields above: when given, their HTML is made from it (and sanitised) on save. */
  moreDescriptionMarkdown: optionalText(200_000),
  specificationMarkdown: optionalText(200_000),
  price: money.min(10),
  compareAtPrice: money.nullable().default(null),
  tiers: z.array(tierSchema).max(20).default([]),
  minimumPurchase: count(1).default(1),
  stock: count(0),
  threshold: count(0).default(500),
  availabilityDate: z.iso.date({ error: 'تاریخ باید به شکل YYYY-MM-DD باشد.' }).nullable().default(null),
  enable: z.boolean().default(true),
  badges: z.array(z.enum(PRODUCT_BADGES)).max(PRODUCT_BADGES.length).default([]),
  attributes: z.array(attributeSchema).max(100).default([]),
  datasheetUrl: z
    .url({ protocol: /^https?$/, error: 'نشانی اینترنتی معتبر نیست.' })
    .max(2000)
    .nullable()
    .default(null),
  files: z.array(fileSchema).max(50).default([]),
  images: z.array(imageSchema).max(30).default([]),
  basePriceUsdCents: count(0).nullable().default(null),
  marginPercent: z.number().min(-90).max(1000).nullable().default(null),
};

/**
 * Tiers must climb by quantity without overlapping (a buyer's quantity falls in exactly one), and the
 * first is the product's own price.
 */
function checkTiers({ tiers, price }: { tiers: z.output<typeof tierSchema>[]; price: number }, ctx: z.RefinementCtx) {
  if (tiers[0] && tiers[0].price !== price)
    ctx.addIssue({ code: 'custom', path: ['tiers', 0, 'price'], message: 'قیمت پله نخست باید همان قیمت کالا باشد.' });
  tiers.forEach((t, i) => {
    const next = tiers[i + 1];
    if (t.maxCount !== null && t.maxCount < t.minCount)
      ctx.addIssue({ code: 'custom', path: ['tiers', i, 'maxCount'], message: 'سقف تعداد پله از کف آن کمتر است.' });
    if (next && (t.maxCount === null || next.minCount <= t.maxCount || next.minCount <= t.minCount)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tiers', i + 1, 'minCount'],
        message: 'پله‌های قیمت باید به ترتیب تعداد و بدون هم‌پوشانی باشند.',
      });
    }
  });
}

export const staffProductBodySchema = z.object(editableFields).superRefine((b, ctx) => checkTiers(b, ctx));
export const staffProductCreateSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/, { error: 'شناسه (slug) فقط حروف کوچک لاتین، رقم، «-»، «_» و «.» می‌پذیرد.' }),
    ...editableFields,
  })
  .superRefine((b, ctx) => checkTiers(b, ctx));
export type StaffProductBody = z.output<typeof staffProductBodySchema>;

export const staffProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  deleted: z.boolean(),
  updatedAt: z.string(),
  ...(Object.fromEntries(Object.entries(editableFields).map(([k, v]) => [k, v])) as typeof editableFields),
});
export type StaffProduct = z.input<typeof staffProductSchema>;
export const staffProductEnvelope = z.object({ data: staffProductSchema });

export const staffProductParamsSchema = z.object({ id: rowIdSchema });
export const staffProductEnableSchema = z.object({ enable: z.boolean() });

export const productChangeSchema = z.object({
  id: z.number().int(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  source: z.string(),
  staff: z.string(),
  createdAt: z.string(),
});
export const productHistorySchema = z.object({ data: z.array(productChangeSchema) });
export type ProductChange = z.infer<typeof productChangeSchema>;

export const uploadResultSchema = z.object({
  data: z.object({
    src: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    variants: z.array(z.object({ width: z.number().int(), webp: z.string(), avif: z.string() })).nullable(),
  }),
});
export type UploadResult = z.infer<typeof uploadResultSchema>['data'];

export const bulkPercentSchema = z.object({
  percent: z
    .number()
    .min(-90, { error: 'کاهش بیش از ۹۰ درصد پذیرفته نیست.' })
    .max(500, { error: 'افزایش بیش از ۵۰۰ درصد پذیرفته نیست.' })
    .refine((p) => p !== 0, { error: 'درصد تغییر نباید صفر باشد.' }),
  category: z.string().trim().max(200).optional(),
  brand: z.string().trim().max(200).optional(),
});
export const exchangeRateBodySchema = z.object({
  rialsPerUsd: z
    .number()
    .int()
    .min(10_000, { error: 'نرخ دلار (ریال) دست‌کم ۱۰٬۰۰۰ است.' })
    .max(100_000_000, { error: 'نرخ دلار (ریال) بیش از اندازه است.' }),
});
export const repriceResultSchema = z.object({ data: z.object({ repriced: z.number().int(), rialsPerUsd: z.number().int().nullable() }) });
export const exchangeRateSchema = z.object({
  data: z.object({
    rialsPerUsd: z.number().int().nullable(),
    setAt: z.string().nullable(),
    dollarPriced: z.number().int(),
    /** A rate still being applied (its products repriced so far), or null. */
    running: z.object({ rialsPerUsd: z.number().int(), repriced: z.number().int(), startedAt: z.string() }).nullable(),
  }),
});

export const IMPORT_LINE_STATUSES = ['new', 'changed', 'unchanged', 'error'] as const;
export const importPreviewSchema = z.object({
  data: z.object({
    applied: z.boolean(),
    counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), error: z.number().int() }),
    lines: z.array(
      z.object({
        line: z.number().int(),
        slug: z.string().nullable(),
        status: z.enum(IMPORT_LINE_STATUSES),
        reasons: z.array(z.string()),
      }),
    ),
  }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>['data'];

export const markdownPreviewBodySchema = z.object({ markdown: z.string().max(200_000) });
export const markdownPreviewEnvelope = z.object({ data: z.object({ html: z.string() }) });
