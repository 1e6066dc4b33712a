/** Texts of the contact form and its captcha: Persian first, English for /en and /ru. */
import type { Locale } from '~/lib/locales';
export type FormsLocale = Locale;

const fa = {
  title: 'ارسال پیام',
  name: 'نام',
  email: 'ایمیل',
  subject: 'موضوع',
  comment: 'پیام',
  send: 'ارسال پیام',
  sending: 'در حال ارسال…',
  required: 'لطفاً این فیلد را پر کنید',
  errorsTitle: 'لطفاً خطاهای زیر را اصلاح کنید:',
  sent: 'پیام شما با موفقیت ارسال شد.',
  network: 'ارتباط با سرور برقرار نشد؛ لطفاً دوباره تلاش کنید.',
  captcha: {
    label: 'من ربات نیستم',
    verifying: 'در حال بررسی…',
    verified: 'تأیید شد',
    missing: 'لطفاً کپچا را تأیید کنید.',
    invalid: 'کپچا نامعتبر است؛ لطفاً دوباره تأیید کنید.',
    expired: 'زمان کپچا گذشته است؛ لطفاً دوباره تأیید کنید.',
    noKey: 'ReCaptcha error: No key provided',
    noVersion: 'ReCaptcha error: No version provided',
    loadFailed: 'ReCaptcha error: Failed to load script',
    execFailed: 'ReCaptcha error: Failed to execute',
    protectedBy: 'محافظت‌شده با اثبات کار (ALTCHA)',
  },
};
type Texts = typeof fa;

const en: Texts = {
  title: 'Send a message',
  name: 'Name',
  email: 'E-mail',
  subject: 'Subject',
  comment: 'Message',
  send: 'Send message',
  sending: 'Sending…',
  required: 'Please Fill Out The Field',
  errorsTitle: 'Please correct the following error(s):',
  sent: 'Your message was sent.',
  network: 'Could not connect to server.',
  captcha: {
    label: "I'm not a robot",
    verifying: 'Verifying…',
    verified: 'Verified',
    missing: 'Confirm recaptcha',
    invalid: 'Invalid Recaptcha',
    expired: 'Recaptcha Expired',
    noKey: 'ReCaptcha error: No key provided',
    noVersion: 'ReCaptcha error: No version provided',
    loadFailed: 'ReCaptcha error: Failed to load script',
    execFailed: 'ReCaptcha error: Failed to execute',
    protectedBy: 'Protected by proof of work (ALTCHA)',
  },
};

export const formTexts = (locale: FormsLocale): Texts => (locale === 'fa' ? fa : en);
