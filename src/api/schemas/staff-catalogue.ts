/** The back office's catalogue structure: categories, brands, attributes and their values, the departments menu. */
import { z } from 'zod';
import { optionalText, plainText } from './account';
import { rowIdSchema, slugSchema } from './common';

export const STAFF_CATALOGUE_MESSAGES = {
  slugTaken: 'این شناسه پیش‌تر به کار رفته است؛ شناسه دیگری بنویسید.',
  moveIntoSelf: 'یک دسته‌بندی را نمی‌توان زیر خودش یا زیرمجموعه‌های خودش برد.',
  parentMissing: 'دسته‌بندی والد پیدا نشد.',
  categoryInUse: 'این دسته‌بندی کالا یا زیرشاخه دارد؛ نخست آن‌ها را جابه‌جا کنید.',
  categoryMissing: 'دسته‌بندی پیدا نشد.',
  brandMissing: 'برند پیدا نشد.',
  attributeMissing: 'ویژگی پیدا نشد.',
  valueMissing: 'این مقدار برای این ویژگی ثبت نشده است.',
  menuMissing: 'این گزینه منو پیدا نشد.',
  image: 'نشانی تصویر باید با /media/ یا https:// آغاز شود.',
  url: 'نشانی باید با / یا http(s):// آغاز شود.',
  saved: 'ذخیره شد.',
  deleted: 'حذف شد.',
} as const;

const M = STAFF_CATALOGUE_MESSAGES;

/** An image the site may show: our media folder or an https address. */
export const imagePathSchema = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null ? null : v.trim() || null))
  .refine((v) => v === null || /^\/media\/[\w./-]+$/.test(v) || /^https:\/\/[^\s<>"']+$/.test(v), { error: M.image });

export const linkSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((v) => /^\/(?!\/)[^\s<>"']*$/.test(v) || /^https?:\/\/[^\s<>"']+$/.test(v), { error: M.url });

export const idParamsSchema = z.object({ id: rowIdSchema });

export const staffCategoryBodySchema = z.object({
  slug: slugSchema.transform((s) => s.toLowerCase()),
  name: plainText(200),
  nameFa: plainText(200),
  parentId: rowIdSchema.nullable().default(null),
  image: imagePathSchema,
});
export const staffCategoryUpdateSchema = staffCategoryBodySchema.partial();
/** Sibling order: the ids of one parent's children, first to last. */
export const staffCategoryOrderSchema = z.object({ parentId: rowIdSchema.nullable(), ids: z.array(rowIdSchema).min(1).max(1000) });

export const staffCategoryRowSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  nameFa: z.string(),
  parentId: z.number().nullable(),
  depth: z.number(),
  sort: z.number(),
  image: z.string().nullable(),
  items: z.number(),
});

export const staffBrandBodySchema = z.object({
  slug: slugSchema.transform((s) => s.toLowerCase()),
  name: plainText(200),
  nameFa: optionalText(200),
  image: imagePathSchema,
});
export const staffBrandRowSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  nameFa: z.string().nullable(),
  image: z.string().nullable(),
  products: z.number(),
});

export const staffAttributeBodySchema = z.object({
  slug: slugSchema.transform((s) => s.toLowerCase()),
  name: plainText(200),
  nameFa: optionalText(200),
  featured: z.boolean().default(false),
});
export const staffAttributeRowSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  nameFa: z.string().nullable(),
  featured: z.boolean(),
  values: z.array(z.object({ value: z.string(), slug: z.string(), products: z.number() })),
});
/** Renames one value of an attribute on every product that has it. */
export const staffAttributeValueBodySchema = z.object({ from: z.string().trim().min(1).max(200), to: plainText(200) });

export const staffMenuBodySchema = z.object({
  parentId: rowIdSchema.nullable().default(null),
  title: plainText(120),
  titleEn: optionalText(120),
  url: linkSchema,
  submenuType: z.enum(['menu', 'megamenu']).nullable().default(null),
  size: z.enum(['sm', 'nl', 'lg', 'xl']).nullable().default(null),
  column: z.number().int().min(0).max(5).default(0),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export const staffMenuRowSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  title: z.string(),
  titleEn: z.string().nullable(),
  url: z.string(),
  submenuType: z.string().nullable(),
  size: z.string().nullable(),
  column: z.number(),
  sort: z.number(),
});

export const messageSchema = z.object({ message: z.string() });
