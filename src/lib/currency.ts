/**
 * The currency selector's approximate prices (spec §1): prices are toman; a shopper who picks EUR,
 * GBP, USD or RUB sees an approximation beside the toman price, at the rate the store configures
 * (CURRENCY_RATES_TOMAN: toman per unit). Without a rate for a currency nothing is approximated.
 */
import { rialsToToman } from './money';

export const CURRENCIES = [
  { code: 'EUR', symbol: '€', name: 'Euro', nameFa: 'یورو' },
  { code: 'GBP', symbol: '£', name: 'Pound Sterling', nameFa: 'پوند استرلینگ' },
  { code: 'USD', symbol: '$', name: 'US Dollar', nameFa: 'دلار آمریکا' },
  { code: 'RUB', symbol: '₽', name: 'Russian Ruble', nameFa: 'روبل روسیه' },
] as const;
export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [CurrencyCode, ...CurrencyCode[]];

/** Toman per one unit of each currency the store has a rate for. */
export type CurrencyRates = Partial<Record<CurrencyCode, number>>;

export const isCurrencyCode = (v: string): v is CurrencyCode => CURRENCY_CODES.includes(v as CurrencyCode);

/**
 * "USD=105000, EUR=115000" → { USD: 105000, EUR: 115000 }; the problems found (unknown code, a rate
 * that is not a positive number, a code twice) come back as messages instead.
 */
export function parseCurrencyRates(text: string): { ok: true; rates: CurrencyRates } | { ok: false; problems: string[] } {
  const rates: CurrencyRates = {};
  const problems: string[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]{3})\s*=\s*([0-9]+(?:\.[0-9]+)?)$/.exec(part);
    const code = match?.[1]!.toUpperCase() ?? '';
    if (!match) problems.push(`"${part}" is not CODE=toman`);
    else if (!isCurrencyCode(code)) problems.push(`${code} is not one of ${CURRENCY_CODES.join(', ')}`);
    else if (rates[code] !== undefined) problems.push(`${code} is given twice`);
    else if (!(Number(match[2]) > 0)) problems.push(`${code} needs a rate above zero`);
    else rates[code] = Number(match[2]);
  }
  return problems.length ? { ok: false, problems } : { ok: true, rates };
}

/** A rial amount in the currency, rounded to cents; null when the store set no rate for it. */
export function approximateIn(rials: number, code: CurrencyCode, rates: CurrencyRates): number | null {
  const rate = rates[code];
  if (!rate || !Number.isFinite(rials)) return null;
  return Math.round((rialsToToman(rials) / rate) * 100) / 100;
}

/**
 * "≈ $12.34" (spec §9: two decimals with the currency's symbol, thousands grouped); Persian digits and
 * separators on Persian pages, as Intl's fa-IR writes them. Written out rather than through Intl: the
 * header labels every price with it as a page loads, and a page's first Intl object costs the browser
 * tens of milliseconds.
 */
export function formatApproximate(amount: number, code: CurrencyCode, locale: 'fa' | 'en' | 'ru'): string {
  const symbol = CURRENCIES.find((c) => c.code === code)!.symbol;
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const latin = `${amount < 0 ? '-' : ''}${grouped}.${cents}`;
  const digits =
    locale === 'fa'
      ? latin.replace(/[0-9,.-]/g, (c) =>
          c === ',' ? '\u066c' : c === '.' ? '\u066b' : c === '-' ? '\u200e\u2212' : String.fromCharCode(0x06f0 + Number(c)),
        )
      : latin;
  return `≈ ${symbol}${digits}`;
}
