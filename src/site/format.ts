/**
 * How numbers, money and dates are shown per language: Persian digits and Jalali dates in Persian,
 * Latin digits and Gregorian dates elsewhere. Money arrives in rials and is shown in toman.
 */
import { formatToman } from '../lib/money';
import type { Locale } from './i18n';

/**
 * A formatter made on first use, not when the module loads: the first Intl object of a page costs
 * the browser tens of milliseconds (its locale data is set up then), and the header imports this
 * module on every page, where at load nothing may need a number formatted at all.
 */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const faNumber = lazy(() => new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0, useGrouping: false }));
const faGrouped = lazy(() => new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 }));
const enGrouped = lazy(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

/** A count or quantity: "۱۲۵۰" → grouped "۱٬۲۵۰" in Persian, "1,250" otherwise. */
export function formatNumber(n: number, locale: Locale, grouped = true): string {
  if (locale === 'fa') return (grouped ? faGrouped : faNumber)().format(n);
  return enGrouped().format(n);
}

/** Replaces the ASCII digits inside free text (e.g. from the API) with Persian ones in Persian pages. */
export function localDigits(text: string, locale: Locale): string {
  if (locale !== 'fa') return text;
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
}

export const formatPrice = (rials: number, locale: Locale): string => formatToman(rials, locale);

const faDate = lazy(() => new Intl.DateTimeFormat('fa-IR-u-ca-persian', { year: 'numeric', month: 'long', day: 'numeric' }));
const enDate = lazy(() => new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric' }));

/** An ISO date or timestamp: Jalali in Persian ("۲ آذر ۱۴۰۵"), Gregorian otherwise. */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (locale === 'fa' ? faDate : enDate)().format(date);
}
