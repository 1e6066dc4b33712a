/** The texts of account mails, Persian first with an English line for customers who read English. */
import type { MailLocale } from '../../../api/schemas/account';
import type { MailMessage } from './mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const prefix = (locale: MailLocale | undefined) => (locale === 'en' || locale === 'ru' ? `/${locale}` : '');

function layout(to: string, subject: string, lines: string[], link: string, linkLabel: string): MailMessage {
  const text = [...lines, '', link].join('\n');
  const html =
    `<div dir="rtl" style="font-family:Tahoma,sans-serif">${lines.map((l) => `<p>${escape(l)}</p>`).join('')}` +
    `<p><a href="${escape(link)}">${escape(linkLabel)}</a></p><p dir="ltr">${escape(link)}</p></div>`;
  return { to, subject, text, html };
}

export function verificationMail(opts: {
  to: string;
  name: string;
  username: string;
  token: string;
  baseUrl: string;
  storeName: string;
  hours: number;
  locale?: MailLocale;
}): MailMessage {
  const link = `${opts.baseUrl}${prefix(opts.locale)}/email/verify/${encodeURIComponent(opts.username)}?token=${opts.token}`;
  return layout(
    opts.to,
    `تأیید نشانی ایمیل — ${opts.storeName} / Verify your e-mail`,
    [
      `${opts.name} عزیز، به ${opts.storeName} خوش آمدید.`,
      `برای تأیید نشانی ایمیل خود روی پیوند زیر بزنید. این پیوند تا ${opts.hours} ساعت معتبر است.`,
      `Welcome to ${opts.storeName}. Open the link below to verify your e-mail address (valid for ${opts.hours} hours).`,
    ],
    link,
    'تأیید ایمیل / Verify e-mail',
  );
}

export function resetMail(opts: {
  to: string;
  name: string;
  token: string;
  baseUrl: string;
  storeName: string;
  minutes: number;
  locale?: MailLocale;
}): MailMessage {
  const link = `${opts.baseUrl}${prefix(opts.locale)}/password/reset/${opts.token}`;
  return layout(
    opts.to,
    `بازیابی رمز عبور — ${opts.storeName} / Reset your password`,
    [
      `${opts.name} عزیز، درخواست بازیابی رمز عبور حساب شما در ${opts.storeName} رسید.`,
      `برای گذاشتن رمز تازه روی پیوند زیر بزنید. این پیوند یک بار و تا ${opts.minutes} دقیقه کار می‌کند. اگر شما درخواست نداده‌اید، این ایمیل را نادیده بگیرید.`,
      `Someone asked to reset your ${opts.storeName} password. The link below works once, for ${opts.minutes} minutes. If it was not you, ignore this mail.`,
    ],
    link,
    'گذاشتن رمز تازه / Set a new password',
  );
}
