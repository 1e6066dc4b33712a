/** Contact-form messages: stored first (the record is what counts), then mailed to the store. */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { Mailer } from '../accounts/mailer';

export const CONTACT_MESSAGES = {
  sent: 'پیام شما با موفقیت ارسال شد؛ به‌زودی پاسخ می‌دهیم.',
} as const;

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  comment: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function contactMail(config: Pick<Config, 'STORE_EMAIL' | 'STORE_NAME_FA'>, m: ContactInput & { id: number }) {
  const lines = [`نام: ${m.name}`, `ایمیل: ${m.email}`, `موضوع: ${m.subject}`, '', m.comment, '', `شماره پیام: ${m.id}`];
  return {
    to: config.STORE_EMAIL,
    // The subject is the customer's: cut and kept on one line.
    subject: `[${config.STORE_NAME_FA}] پیام تماس با ما: ${m.subject.replace(/[\r\n]+/g, ' ').slice(0, 120)}`,
    text: lines.join('\n'),
    html: `<div dir="rtl">${lines.map((l) => (l ? `<p>${escapeHtml(l).replace(/\n/g, '<br>')}</p>` : '')).join('')}</div>`,
  };
}

export async function saveContactMessage(
  db: Db,
  mailer: Mailer,
  config: Config,
  input: ContactInput & { ipAddress: string | null },
): Promise<number> {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  try {
    await mailer.send(contactMail(config, { ...input, id: row!.id }));
  } catch (err) {
    // The message is safe in the database, where staff read it too; a mail outage must not lose it.
    console.error(`contact message ${row!.id} stored but not mailed:`, err);
  }
  return row!.id;
}
