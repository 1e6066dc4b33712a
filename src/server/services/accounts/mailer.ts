/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written as
 * an .eml file under DATA_DIR/outbox/ (development and tests read them there, nothing leaves the box).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { randomToken } from './secrets';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe for newsletters). */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where .eml files go when there is no SMTP server; null when SMTP is used. */
  readonly outbox: string | null;
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): Mailer {
  if (config.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      outbox: null,
      async send(m) {
        await transport.sendMail({ from: config.MAIL_FROM, ...m });
      },
    };
  }
  const outbox = join(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outbox,
    async send(m) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...m });
      await mkdir(outbox, { recursive: true });
      // Sortable by time; the random tail keeps two mails of the same millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`;
      await writeFile(join(outbox, name), info.message as Buffer);
    },
  };
}
