/** Small formatting shared by the notification templates: toman, dates in Tehran time, links. */
import { formatToman } from '../../lib/money';
import type { Config } from '../config';
import type { MailLocale } from './mail/layout';

export const money = (rials: number, locale: MailLocale) => formatToman(rials, locale);

const faDate = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  timeZone: 'Asia/Tehran',
  dateStyle: 'long',
  timeStyle: 'short',
  hourCycle: 'h23',
});
const enDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tehran', dateStyle: 'long', timeStyle: 'short' });
/** Tehran time whatever the server's zone: the store and its customers live there. */
export const dateTime = (at: Date, locale: MailLocale) => (locale === 'fa' ? faDate.format(at) : `${enDate.format(at)} (Tehran)`);

const faNumber = new Intl.NumberFormat('fa-IR');
export const num = (n: number, locale: MailLocale) => (locale === 'fa' ? faNumber.format(n) : String(n));

export const base = (config: Pick<Config, 'PUBLIC_BASE_URL'>) => config.PUBLIC_BASE_URL.replace(/\/$/, '');
/** A storefront page in the reader's language (Persian has no prefix). */
export const pageUrl = (config: Pick<Config, 'PUBLIC_BASE_URL'>, locale: MailLocale, path: string) =>
  `${base(config)}${locale === 'en' ? '/en' : ''}${path}`;
export const storeName = (config: Pick<Config, 'STORE_NAME_FA' | 'STORE_NAME_EN'>, locale: MailLocale) =>
  locale === 'fa' ? config.STORE_NAME_FA : config.STORE_NAME_EN;
export const storeAlertEmail = (config: Pick<Config, 'STORE_ALERT_EMAIL' | 'STORE_EMAIL'>) =>
  config.STORE_ALERT_EMAIL ?? config.STORE_EMAIL;

/** The part's name as the reader's language has it, with its part number. */
export const productLabel = (p: { name: string; nameFa: string; partNumber: string }, locale: MailLocale) =>
  `${locale === 'fa' ? p.nameFa || p.name : p.name || p.nameFa} (${p.partNumber})`;
