/** The shapes of notification settings (customers) and newsletters (staff). */
import { z } from 'zod';
import { CONTENT_LOCALES } from '../../lib/locales';
import { rowIdSchema } from './common';

const bool = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')]);

/** Language of the customer's mails, and whether they want marketing mail (newsletters); order mails always go. */
export const notificationSettingsSchema = z.object({ locale: z.enum(CONTENT_LOCALES), marketing_mail: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsBodySchema = z.object({
  locale: z.enum(CONTENT_LOCALES, { error: 'زبان ایمیل‌ها باید فارسی یا انگلیسی باشد.' }).optional(),
  marketing_mail: bool.optional(),
});

export const newsletterBodySchema = z.object({
  subject: z
    .string({ error: 'موضوع خبرنامه را بنویسید.' })
    .trim()
    .min(3, { error: 'موضوع خبرنامه دست‌کم ۳ نویسه است.' })
    .max(200, { error: 'موضوع خبرنامه حداکثر ۲۰۰ نویسه است.' }),
  body: z
    .string({ error: 'متن خبرنامه را بنویسید.' })
    .trim()
    .min(10, { error: 'متن خبرنامه دست‌کم ۱۰ نویسه است.' })
    .max(20_000, { error: 'متن خبرنامه حداکثر ۲۰٬۰۰۰ نویسه است.' }),
});
export type NewsletterBody = z.output<typeof newsletterBodySchema>;

export const newsletterViewSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.string().nullable(),
  recipients: z.number().int(),
  createdAt: z.string(),
});
export type NewsletterView = z.infer<typeof newsletterViewSchema>;

export const newsletterIdParamsSchema = z.object({ id: rowIdSchema });
