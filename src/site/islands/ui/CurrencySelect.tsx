/** Currency preference (spec §1): EUR, GBP, USD, RUB with symbol and name, USD by default, persisted as "currency". */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $currency, CURRENCIES, DEFAULT_CURRENCY, type CurrencyCode } from '../../stores/currency';
import type { Locale } from './locale';
import { islandTexts } from './texts';

export default function CurrencySelect({ locale }: { locale: Locale }) {
  const stored = useStore($currency);
  // The server renders the default; the stored choice appears once the browser is in charge.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const value = ready ? stored : DEFAULT_CURRENCY;
  return (
    <label className="currency">
      <span className="visually-hidden">{islandTexts(locale).currency}</span>
      <select value={value} onChange={(e) => $currency.set(e.target.value as CurrencyCode)}>
        {CURRENCIES.map((c) => <option key={c.code} value={c.code}>{c.symbol} {c.code} — {c.name}</option>)}
      </select>
    </label>
  );
}
