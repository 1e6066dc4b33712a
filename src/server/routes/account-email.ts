/** E-mail verification (with resend) and the forgot-password → reset flow. */
import { z } from 'zod';
import { LOCALES, type Locale } from '../../lib/locales';
import {
  forgotPasswordBodySchema,
  messageResponseSchema,
  resendBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from '../../api/schemas/account';
import { assertNotCookieGet } from '../auth/csrf';
import { requireUser } from '../auth/current-user';
import type { AppDeps } from '../context';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';
import { clientIpResolver } from '../http/client-ip';
import { captchaOf } from '../services/captcha';
import { EMAIL_MESSAGES, requestPasswordReset, resetPassword, sendVerificationMail, verifyEmail } from '../services/accounts/email-flows';
import type { Context } from 'hono';

const tags = ['account'];
/** One verification mail per customer per minute: resend is a button people press twice. */
const RESEND_GAP_MS = 60_000;
const lastResend = new WeakMap<AppDeps, Map<number, number>>();

async function resend(c: Context, deps: AppDeps, captcha: string | undefined) {
  const { user, via } = await requireUser(c, deps);
  assertNotCookieGet(c, via);
  if (user.emailVerifiedAt) return { message: EMAIL_MESSAGES.alreadyVerified };
  await captchaOf(deps).assertHuman(captcha, { remoteIp: clientIpResolver(deps.config.TRUST_PROXY)(c), action: 'resend' });
  let sent = lastResend.get(deps);
  if (!sent) lastResend.set(deps, (sent = new Map()));
  const last = sent.get(user.id) ?? 0;
  if (Date.now() - last < RESEND_GAP_MS) {
    throw new HttpError(429, 'ایمیل تأیید همین چند لحظه پیش فرستاده شد؛ یک دقیقه بعد دوباره تلاش کنید.', undefined, {
      'Retry-After': '60',
    });
  }
  sent.set(user.id, Date.now());
  await sendVerificationMail(deps, user, c.req.query('locale') as Locale | undefined);
  return { message: EMAIL_MESSAGES.sent };
}

export const accountEmailRoutes = [
  defineRoute({
    method: 'post',
    path: '/email/verify',
    summary: 'Verifies the e-mail address with the token of the mailed link',
    tags,
    body: verifyEmailBodySchema.extend({ username: z.string().max(50).optional() }),
    response: messageResponseSchema,
    handler: async ({ body, deps }) => ({ message: await verifyEmail(deps, body.token, body.username) }),
  }),
  defineRoute({
    method: 'get',
    path: '/email/resend',
    summary: 'Sends the verification mail again (API clients with a bearer token, captcha answer in the query; the website POSTs)',
    tags,
    // The captcha is checked in resend (a missing one is its 422), after a cookie GET has had its 405.
    query: resendBodySchema.partial().extend({ locale: z.enum(LOCALES).optional() }),
    response: messageResponseSchema,
    errors: [401, 405, 422, 429, 503],
    handler: ({ query, c, deps }) => resend(c, deps, query.captcha),
  }),
  defineRoute({
    method: 'post',
    path: '/email/resend',
    summary: 'Sends the verification mail again; needs a solved captcha',
    tags,
    query: z.object({ locale: z.enum(LOCALES).optional() }),
    body: resendBodySchema,
    response: messageResponseSchema,
    errors: [401, 403, 429, 503],
    handler: ({ body, c, deps }) => resend(c, deps, body.captcha),
  }),
  defineRoute({
    method: 'post',
    path: '/password/forgot',
    summary: 'Mails a reset link; the answer never says whether the address is registered; needs a solved captcha',
    tags,
    body: forgotPasswordBodySchema,
    response: messageResponseSchema,
    errors: [429, 503],
    handler: async ({ body, c, deps }) => {
      await captchaOf(deps).assertHuman(body.captcha, { remoteIp: clientIpResolver(deps.config.TRUST_PROXY)(c), action: 'forgot' });
      return { message: await requestPasswordReset(deps, body.email, body.locale) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/password/reset',
    summary: 'Sets a new password with a single-use, expiring reset token',
    tags,
    body: resetPasswordBodySchema,
    response: messageResponseSchema,
    handler: async ({ body, deps }) => {
      await resetPassword(deps, body.token, body.password);
      return { message: EMAIL_MESSAGES.passwordReset };
    },
  }),
];
