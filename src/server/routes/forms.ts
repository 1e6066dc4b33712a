/** Newsletter sign-up and unsubscribe, the contact form, and the captcha challenge it needs. */
import type { Context } from 'hono';
import {
  captchaChallengeSchema,
  contactBodySchema,
  messageResponseSchema,
  newsletterBodySchema,
  unsubscribeQuerySchema,
} from '../../api/schemas/forms';
import type { AppDeps } from '../context';
import { clientIpResolver } from '../http/client-ip';
import { defineRoute } from '../http/route';
import { captchaOf } from '../services/captcha';
import { CONTACT_MESSAGES, saveContactMessage } from '../services/forms/contact';
import { NEWSLETTER_MESSAGES, subscribe, unsubscribe } from '../services/forms/newsletter';

const clientIp = (c: Context, deps: AppDeps) => clientIpResolver(deps.config.TRUST_PROXY)(c);

export const formRoutes = [
  defineRoute({
    method: 'post',
    path: '/newsletters',
    summary: 'Newsletter sign-up; signing up again is not an error; needs a solved captcha',
    tags: ['forms'],
    body: newsletterBodySchema,
    response: messageResponseSchema,
    errors: [429, 503],
    handler: async ({ body, c, deps }) => {
      await captchaOf(deps).assertHuman(body.captcha, { remoteIp: clientIp(c, deps), action: 'newsletter' });
      await subscribe(deps.db, body.email);
      return { message: NEWSLETTER_MESSAGES.subscribed };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/newsletters/unsubscribe',
    summary: 'Unsubscribe link carried by every newsletter mail',
    tags: ['forms'],
    query: unsubscribeQuerySchema,
    response: messageResponseSchema,
    errors: [404],
    handler: async ({ query, deps }) => {
      await unsubscribe(deps.db, query.token);
      return { message: NEWSLETTER_MESSAGES.unsubscribed };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/captcha/challenge',
    summary: "Captcha for the site's forms: a signed ALTCHA proof-of-work challenge, or the reCAPTCHA site key when configured",
    tags: ['forms'],
    response: captchaChallengeSchema,
    handler: async ({ c, deps }) => {
      c.header('Cache-Control', 'no-store');
      return captchaOf(deps).challenge();
    },
  }),
  defineRoute({
    method: 'post',
    path: '/contact-us',
    summary: 'Contact form: stored and mailed to the store; needs a solved captcha',
    tags: ['forms'],
    body: contactBodySchema,
    response: messageResponseSchema,
    errors: [429, 503],
    handler: async ({ body, c, deps }) => {
      const ip = clientIp(c, deps);
      await captchaOf(deps).assertHuman(body.captcha, { remoteIp: ip, action: 'contact' });
      const { captcha: _captcha, ...message } = body;
      await saveContactMessage(deps.db, deps.accounts.mailer, deps.config, { ...message, ipAddress: ip === 'unknown' ? null : ip });
      return { message: CONTACT_MESSAGES.sent };
    },
  }),
];
