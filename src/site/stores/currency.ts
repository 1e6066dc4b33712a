/**
 * The shopper's currency preference (spec §1): EUR, GBP, USD or RUB, USD by default, kept in
 * localStorage under "currency" (spec §9 persisted keys). Prices stay in toman; the chosen currency's
 * approximation is shown beside them (src/lib/currency.ts, header/shell/currency.ts).
 */
import { persistentAtom } from '@nanostores/persistent';
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from '../../lib/currency';

export { CURRENCIES, type CurrencyCode };
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export const $currency = persistentAtom<CurrencyCode>('currency', DEFAULT_CURRENCY, {
  encode: (v) => v,
  // Anything else found under the key (an old format, a hand edit) falls back to the default.
  decode: (v) => (isCurrencyCode(v) ? v : DEFAULT_CURRENCY),
});
