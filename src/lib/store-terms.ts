/**
 * The store's terms as numbers: the same configuration the code charges by (shipping thresholds and
 * prices, pre-invoice validity, the money-back guarantee, VAT, the largest discount) fills the
 * placeholders of the store-written pages, so the terms page can never promise what checkout does not do.
 * A page body writes {{courier_free_from}}, {{post_price}}, {{preinvoice_hours}} … (TERM_PLACEHOLDERS).
 */
import { MAX_DISCOUNT_PERCENT } from './discount';
import { formatToman } from './money';
import type { ShippingRates } from './shipping';
import { VAT_PERCENT } from './vat';
import type { ContentLocale } from './locales';

export interface StoreTerms {
  shipping: ShippingRates;
  preInvoiceValidHours: number;
  moneyBackHours: number;
}

type Locale = ContentLocale;

const faNumber = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1 });
const enNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const count = (n: number, locale: Locale) => (locale === 'fa' ? faNumber : enNumber).format(n);
const percent = (n: number, locale: Locale) => (locale === 'fa' ? `${count(n, locale)}٪` : `${count(n, locale)}%`);
const moneyOrNever = (rials: number | null, locale: Locale) => (rials === null ? '—' : formatToman(rials, locale));

/** Every placeholder a page may use, with what it becomes. */
export const TERM_PLACEHOLDERS: Record<string, (t: StoreTerms, locale: Locale) => string> = {
  courier_price: (t, l) => formatToman(t.shipping.courier.price, l),
  courier_free_from: (t, l) => moneyOrNever(t.shipping.courier.freeFrom, l),
  post_price: (t, l) => formatToman(t.shipping.post.price, l),
  post_free_from: (t, l) => moneyOrNever(t.shipping.post.freeFrom, l),
  preinvoice_hours: (t, l) => count(t.preInvoiceValidHours, l),
  money_back_hours: (t, l) => count(t.moneyBackHours, l),
  vat_percent: (_t, l) => percent(VAT_PERCENT, l),
  max_discount_percent: (_t, l) => percent(MAX_DISCOUNT_PERCENT, l),
};

/** Fills {{name}} placeholders; an unknown name is left as written, so a typo shows up on the page instead of vanishing. */
export function fillStoreTerms(body: string, terms: StoreTerms, locale: Locale): string {
  return body.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => TERM_PLACEHOLDERS[name]?.(terms, locale) ?? whole);
}
