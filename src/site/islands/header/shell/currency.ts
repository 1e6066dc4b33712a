/**
 * The currency selector (spec §1): the static <select> shows the default; the stored choice
 * (persisted as "currency") is shown once the script runs, and a change is stored. Every price the
 * pages and islands mark with data-rials gets the chosen currency's approximation after it (toman
 * stays first), at the rates the store configured (the select's data-rates); islands that render
 * or change a price later are caught by a MutationObserver.
 */
import { approximateIn, formatApproximate, type CurrencyRates } from '../../../../lib/currency';
import { $currency, CURRENCIES, type CurrencyCode } from '../../../stores/currency';
import type { Locale } from '../../ui/locale';

export function currencySelect(select: HTMLSelectElement, locale: Locale): void {
  const rates = JSON.parse(select.dataset.rates ?? '{}') as CurrencyRates;
  const label = (el: HTMLElement, code: CurrencyCode) => {
    const amount = approximateIn(Number(el.dataset.rials), code, rates);
    const text = amount === null ? '' : formatApproximate(amount, code, locale);
    if (text) {
      if (el.dataset.approx !== text) el.dataset.approx = text;
    } else if (el.dataset.approx !== undefined) delete el.dataset.approx;
  };
  const labelAll = () => {
    for (const el of document.querySelectorAll<HTMLElement>('[data-rials]')) label(el, $currency.get());
  };
  $currency.subscribe((code) => {
    select.value = code;
    labelAll();
  });
  select.addEventListener('change', () => {
    if (CURRENCIES.some((c) => c.code === select.value)) $currency.set(select.value as CurrencyCode);
  });
  let pending = false;
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      labelAll();
    });
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-rials'] });
}
