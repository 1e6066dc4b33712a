/** Site forms: newsletter, contact us, and the captcha that guards the contact form. */
import { z } from 'zod';
import { emailSchema } from './account';
import { captchaField } from './captcha';
import { normalisePersianText } from '../../lib/persian';

const text = (min: number, max: number) => z.string().transform(normalisePersianText).pipe(z.string().min(min).max(max));

export const newsletterBodySchema = z.object({ email: emailSchema, captcha: captchaField });
export const messageResponseSchema = z.object({ message: z.string() });

export const unsubscribeQuerySchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,64}$/, 'پیوند لغو اشتراک معتبر نیست.'),
});

export const contactBodySchema = z.object({
  name: text(2, 100),
  email: emailSchema,
  subject: text(2, 200),
  comment: text(5, 5000),
  /** The ALTCHA payload (base64) or the reCAPTCHA token, as the storefront widget produced it. */
  captcha: captchaField,
});

export const captchaChallengeSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('altcha'),
    challenge: z.object({
      algorithm: z.string(),
      challenge: z.string(),
      maxnumber: z.number().int().optional(),
      salt: z.string(),
      signature: z.string(),
    }),
  }),
  z.object({
    provider: z.literal('recaptcha'),
    siteKey: z.string().nullable(),
    version: z.union([z.literal(2), z.literal(3)]),
    /** The widget script to load (Google's api.js or a configured mirror); `render=`/`onload=` are added by the page. */
    scriptUrl: z.string(),
  }),
]);
