/**
 * Shapes of the account calls: registration, tokens, profile, password, e-mail flows, addresses and
 * Iran's provinces and cities. Inputs are normalised here (Persian letters, ASCII digits, canonical
 * mobile) so services only ever see clean values.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '../../lib/locales';
import { captchaField } from './captcha';
import {
  canonicalMobile,
  canonicalPhone,
  canonicalPostCode,
  hasMarkup,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../../lib/account-rules';
import { normalisePersianText, toAsciiDigits } from '../../lib/persian';
import { envelope } from './common';

export const MSG = {
  required: 'لطفاً این فیلد را پر کنید.',
  markup: 'برچسب‌های HTML و اسکریپت در این فیلد مجاز نیست.',
  username: 'نام کاربری فقط می‌تواند حروف و اعداد انگلیسی و نمادهای * - . + / _ داشته باشد، بدون فاصله.',
  mobile: 'شماره موبایل معتبر نیست؛ مانند ۰۹۱۲۱۲۳۴۵۶۷ وارد کنید.',
  phone: 'شماره تلفن معتبر نیست.',
  postCode: 'کد پستی باید ۱۰ رقم باشد.',
  confirm: 'تکرار رمز عبور با رمز عبور یکسان نیست.',
  email: 'نشانی ایمیل معتبر نیست.',
  website: 'نشانی وب‌سایت معتبر نیست.',
} as const;

const noMarkup = (s: string) => !hasMarkup(s);

/** Required plain text: trimmed, Persian letters normalised, no markup. */
export const plainText = (max: number) =>
  z
    .string()
    .transform(normalisePersianText)
    .pipe(z.string().min(1, { error: MSG.required }).max(max).refine(noMarkup, { error: MSG.markup }));

/** Optional plain text: absent, null or blank become null. */
export const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null ? '' : normalisePersianText(v)))
    .pipe(z.string().max(max).refine(noMarkup, { error: MSG.markup }))
    .transform((v) => (v === '' ? null : v));

const formatted = (canon: (s: string) => string | null, message: string) =>
  z.string().transform((v, ctx) => {
    if (v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: MSG.required });
      return z.NEVER;
    }
    const out = canon(v);
    if (out === null) ctx.addIssue({ code: 'custom', message });
    return out ?? z.NEVER;
  });

const optionalFormatted = (canon: (s: string) => string | null, message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v == null || v.trim() === '') return null;
      const out = canon(v);
      if (out === null) ctx.addIssue({ code: 'custom', message });
      return out ?? z.NEVER;
    });

export const mobileSchema = formatted(canonicalMobile, MSG.mobile);
export const postCodeSchema = formatted(canonicalPostCode, MSG.postCode);
export const optionalPhoneSchema = optionalFormatted(canonicalPhone, MSG.phone);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(190)
  .pipe(z.email({ error: MSG.email }));
const optionalEmail = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null ? '' : v.trim().toLowerCase()))
  .pipe(z.union([z.literal(''), z.email({ error: MSG.email }).max(190)]))
  .transform((v) => (v === '' ? null : v));
const optionalWebsite = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null ? '' : v.trim()))
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .max(200)
        .regex(/^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/[^\s<>"']*)?$/i, { error: MSG.website }),
    ]),
  )
  .transform((v) => (v === '' ? null : /^https?:\/\//i.test(v) ? v : `https://${v}`));

/** HTML forms send "on", "1", "true"; JSON sends booleans. */
export const flagSchema = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off', ''])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'on');

export const usernameSchema = z
  .string()
  .trim()
  .min(1, { error: MSG.required })
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(USERNAME_PATTERN, { error: MSG.username });
export const passwordSchema = z.string().min(1, { error: MSG.required }).min(PASSWORD_MIN).max(PASSWORD_MAX);

const confirmed = <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirmation) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MSG.confirm });
};

export const registerBodySchema = z
  .object({
    name: plainText(100),
    company: optionalText(150),
    phone: optionalPhoneSchema,
    mobile: mobileSchema,
    website: optionalWebsite,
    username: usernameSchema,
    email: emailSchema,
    email2: optionalEmail,
    agreeWithEmail2: flagSchema,
    password: passwordSchema,
    password_confirmation: z.string().min(1, { error: MSG.required }).max(PASSWORD_MAX),
    locale: z.enum(LOCALES).optional(),
    captcha: captchaField,
  })
  .superRefine(confirmed);
export type RegisterBody = z.output<typeof registerBodySchema>;

/** OAuth2 token endpoint: password grant and refresh grant (RFC 6749 §4.3, §6). */
/** A solved captcha (ALTCHA payload or reCAPTCHA token), needed after a few sign-in attempts. */
const loginCaptcha = z.string().max(10_000).optional();
/** The six-digit code of an account with two-factor sign-in on (Persian digits read as ASCII). */
const loginOtp = z
  .string()
  .max(20)
  .optional()
  .transform((v) => (v ? toAsciiDigits(v).replace(/\s+/g, '') || undefined : undefined));

export const tokenBodySchema = z.discriminatedUnion(
  'grant_type',
  [
    z.object({
      grant_type: z.literal('password'),
      client_id: z.coerce.string(),
      client_secret: z.string().max(200).optional(),
      username: z.string().trim().min(1, { error: MSG.required }).max(190),
      password: z.string().min(1, { error: MSG.required }).max(PASSWORD_MAX),
      scope: z.string().max(200).optional(),
      captcha: loginCaptcha,
      otp: loginOtp,
    }),
    z.object({
      grant_type: z.literal('refresh_token'),
      client_id: z.coerce.string(),
      client_secret: z.string().max(200).optional(),
      refresh_token: z.string().min(1, { error: MSG.required }).max(200),
      scope: z.string().max(200).optional(),
    }),
  ],
  { error: 'grant_type باید password یا refresh_token باشد.' },
);
export type TokenBody = z.output<typeof tokenBodySchema>;

export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Same-origin sign-in of the website: tokens go into httpOnly cookies, never to page scripts. */
export const loginBodySchema = z.object({
  username: z.string().trim().min(1, { error: MSG.required }).max(190),
  password: z.string().min(1, { error: MSG.required }).max(PASSWORD_MAX),
  captcha: loginCaptcha,
  otp: loginOtp,
});

export const userSchema = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  email2: z.string().nullable(),
  agreeWithEmail2: z.boolean(),
  mobile: z.string(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  website: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userSchema>;
export const userResponseSchema = envelope(userSchema);

export const profileBodySchema = z.object({
  name: plainText(100),
  mobile: mobileSchema,
  company_name: optionalText(150),
  phone: optionalPhoneSchema,
  website: optionalWebsite,
  email2: optionalEmail,
  agreeWithEmail2: flagSchema,
});
export type ProfileBody = z.output<typeof profileBodySchema>;

export const passwordChangeBodySchema = z
  .object({
    current_password: z.string().min(1, { error: MSG.required }).max(PASSWORD_MAX),
    password: passwordSchema,
    password_confirmation: z.string().min(1, { error: MSG.required }).max(PASSWORD_MAX),
  })
  .superRefine(confirmed);

export const forgotPasswordBodySchema = z.object({ email: emailSchema, locale: z.enum(LOCALES).optional(), captcha: captchaField });
/** Sending the verification mail again: a person presses it, a script would mail-bomb. */
export const resendBodySchema = z.object({ captcha: captchaField });
export type MailLocale = Locale;
export const resetPasswordBodySchema = z
  .object({
    token: z.string().trim().min(1, { error: MSG.required }).max(200),
    password: passwordSchema,
    password_confirmation: z.string().min(1, { error: MSG.required }).max(PASSWORD_MAX),
  })
  .superRefine(confirmed);
export const verifyEmailBodySchema = z.object({ token: z.string().trim().min(1, { error: MSG.required }).max(200) });

export const messageResponseSchema = z.object({ message: z.string() });

const id = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/, { error: 'شناسه معتبر نیست.' })])
  .transform(Number)
  .pipe(z.number().int().positive({ error: 'شناسه معتبر نیست.' }));
const coordinate = (limit: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v === '' ? null : Number(v)))
    .pipe(z.number().min(-limit).max(limit).nullable());

export const addressBodySchema = z.object({
  name: plainText(100),
  mobile: mobileSchema,
  phone: optionalPhoneSchema,
  province_id: id,
  city_id: id,
  address: plainText(500),
  postCode: postCodeSchema,
  latitude: coordinate(90),
  longitude: coordinate(180),
  description: optionalText(500),
  default: flagSchema,
});
export type AddressBody = z.output<typeof addressBodySchema>;

export const placeSchema = z.object({ id: z.number().int(), name: z.string() });
export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  phone: z.string().nullable(),
  province: placeSchema,
  city: placeSchema,
  address: z.string(),
  postCode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  description: z.string().nullable(),
  default: z.boolean(),
  lastSelected: z.boolean(),
});
export type AddressView = z.infer<typeof addressSchema>;
export const addressResponseSchema = envelope(addressSchema);
export const addressListResponseSchema = envelope(z.array(addressSchema));

export const provinceSchema = z.object({ id: z.number().int(), name: z.string(), nameEn: z.string().nullable() });
export const provinceListResponseSchema = envelope(z.array(provinceSchema));
export const provinceDetailResponseSchema = envelope(provinceSchema.extend({ cities: z.array(placeSchema) }));
export const cityListResponseSchema = envelope(z.array(placeSchema.extend({ provinceId: z.number().int() })));

export const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'شناسه معتبر نیست.' })
    .transform(Number),
});
export const placeQuerySchema = z.object({
  name: z
    .string()
    .max(100)
    .optional()
    .transform((v) => (v ? normalisePersianText(v) : undefined)),
  province_id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional(),
});
