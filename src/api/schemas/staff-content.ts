/** The back office's content: store pages, blog posts, home slides and banners, banner messages, help files. */
import { z } from 'zod';
import { CONTENT_LOCALES } from '../../lib/locales';
import { markdownToHtml } from '../../lib/markdown';
import { sanitiseRichHtml } from '../../lib/rich-html';
import { optionalText, plainText } from './account';
import { rowIdSchema, slugSchema } from './common';
import { HELP_FILES } from './content';
import { imagePathSchema, linkSchema } from './staff-catalogue';

export const STAFF_CONTENT_MESSAGES = {
  pageMissing: 'این صفحه پیدا نشد.',
  postMissing: 'این نوشته پیدا نشد.',
  slideMissing: 'این اسلاید یا بنر پیدا نشد.',
  messageMissing: 'این پیام پیدا نشد.',
  slugTaken: 'این شناسه پیش‌تر به کار رفته است؛ شناسه دیگری بنویسید.',
  emptyBody: 'متن پس از پاک‌سازی خالی است؛ لطفاً متن را بنویسید.',
  window: 'زمان پایان باید پس از زمان آغاز باشد.',
  saved: 'ذخیره شد.',
  deleted: 'حذف شد.',
} as const;
const M = STAFF_CONTENT_MESSAGES;

/** Sanitised HTML that shows nothing: no text and no image. */
const saysNothing = (clean: string) => clean.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/.test(clean);

/** Rich text: stored only after the shared allow-list; what is left must still say something. */
export const richTextSchema = (required: boolean) =>
  z
    .string()
    .max(200_000)
    .transform((html, ctx) => {
      const clean = sanitiseRichHtml(html);
      if (required && saysNothing(clean)) {
        ctx.addIssue({ code: 'custom', message: M.emptyBody });
        return z.NEVER;
      }
      return clean;
    });
const optionalRich = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : sanitiseRichHtml(v)));

/**
 * Markdown the console's editor wrote. HTML among it is allowed: the HTML made from it goes through the
 * same allow-list (src/lib/markdown.ts), so what is stored is sanitised either way.
 */
const markdownSource = z
  .union([z.string().max(200_000), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v));

/** The stored HTML of a body given as HTML or as Markdown (Markdown wins: the HTML is made from it). */
export const bodyHtml = (html: string | null, markdown: string | null) => (markdown !== null ? markdownToHtml(markdown) : html);

/** A required body: its HTML, or the HTML its Markdown makes, must say something. */
const requireBody =
  <K extends string, KM extends string>(html: K, markdown: KM) =>
  (b: Record<K, string | null> & Record<KM, string | null>, ctx: z.RefinementCtx) => {
    if (saysNothing(bodyHtml(b[html], b[markdown]) ?? ''))
      ctx.addIssue({ code: 'custom', path: [b[markdown] !== null ? markdown : html], message: M.emptyBody });
  };

export const idParamsSchema = z.object({ id: rowIdSchema });
export const pageKeyParamsSchema = z.object({ slug: slugSchema.transform((s) => s.toLowerCase()), locale: z.enum(CONTENT_LOCALES) });

export const staffPageBodySchema = z
  .object({
    kind: z.enum(['policy', 'returns', 'faq', 'about', 'help', 'other']),
    title: plainText(300),
    /** HTML; when bodyMarkdown is given the HTML is made from that instead. */
    body: richTextSchema(false).default(''),
    bodyMarkdown: markdownSource,
  })
  .superRefine(requireBody('body', 'bodyMarkdown'));
export const staffPageRowSchema = z.object({
  slug: z.string(),
  locale: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The Markdown the body was saved from, or null when it was written as HTML. */
  bodyMarkdown: z.string().nullable(),
  updatedAt: z.string(),
});

const isoTime = z.iso.datetime({ offset: true });

export const staffPostBodySchema = z
  .object({
    slug: slugSchema.transform((s) => s.toLowerCase()),
    title: plainText(300),
    titleEn: optionalText(300),
    excerpt: plainText(1000),
    excerptEn: optionalText(1000),
    /** HTML; when bodyMarkdown (bodyEnMarkdown) is given the HTML is made from that instead. */
    body: richTextSchema(false).default(''),
    bodyEn: optionalRich,
    bodyMarkdown: markdownSource,
    bodyEnMarkdown: markdownSource,
    image: imagePathSchema,
    category: plainText(100),
    author: plainText(100),
    /** A time in the future schedules the post. */
    publishedAt: isoTime.optional(),
  })
  .superRefine(requireBody('body', 'bodyMarkdown'));
export const staffPostRowSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
/** One post with every field, as the editor opens it. */
export const staffPostDetailSchema = staffPostRowSchema.extend({
  titleEn: z.string().nullable(),
  excerpt: z.string(),
  excerptEn: z.string().nullable(),
  body: z.string(),
  bodyEn: z.string().nullable(),
  /** The Markdown body and bodyEn were saved from, or null when written as HTML. */
  bodyMarkdown: z.string().nullable(),
  bodyEnMarkdown: z.string().nullable(),
  image: z.string().nullable(),
  category: z.string(),
  author: z.string(),
  createdAt: z.string(),
});

export const staffSlideBodySchema = z.object({
  kind: z.enum(['slide', 'banner']),
  title: plainText(200),
  titleEn: optionalText(200),
  text: optionalText(500),
  textEn: optionalText(500),
  image: imagePathSchema,
  url: z
    .union([linkSchema, z.null()])
    .optional()
    .transform((v) => v ?? null),
  active: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export const homeSlideSchema = z.object({
  id: z.number(),
  kind: z.enum(['slide', 'banner']),
  title: z.string(),
  titleEn: z.string().nullable(),
  text: z.string().nullable(),
  textEn: z.string().nullable(),
  image: z.string().nullable(),
  url: z.string().nullable(),
  active: z.boolean(),
  sort: z.number(),
});
export type HomeSlide = z.infer<typeof homeSlideSchema>;
export const homeSlidesResponseSchema = z.object({ data: z.array(homeSlideSchema) });

export const staffMessageBodySchema = z
  .object({
    text: plainText(500),
    textEn: optionalText(500),
    kind: z.enum(['info', 'warning', 'success']).default('info'),
    active: z.boolean().default(true),
    sort: z.number().int().min(0).max(10_000).default(0),
    startsAt: isoTime.nullable().default(null),
    endsAt: isoTime.nullable().default(null),
  })
  .refine((m) => !m.startsAt || !m.endsAt || Date.parse(m.endsAt) > Date.parse(m.startsAt), { error: M.window, path: ['endsAt'] });
export const staffMessageRowSchema = z.object({
  id: z.number(),
  text: z.string(),
  textEn: z.string().nullable(),
  kind: z.string(),
  active: z.boolean(),
  sort: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});

export const helpFileNameParamsSchema = z.object({ name: z.enum(HELP_FILES) });
export const staffHelpFileBodySchema = z.object({
  url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => /^https:\/\/[^\s<>"']+$/.test(v) || /^\/media\/[\w./-]+$/.test(v), {
      error: 'نشانی فایل باید با https:// یا /media/ آغاز شود.',
    }),
});
export const staffHelpFileRowSchema = z.object({ name: z.string(), link: z.string(), custom: z.boolean() });
