/**
 * The shopper's currency preference (spec §1): EUR, GBP, USD or RUB, USD by default, kept in
 * localStorage under "currency" (spec §9 persisted keys). Prices stay in toman; the choice is a
 * preference the shop remembers and shows.
 */
import { persistentAtom } from '@nanostores/persistent';

export const CURRENCIES = [
  { code: 'EUR', symbol: '€', name: 'Euro', nameFa: 'یورو' },
  { code: 'GBP', symbol: '£', name: 'Pound Sterling', nameFa: 'پوند استرلینگ' },
  { code: 'USD', symbol: '$', name: 'US Dollar', nameFa: 'دلار آمریکا' },
  { code: 'RUB', symbol: '₽', name: 'Russian Ruble', nameFa: 'روبل روسیه' },
] as const;
export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const known = (v: string): v is CurrencyCode => CURRENCIES.some((c) => c.code === v);

export const $currency = persistentAtom<CurrencyCode>('currency', DEFAULT_CURRENCY, {
  encode: (v) => v,
  // Anything else found under the key (an old format, a hand edit) falls back to the default.
  decode: (v) => (known(v) ? v : DEFAULT_CURRENCY),
});
