/**
 * /shop/track-order: a guest enters a tracking code and sees the order's state and shipping. The
 * shipped mail's "Track your order" links here with `?code=…`, which is looked up at once (without it
 * the customer landed on an empty form).
 */
import { useEffect, useState } from 'react';
import { useMounted } from '../ui/useMounted';
import { call, CallError, type ApiResponse } from '../ui/api';
import { dateText, pathIn, shopTexts, type ShopLocale } from './texts';

type Tracked = ApiResponse<'GET', '/track-order/{code}'>['data'];

export default function TrackOrder({ locale }: { locale: ShopLocale }) {
  const t = shopTexts(locale);
  const mounted = useMounted();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Tracked | null>(null);
  const [error, setError] = useState('');
  async function lookUp(value: string) {
    setError('');
    setResult(null);
    if (!value.trim()) return setError(t.required);
    try {
      setResult((await call('GET', '/track-order/{code}', { params: { code: value.trim() } })).data);
    } catch (err) {
      setError(err instanceof CallError && err.status === 404 ? err.message || t.notFound : t.error);
    }
  }
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    await lookUp(code);
  }
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get('code');
    if (linked) {
      setCode(linked);
      void lookUp(linked);
    }
  }, []);
  return (
    <div className="track-order">
      <form onSubmit={submit} className="track-order__form">
        <label htmlFor="track-code">{t.trackingCode}</label>
        <input id="track-code" dir="ltr" value={code} onChange={(e) => setCode(e.target.value)} maxLength={20} />
        <button type="submit" className="button button--primary" disabled={!mounted}>
          {t.track}
        </button>
      </form>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {result && (
        <dl className="factor__meta" data-testid="track-result">
          <div>
            <dt>{t.factorNumber}</dt>
            <dd dir="ltr">{result.factorNumber}</dd>
          </div>
          <div>
            <dt>{t.state}</dt>
            <dd>{t.states[result.state] ?? result.stateLabel}</dd>
          </div>
          <div>
            <dt>{t.shippingStatus}</dt>
            <dd>{t.shippingStatuses[result.shippingStatus] ?? result.shippingStatusLabel}</dd>
          </div>
          {result.shippingTrackingCode && (
            <div>
              <dt>{t.shipmentCode}</dt>
              <dd dir="ltr">{result.shippingTrackingCode}</dd>
            </div>
          )}
          <div>
            <dt>{t.date}</dt>
            <dd>{dateText(locale, result.date)}</dd>
          </div>
        </dl>
      )}
      <p>
        <a href={pathIn(locale, '/shop/receipt')}>{t.receiptTitle}</a>
      </p>
    </div>
  );
}
