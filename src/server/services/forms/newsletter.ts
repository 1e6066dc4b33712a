/** Newsletter sign-ups: one row per address, signing up twice is fine, and every address has an unsubscribe token. */
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { randomToken } from '../accounts/secrets';

export const NEWSLETTER_MESSAGES = {
  subscribed: 'عضویت شما در خبرنامه با موفقیت ثبت شد.',
  unsubscribed: 'اشتراک شما در خبرنامه لغو شد؛ دیگر ایمیل خبرنامه برایتان فرستاده نمی‌شود.',
  unknownToken: 'این پیوند لغو اشتراک معتبر نیست.',
} as const;

/**
 * Subscribes (or re-subscribes) an address. A second sign-up changes nothing but a past unsubscription;
 * the token stays the same so links in mails already sent keep working.
 */
export async function subscribe(db: Db, email: string): Promise<{ created: boolean }> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, unsubscribeToken: randomToken(24) })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length) return { created: true };
  await db
    .update(newsletterSubscribers)
    .set({
      unsubscribedAt: null,
      subscribedAt: sql`case when ${newsletterSubscribers.unsubscribedAt} is null then ${newsletterSubscribers.subscribedAt} else now() end`,
    })
    .where(eq(newsletterSubscribers.email, email));
  return { created: false };
}

export async function unsubscribe(db: Db, token: string): Promise<void> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw notFound(NEWSLETTER_MESSAGES.unknownToken);
}

/** The link every newsletter mail carries. */
export const unsubscribeUrl = (config: Pick<Config, 'PUBLIC_BASE_URL'>, token: string) =>
  `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/api/site/v1/newsletters/unsubscribe?token=${encodeURIComponent(token)}`;
