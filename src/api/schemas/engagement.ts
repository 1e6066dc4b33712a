/**
 * Shapes of the product engagement calls: reviews, questions (comments) with staff answers, restock
 * (resupply) requests, and the staff console's views of them. Text fields are cleaned here (markup
 * removed, Persian letters normalised), so services only ever store plain text.
 */
import { z } from 'zod';
import { captchaField } from './captcha';
import { cleanUserText } from '../../lib/plain-text';
import { toAsciiDigits } from '../../lib/persian';

export const ENGAGEMENT_MESSAGES = {
  required: 'لطفاً این فیلد را پر کنید.',
  number: 'لطفاً این فیلد را با عدد پر کنید.',
  star: 'امتیاز باید عددی از ۱ تا ۵ باشد.',
  product: 'کالا مشخص نیست.',
  duplicateReview: 'شما پیش‌تر برای این کالا نظر ثبت کرده‌اید؛ از هر مشتری یک نظر برای هر کالا پذیرفته می‌شود.',
  duplicateQuestion: 'این پرسش را پیش‌تر برای همین کالا فرستاده‌اید.',
  notQuestion: 'این مورد پرسش مشتری نیست.',
  created: 'Successfully Created',
  /** The moderation setting holds new reviews and questions until staff approve them. */
  pending: 'ثبت شد؛ پس از تأیید فروشگاه نمایش داده می‌شود.',
  updated: 'Updated',
} as const;

const M = ENGAGEMENT_MESSAGES;
/** Reviews and questions of a product are paged this many at a time. */
export const ENGAGEMENT_PAGE_SIZE = 5;

/** Required user text: markup removed, then min/max on what is left (so "<b></b>" is empty). */
const userText = (min: number, max: number) =>
  z
    .string({ error: M.required })
    .transform(cleanUserText)
    .pipe(z.string().min(1, { error: M.required, abort: true }).min(min).max(max));

const optionalUserText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null ? '' : cleanUserText(v)))
    .pipe(z.string().max(max))
    .transform((v) => (v === '' ? null : v));

/** A whole number typed by a person: 12, "12", "۱۲" are all 12; anything else is "please fill with a number". */
const typedInt = (min: number, max: number, message: string, boundMessage?: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v, ctx) => {
      const s = typeof v === 'number' ? String(v) : toAsciiDigits(v).trim();
      if (!/^\d+$/.test(s)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(s);
    })
    .pipe(
      z
        .number()
        .int()
        .min(min, boundMessage ? { error: boundMessage } : undefined)
        .max(max, boundMessage ? { error: boundMessage } : undefined),
    );

const productId = z.union([z.number(), z.string()], { error: M.product }).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
    ctx.addIssue({ code: 'custom', message: M.product });
    return z.NEVER;
  }
  return n;
});

export const reviewBodySchema = z.object({
  /** Spec §3/§5: stars 1 to 5, 5 when not given. */
  star: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v === '' ? 5 : v))
    .pipe(typedInt(1, 5, M.star, M.star)),
  content: userText(3, 2000),
  product_id: productId,
});
export type ReviewBody = z.output<typeof reviewBodySchema>;

export const commentBodySchema = z.object({
  content: userText(3, 2000),
  product_id: productId,
});
export type CommentBody = z.output<typeof commentBodySchema>;

/**
 * Spec §3: user, email, productName, number, description. Who asks comes from the session and the
 * product name from the catalogue, so `user`, `email` and `productName` are accepted but not trusted.
 */
export const resupplyBodySchema = z.object({
  product_id: productId,
  number: z
    .union([z.number(), z.string(), z.null()], { error: M.number })
    .optional()
    .transform((v) => (v == null ? '' : v))
    .pipe(typedInt(1, 100_000, M.number)),
  description: optionalUserText(1000),
  productName: z.string().max(500).optional(),
  user: z.string().max(200).optional(),
  email: z.string().max(200).optional(),
  captcha: captchaField,
});
export type ResupplyBody = z.output<typeof resupplyBodySchema>;

export const answerBodySchema = z.object({ content: userText(2, 4000) });

export const engagementPageQuerySchema = z.object({
  page: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, { error: 'شماره صفحه باید عدد باشد.' })
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional(),
});
export const engagementProductParamsSchema = z.object({
  productId: z
    .string()
    .regex(/^\d{1,10}$/, { error: M.product })
    .transform(Number)
    .pipe(z.number().int().min(1).max(2_147_483_647)),
});
export const engagementIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'شناسه نامعتبر است.' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(2_147_483_647)),
});

export const reviewSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  avatar: z.string().nullable(),
  rating: z.number().int(),
  text: z.string(),
  date: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListResponseSchema = z.object({
  items: z.array(reviewSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** Average stars of all the product's reviews, one decimal; 0 with no reviews. */
  rating: z.number(),
});
export type ReviewList = z.infer<typeof reviewListResponseSchema>;

const commentCore = z.object({
  id: z.number().int(),
  author: z.string(),
  avatar: z.string().nullable(),
  text: z.string(),
  date: z.string(),
  /** Staff answers: the storefront labels them Admin. */
  isAdmin: z.boolean(),
});
export const commentSchema = commentCore.extend({ children: z.array(commentCore) });
export type Comment = z.infer<typeof commentSchema>;

export const commentListResponseSchema = z.object({
  items: z.array(commentSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type CommentList = z.infer<typeof commentListResponseSchema>;

export const reviewCreatedSchema = z.object({
  message: z.string(),
  data: reviewSchema.extend({ productRating: z.number(), productReviews: z.number().int() }),
});
export const commentCreatedSchema = z.object({ message: z.string(), data: commentSchema });

export const resupplyViewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  productSlug: z.string().nullable(),
  productName: z.string(),
  number: z.number().int(),
  description: z.string().nullable(),
  customer: z.string().nullable(),
  email: z.string(),
  status: z.enum(['open', 'answered', 'closed']),
  /** Where the request came from: a product page's restock button, or a parts-list (BOM) sourcing request. */
  source: z.enum(['product', 'sourcing']),
  date: z.string(),
});
export type ResupplyView = z.infer<typeof resupplyViewSchema>;
export const resupplyCreatedSchema = z.object({ message: z.string(), data: resupplyViewSchema });

export const staffQuestionSchema = commentSchema.extend({
  product: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), partNumber: z.string() }),
  customer: z.string().nullable(),
  /** False while the question waits for approval (answering it approves it). */
  approved: z.boolean(),
});
export type StaffQuestion = z.infer<typeof staffQuestionSchema>;
export const staffQuestionsQuerySchema = z.object({ state: z.enum(['unanswered', 'answered', 'all']).default('unanswered') });
export const staffResupplyQuerySchema = z.object({ status: z.enum(['open', 'answered', 'closed', 'all']).default('open') });
