/** The customer's notification settings and the staff console's newsletters. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  newsletterBodySchema,
  newsletterIdParamsSchema,
  newsletterViewSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
} from '../../api/schemas/notifications';
import { requireUser } from '../auth/current-user';
import { notificationSettings } from '../db/schema';
import { defineRoute } from '../http/route';
import { createNewsletter, listNewsletters, sendNewsletter, updateNewsletter } from '../notifications/newsletters';
import { rememberLocale, setMarketingMail } from '../notifications/recipients';
import { countActiveSubscribers } from '../notifications/subscribers';
import { requireStaff } from '../auth/staff-guard';

const e401 = [401, 403];
const staffErrors = [401, 403, 404, 409];

export const notificationRoutes = [
  defineRoute({
    method: 'get',
    path: '/dashboard/notifications',
    summary: "The language of the customer's mails and whether they want marketing mail",
    tags: ['dashboard'],
    response: z.object({ data: notificationSettingsSchema }),
    errors: e401,
    handler: async ({ c, deps }) => {
      const { user } = await requireUser(c, deps);
      const [row] = await deps.db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id));
      return { data: { locale: row?.locale === 'en' ? 'en' : 'fa', marketing_mail: row?.marketingMail ?? true } as const };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/dashboard/notifications',
    summary: 'Changes them (order mails cannot be turned off)',
    tags: ['dashboard'],
    body: notificationSettingsBodySchema,
    response: z.object({ message: z.string(), data: notificationSettingsSchema }),
    errors: e401,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      await deps.db.transaction(async (tx) => {
        if (body.locale) await rememberLocale(tx, user.id, body.locale);
        if (body.marketing_mail !== undefined) await setMarketingMail(tx, user.id, body.marketing_mail);
      });
      const [row] = await deps.db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id));
      return {
        message: 'Updated',
        data: { locale: row?.locale === 'en' ? 'en' : 'fa', marketing_mail: row?.marketingMail ?? true } as const,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/newsletters',
    summary: 'Newsletters, newest first',
    tags: ['staff'],
    response: z.object({ data: z.array(newsletterViewSchema), subscribers: z.number().int() }),
    errors: staffErrors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await listNewsletters(deps.db), subscribers: await countActiveSubscribers(deps.db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/newsletters',
    summary: 'Writes a newsletter (not sent yet)',
    tags: ['staff'],
    body: newsletterBodySchema,
    response: z.object({ data: newsletterViewSchema }),
    errors: staffErrors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return c.json({ data: await createNewsletter(deps.db, user.id, body) }, 201);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/newsletters/{id}',
    summary: 'Edits a newsletter not sent yet',
    tags: ['staff'],
    params: newsletterIdParamsSchema,
    body: newsletterBodySchema,
    response: z.object({ data: newsletterViewSchema }),
    errors: staffErrors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return { data: await updateNewsletter(deps.db, user.id, params.id, body) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/newsletters/{id}/send',
    summary: 'Sends a newsletter to every active subscriber, once (409 the second time)',
    tags: ['staff'],
    params: newsletterIdParamsSchema,
    response: z.object({ data: newsletterViewSchema }),
    errors: staffErrors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return { data: await sendNewsletter(deps.db, deps.config, user.id, params.id) };
    },
  }),
];
