/**
 * Newsletters: staff write one, then send it; sending queues one marketing mail per active subscriber
 * (each with its own unsubscribe link and List-Unsubscribe headers) in one transaction with the
 * newsletter marked sent, so a newsletter goes out once however often the button is pressed.
 * Subscribers who are customers and turned marketing mail off are left out (and checked again at send time).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NewsletterBody, NewsletterView } from '../../api/schemas/notifications';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { newsletters, newsletterSubscribers, notificationSettings, staffActions, users } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { renderMail } from './mail/layout';
import { enqueue, type NewMessage } from './outbox';
import { base, storeName } from './texts';

export const NEWSLETTER_STAFF_MESSAGES = {
  alreadySent: 'این خبرنامه پیش‌تر فرستاده شده است.',
} as const;

/** Where a newsletter's unsubscribe link leads: a page of our own (GET asks, POST — also one-click from the mail client — unsubscribes). */
export const UNSUBSCRIBE_PAGE = '/newsletter/unsubscribe';
export const unsubscribePageUrl = (config: Pick<Config, 'PUBLIC_BASE_URL'>, token: string) =>
  `${base(config)}${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}`;

const view = (r: typeof newsletters.$inferSelect): NewsletterView => ({
  id: r.id,
  subject: r.subject,
  body: r.body,
  sentAt: r.sentAt?.toISOString() ?? null,
  recipients: r.recipients,
  createdAt: r.createdAt.toISOString(),
});

export async function listNewsletters(db: Db): Promise<NewsletterView[]> {
  return (await db.select().from(newsletters).orderBy(desc(newsletters.id)).limit(100)).map(view);
}

export async function createNewsletter(db: Db, staffId: number, body: NewsletterBody): Promise<NewsletterView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(newsletters).values({ subject: body.subject, body: body.body, createdBy: staffId }).returning();
    await tx
      .insert(staffActions)
      .values({ staffId, action: 'newsletter.create', entity: 'newsletter', entityId: row!.id, details: { subject: body.subject } });
    return view(row!);
  });
}

export async function updateNewsletter(db: Db, staffId: number, id: number, body: NewsletterBody): Promise<NewsletterView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletters)
      .set({ subject: body.subject, body: body.body, updatedAt: new Date() })
      .where(and(eq(newsletters.id, id), isNull(newsletters.sentAt)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.id, id));
      throw exists ? new HttpError(409, NEWSLETTER_STAFF_MESSAGES.alreadySent) : notFound();
    }
    await tx.insert(staffActions).values({ staffId, action: 'newsletter.update', entity: 'newsletter', entityId: id, details: {} });
    return view(row);
  });
}

export async function sendNewsletter(db: Db, config: Config, staffId: number, id: number): Promise<NewsletterView> {
  return db.transaction(async (tx) => {
    const [letter] = await tx.select().from(newsletters).where(eq(newsletters.id, id)).for('update');
    if (!letter) throw notFound();
    if (letter.sentAt) throw new HttpError(409, NEWSLETTER_STAFF_MESSAGES.alreadySent);
    const subscribers = await tx
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        token: newsletterSubscribers.unsubscribeToken,
        userId: users.id,
        marketing: notificationSettings.marketingMail,
      })
      .from(newsletterSubscribers)
      .leftJoin(users, sql`lower(${users.email}) = lower(${newsletterSubscribers.email})`)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(isNull(newsletterSubscribers.unsubscribedAt))
      .orderBy(newsletterSubscribers.id);
    const wanted = subscribers.filter((s) => s.marketing !== false);
    const name = storeName(config, 'fa');
    const messages: NewMessage[] = wanted.map((s) => {
      const unsubscribe = unsubscribePageUrl(config, s.token);
      const { html, text } = renderMail({
        locale: 'fa',
        storeName: name,
        baseUrl: base(config),
        title: letter.subject,
        paragraphs: letter.body
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean),
        footer: [`این ایمیل را چون در خبرنامه ${name} عضو شده‌اید دریافت کرده‌اید.`],
        unsubscribeUrl: unsubscribe,
      });
      return {
        channel: 'mail',
        event: 'newsletter',
        recipient: s.email,
        userId: s.userId,
        marketing: true,
        dedupeKey: `newsletter:${letter.id}:${s.id}`,
        payload: {
          subject: `${letter.subject} — ${name}`,
          html,
          text,
          // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to the link.
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        },
      };
    });
    for (let i = 0; i < messages.length; i += 500) await enqueue(tx, messages.slice(i, i + 500));
    const [sent] = await tx
      .update(newsletters)
      .set({ sentAt: new Date(), recipients: messages.length, updatedAt: new Date() })
      .where(eq(newsletters.id, id))
      .returning();
    await tx
      .insert(staffActions)
      .values({ staffId, action: 'newsletter.send', entity: 'newsletter', entityId: id, details: { recipients: messages.length } });
    return view(sent!);
  });
}
