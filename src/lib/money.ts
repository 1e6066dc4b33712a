/** Money is integer rials everywhere inside; toman (rials / 10) is only how it is shown to shoppers. */
import type { Locale } from './locales';

export const RIALS_PER_TOMAN = 10;

export const tomanToRials = (toman: number): number => Math.round(toman * RIALS_PER_TOMAN);
export const rialsToToman = (rials: number): number => Math.round(rials / RIALS_PER_TOMAN);

// Made on first use: in a browser the page's first Intl object costs tens of milliseconds, and every
// storefront page loads this module with its header whether or not a price is formatted then.
let faToman: Intl.NumberFormat | undefined;
let enToman: Intl.NumberFormat | undefined;

/** The toman amount alone, "۱۵٬۵۰۰" or "15,500" (where the unit is written elsewhere, e.g. a table header). */
export function formatTomanAmount(rials: number, locale: Locale = 'fa'): string {
  const digits =
    locale === 'fa'
      ? (faToman ??= new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 }))
      : (enToman ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));
  return digits.format(rialsToToman(rials));
}

/** "۱۵٬۵۰۰ تومان" in Persian, "15,500 Toman" in English: the one way a price is written for people. */
export function formatToman(rials: number, locale: Locale = 'fa'): string {
  return `${formatTomanAmount(rials, locale)} ${locale === 'fa' ? 'تومان' : 'Toman'}`;
}
