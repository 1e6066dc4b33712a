import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

export const NOTIFICATION_CHANNELS = ['mail', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** pending → sending (claimed under a lease) → sent; or back to pending with a later next_attempt_at, failed after the last try. */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** What a mail row carries: rendered when the event happened, so later edits of the order do not rewrite it. */
export interface MailPayload {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Rendered at send time (a PDF is too big to keep in every row). */
  attachments?: { kind: 'invoice'; orderId: number; filename: string }[];
}

/** A Kavenegar template send (verify/lookup) or a plain text send (sms/send). */
export type SmsPayload = { kind: 'lookup'; template: string; tokens: Record<string, string> } | { kind: 'send'; message: string };

/**
 * Every mail and SMS the shop sends goes through this table: written in the transaction of the change
 * that causes it, then claimed and sent by the outbox worker of whichever instance gets it first.
 * dedupe_key makes "queue this event once" an insert that does nothing the second time.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    /** The event: enquiry_received, preinvoice_ready, order_paid, newsletter, … */
    event: text('event').notNull(),
    /** E-mail address or 09xxxxxxxxx mobile. */
    recipient: text('recipient').notNull(),
    /** Set for customers' messages, so a marketing mail can honour the customer's choice at send time. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale').$type<'fa' | 'en'>().notNull().default('fa'),
    /** Marketing mail (newsletters) may be turned off by the customer; transactional mail may not. */
    marketing: boolean('marketing').notNull().default(false),
    payload: jsonb('payload').$type<MailPayload | SmsPayload>().notNull(),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While sending: the claim holds until then; a worker that died mid-send loses its claim at this time. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** The provider's id of the message (Kavenegar messageid, SMTP message id). */
    providerId: text('provider_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notification_outbox_due_idx').on(t.status, t.nextAttemptAt), index('notification_outbox_user_idx').on(t.userId)],
);

/** A customer's choices: the language of their mails and whether they want marketing mail. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  locale: text('locale').$type<'fa' | 'en'>().notNull().default('fa'),
  marketingMail: boolean('marketing_mail').notNull().default(true),
  updatedAt: updatedAt(),
});

/** Newsletters written in the staff console; sending one queues a mail per active subscriber. */
export const newsletters = pgTable('newsletters', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  /** Plain text with blank lines between paragraphs; rendered to the mail's HTML on sending. */
  body: text('body').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  recipients: integer('recipients').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
