/**
 * The currency selector (spec §1): the static <select> shows the default; the stored choice
 * (persisted as "currency") is shown once the script runs, and a change is stored. Every price the
 * pages and islands mark with data-rials gets the chosen currency's approximation after it (a rule of a
 * constructed style sheet) (toman
 * stays first), at the rates the store configured (the select's data-rates); islands that render
 * or change a price later are caught by the page's one MutationObserver (page-changes.ts).
 */
import { approximateIn, formatApproximate, type CurrencyRates } from '../../../../lib/currency';
import { $currency, CURRENCIES, type CurrencyCode } from '../../../stores/currency';
import type { Locale } from '../../ui/locale';
import { onPageChange } from './page-changes';

export function currencySelect(select: HTMLSelectElement, locale: Locale): void {
  const rates = JSON.parse(select.dataset.rates ?? '{}') as CurrencyRates;
  // The approximations are style rules, one per price on the page, not attributes on the prices: a price
  // inside an island that has not hydrated yet must stay exactly as the server rendered it, or React
  // reports a hydration mismatch. A constructed sheet changes no element at all.
  const sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  let shown = '';
  const labelAll = () => {
    const code = $currency.get();
    const rials = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('[data-rials]')) if (el.dataset.rials) rials.add(el.dataset.rials);
    const rules: string[] = [];
    for (const value of rials) {
      const amount = approximateIn(Number(value), code, rates);
      if (amount !== null)
        rules.push(`[data-rials="${CSS.escape(value)}"]::after { content: ${JSON.stringify(formatApproximate(amount, code, locale))}; }`);
    }
    const css = rules.join('\n');
    if (css !== shown) sheet.replaceSync((shown = css));
  };
  $currency.subscribe((code) => {
    select.value = code;
    labelAll();
  });
  select.addEventListener('change', () => {
    if (CURRENCIES.some((c) => c.code === select.value)) $currency.set(select.value as CurrencyCode);
  });
  onPageChange(labelAll);
}
