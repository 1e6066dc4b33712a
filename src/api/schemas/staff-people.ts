/** The back office's people: moderation, the inbox, subscribers, customers, staff accounts and two-factor sign-in. */
import { z } from 'zod';
import { PASSWORD_MIN } from '../../lib/account-rules';
import { emailSchema, mobileSchema, passwordSchema, plainText, usernameSchema } from './account';
import { queryInt, rowIdSchema } from './common';

export const STAFF_PEOPLE_MESSAGES = {
  reviewMissing: 'این نظر پیدا نشد.',
  questionMissing: 'این پرسش پیدا نشد.',
  customerMissing: 'این مشتری پیدا نشد.',
  staffMissing: 'این کارمند پیدا نشد.',
  notCustomer: 'این حساب مشتری نیست.',
  blocked: 'حساب مسدود شد؛ نشست‌های باز آن بسته شد.',
  unblocked: 'حساب از مسدودی درآمد.',
  saved: 'ذخیره شد.',
  deleted: 'حذف شد.',
  passwordSet: 'رمز عبور تازه ثبت شد و همه نشست‌های این حساب بسته شد.',
  totpStarted: 'کد QR را با برنامه احراز هویت بخوانید و کد شش‌رقمی آن را وارد کنید.',
  totpEnabled: 'ورود دومرحله‌ای فعال شد.',
  totpDisabled: 'ورود دومرحله‌ای غیرفعال شد.',
  totpWrong: 'کد ورود دومرحله‌ای درست نیست.',
  totpNotStarted: 'نخست ورود دومرحله‌ای را آغاز کنید.',
  totpAlready: 'ورود دومرحله‌ای پیش‌تر فعال شده است.',
  password: `رمز عبور باید دست‌کم ${PASSWORD_MIN} نویسه باشد.`,
} as const;
const M = STAFF_PEOPLE_MESSAGES;

export const idParamsSchema = z.object({ id: rowIdSchema });
export const pagedQuerySchema = z.object({ page: queryInt(1, 100_000).default(1), limit: queryInt(1, 100).default(20) });

export const moderationModeSchema = z.enum(['immediate', 'approval']);
export type ModerationMode = z.infer<typeof moderationModeSchema>;
export const moderationSettingSchema = z.object({ mode: moderationModeSchema });

export const staffReviewsQuerySchema = z.object({ state: z.enum(['pending', 'approved', 'all']).default('pending') });
export const staffReviewRowSchema = z.object({
  id: z.number(),
  approved: z.boolean(),
  rating: z.number(),
  text: z.string(),
  author: z.string(),
  date: z.string(),
  product: z.object({ id: z.number(), slug: z.string(), name: z.string(), partNumber: z.string() }),
});

export const contactMessageRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  comment: z.string(),
  date: z.string(),
});
export const subscriberRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  subscribedAt: z.string(),
  unsubscribedAt: z.string().nullable(),
});
const page = z.object({ page: z.number(), pages: z.number(), total: z.number() });
export const contactListSchema = page.extend({ data: z.array(contactMessageRowSchema) });
export const subscriberListSchema = page.extend({ data: z.array(subscriberRowSchema), active: z.number() });

export const customersQuerySchema = pagedQuerySchema.extend({ q: z.string().trim().max(100).optional() });
export const customerRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  companyName: z.string().nullable(),
  createdAt: z.string(),
  blocked: z.boolean(),
  orders: z.number(),
});
export const customerListSchema = page.extend({ data: z.array(customerRowSchema) });
export const customerDetailSchema = z.object({
  data: customerRowSchema.extend({
    phone: z.string().nullable(),
    addresses: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        mobile: z.string(),
        province: z.string(),
        city: z.string(),
        address: z.string(),
        postCode: z.string(),
        isDefault: z.boolean(),
      }),
    ),
    orderList: z.array(
      z.object({ id: z.number(), factorNumber: z.string(), status: z.string(), total: z.number(), createdAt: z.string() }),
    ),
  }),
});

/** A new staff account: the sign-up fields (same rules), without the captcha and the second e-mail. */
export const staffCreateBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  name: plainText(100),
  mobile: mobileSchema,
  password: passwordSchema,
});
export const staffPasswordBodySchema = z.object({ password: passwordSchema });
export const staffMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  twoFactor: z.boolean(),
  createdAt: z.string(),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: M.totpWrong }),
});
/** Handed out once, at enrolment: the secret in the otpauth URI (and as a QR code) is never shown again. */
export const totpEnrolmentSchema = z.object({
  message: z.string(),
  data: z.object({ otpauthUri: z.string(), secret: z.string(), qrSvg: z.string() }),
});
