/** Who a customer is to the notifications: address, mobile, name, language and marketing choice. */
import { eq, sql } from 'drizzle-orm';
import { notificationSettings, users } from '../db/schema';
import type { MailLocale } from './mail/layout';
import type { DbOrTx } from './outbox';

export interface Recipient {
  userId: number;
  email: string;
  mobile: string;
  name: string;
  locale: MailLocale;
  marketingMail: boolean;
}

export async function recipientOf(tx: DbOrTx, userId: number): Promise<Recipient | null> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      name: users.name,
      locale: notificationSettings.locale,
      marketingMail: notificationSettings.marketingMail,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.id,
    email: row.email,
    mobile: row.mobile,
    name: row.name,
    locale: row.locale === 'en' ? 'en' : 'fa',
    marketingMail: row.marketingMail ?? true,
  };
}

/** Remembers the language a customer shops in (an enquiry sent from /en), for every later mail. */
export async function rememberLocale(tx: DbOrTx, userId: number, locale: MailLocale): Promise<void> {
  await tx
    .insert(notificationSettings)
    .values({ userId, locale })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { locale, updatedAt: sql`now()` } });
}

export async function setMarketingMail(tx: DbOrTx, userId: number, marketingMail: boolean): Promise<void> {
  await tx
    .insert(notificationSettings)
    .values({ userId, marketingMail })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { marketingMail, updatedAt: sql`now()` } });
}
