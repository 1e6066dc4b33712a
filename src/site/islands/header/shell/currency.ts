/**
 * The currency selector (spec §1): the static <select> shows the default; the stored choice
 * (persisted as "currency") is shown once the script runs, and a change is stored.
 */
import { $currency, CURRENCIES, type CurrencyCode } from '../../../stores/currency';

export function currencySelect(select: HTMLSelectElement): void {
  $currency.subscribe((code) => { select.value = code; });
  select.addEventListener('change', () => {
    if (CURRENCIES.some((c) => c.code === select.value)) $currency.set(select.value as CurrencyCode);
  });
}
