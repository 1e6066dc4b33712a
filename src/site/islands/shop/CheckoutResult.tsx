/**
 * /shop/checkout/success/{trackingCode}/{refId} (four meta items), /shop/checkout/fail/{factorNumber}
 * (with ?reason={code}: why the payment was not applied) and /shop/checkout/sadad/{OrderId}/{ResCode}/{token} (hands Sadad's return to the API callback).
 */
import { useEffect, useState } from 'react';
import { call, type ApiResponse } from '../ui/api';
import { dateText, pathIn, segmentsAfter, shopTexts, type ShopLocale } from './texts';

type Tracked = ApiResponse<'GET', '/track-order/{code}'>['data'];

export default function CheckoutResult({ locale, kind }: { locale: ShopLocale; kind: 'success' | 'fail' | 'sadad' }) {
  const t = shopTexts(locale);
  const [tracked, setTracked] = useState<Tracked | null>(null);
  const segments = typeof location === 'undefined' ? [] : segmentsAfter(`/shop/checkout/${kind}`);

  useEffect(() => {
    if (kind === 'sadad') {
      const [OrderId = '', ResCode = '', token = ''] = segments;
      location.replace(`/api/site/v1/callback_sadad?${new URLSearchParams({ OrderId, ResCode, token })}`);
    }
    if (kind === 'success' && segments[0])
      call('GET', '/track-order/{code}', { params: { code: segments[0] } })
        .then((r) => setTracked(r.data))
        .catch(() => undefined);
  }, []);

  if (kind === 'sadad') return <p>{t.loading}</p>;
  if (kind === 'fail') {
    const factor = segments[0];
    const code = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('reason');
    const reason = code && Object.hasOwn(t.failReasons, code) ? t.failReasons[code as keyof typeof t.failReasons] : null;
    return (
      <div className="checkout-result checkout-result--fail">
        <h1>{t.failTitle}</h1>
        {reason && <p data-testid="fail-reason">{reason}</p>}
        <p>{t.failText}</p>
        {factor && (
          <p>
            <a className="button" href={pathIn(locale, `/shop/checkout/prefactor/${factor}`)}>
              {t.retry}
            </a>
          </p>
        )}
      </div>
    );
  }
  const [trackingCode = '', refId = ''] = segments;
  return (
    <div className="checkout-result checkout-result--success">
      <h1>{t.successTitle}</h1>
      <ul className="order-meta">
        <li>
          <span>{t.trackingCode}</span>
          <strong dir="ltr">{trackingCode}</strong>
        </li>
        <li>
          <span>{t.refId}</span>
          <strong dir="ltr" data-testid="ref-id">
            {refId}
          </strong>
        </li>
        <li>
          <span>{t.factorNumber}</span>
          <strong dir="ltr">{tracked?.factorNumber ?? '…'}</strong>
        </li>
        <li>
          <span>{t.date}</span>
          <strong>{tracked ? dateText(locale, tracked.date) : '…'}</strong>
        </li>
      </ul>
      {tracked && (
        <p>
          <a className="button button--primary" href={`/api/site/v1/dashboard/factor/download/${tracked.factorNumber}`} download>
            {t.downloadInvoice}
          </a>{' '}
          <a className="button" href={pathIn(locale, `/account/orders/${tracked.factorNumber}`)}>
            {t.details}
          </a>
        </p>
      )}
    </div>
  );
}
