/**
 * One pre-invoice / invoice of the customer (/shop/checkout/prefactor/{n} and /account/orders/{n}):
 * state label and colour, lines, amounts, expiry; when payable, the payment choice modal (ZarinPal,
 * Sadad, bank transfer); when paid, the invoice PDF.
 */
import { useEffect, useState } from 'react';
import type { FactorDetail } from '../../../api/schemas/shop';
import { useCustomer } from '../account/useCustomer';
import { call, CallError } from '../ui/api';
import FactorTimeline from './FactorTimeline';
import PartText from '../ui/PartText';
import { PaymentModal } from './PaymentModal';
import { checkoutTexts } from './checkout-texts';
import { changeSummaryText } from '../../../lib/pre-invoice-changes';
import { isShippingMethod, SHIPPING_TITLES } from '../../../lib/shipping';
import { dateText, num, pathIn, segmentsAfter, shopTexts, toman, type ShopLocale } from './texts';

export default function FactorView({ locale, prefix }: { locale: ShopLocale; prefix: string }) {
  const t = shopTexts(locale);
  const c = checkoutTexts(locale);
  const user = useCustomer(locale);
  const [factor, setFactor] = useState<FactorDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [paying, setPaying] = useState(false);
  const number = segmentsAfter(prefix)[0] ?? '';

  const load = () =>
    call('GET', '/dashboard/factor/detail/{id}', { params: { id: number } })
      .then((r) => setFactor(r.data))
      .catch(() => setMissing(true));
  useEffect(() => {
    if (user) void load();
  }, [user]);

  async function askAgain() {
    try {
      await call('POST', '/dashboard/factor/inventoryRequest/{id}', { params: { id: number } });
      await load();
    } catch (err) {
      if (err instanceof CallError) window.alert(err.message);
    }
  }

  if (missing) return <p role="alert">{t.notFound}</p>;
  if (!factor) return <p>{t.loading}</p>;
  // What the store changed, written in this page's language from the counts the API sends.
  const summary = factor.changes ? changeSummaryText(factor.changes, (r) => toman(locale, r), locale === 'fa' ? 'fa' : 'en') : [];
  return (
    <div className="factor" data-state={factor.state}>
      <dl className="factor__meta">
        <div>
          <dt>{t.factorNumber}</dt>
          <dd dir="ltr">{factor.factorNumber}</dd>
        </div>
        <div>
          <dt>{t.trackingCode}</dt>
          <dd dir="ltr">{factor.trackingCode}</dd>
        </div>
        <div>
          <dt>{t.date}</dt>
          <dd>{dateText(locale, factor.date)}</dd>
        </div>
        <div>
          <dt>{t.state}</dt>
          <dd>
            <span className={`state state--${factor.stateColour}`} data-testid="factor-state">
              {t.states[factor.state] ?? factor.stateLabel}
            </span>
          </dd>
        </div>
        {factor.expiresAt && factor.state === 'confirmed' && (
          <div>
            <dt>{t.expiresAt}</dt>
            <dd>{dateText(locale, factor.expiresAt)}</dd>
          </div>
        )}
      </dl>
      {factor.state === 'awaiting_approval' && <p className="notice">{t.awaitingText}</p>}
      {factor.state === 'expired' && (
        <p className="notice notice--red">
          {t.expiredText}{' '}
          <button type="button" className="link-button" onClick={askAgain}>
            {t.askAgain}
          </button>
        </p>
      )}
      {factor.state === 'contact_store' && (
        <p className="notice notice--red">
          {t.contactText}{' '}
          <button type="button" className="link-button" onClick={askAgain}>
            {t.askAgain}
          </button>
        </p>
      )}
      {summary.length > 0 && (
        <section className="notice factor__changes" aria-label={c.changes} data-testid="change-summary">
          <h2>{c.changes}</h2>
          <ul>
            {summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            <th scope="col">{c.requested}</th>
            <th scope="col">{c.confirmed}</th>
            <th scope="col">{t.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {factor.lines.map((l) => (
            <tr key={l.id} className={l.available ? '' : 'line--unavailable'} data-changes={l.changes.join(' ')}>
              <td>
                <a href={pathIn(locale, `/shop/products/${l.product.slug}`)}>
                  <PartText text={locale === 'fa' ? l.product.nameFa : l.product.name} partNumber={l.product.partNumber} locale={locale} />
                </a>{' '}
                <span dir="ltr" className="pn">
                  {l.product.partNumber}
                </span>
                {!l.available && <span className="badge badge--unavailable">{t.unavailable}</span>}
                {l.changes.some((k) => k !== 'unchanged' && k !== 'unavailable') && (
                  <span className="badge">{l.changes.map((k) => c.changeLabels[k]).join(locale === 'fa' ? '، ' : ', ')}</span>
                )}
                {l.reference && (
                  <small className="cart-line__reference" data-testid="factor-line-reference">
                    {t.reference}: <bdi dir="auto">{l.reference}</bdi>
                  </small>
                )}
              </td>
              <td data-testid="line-requested">
                {num(locale, l.requestedQuantity)} × {toman(locale, l.requestedUnitPrice)}
              </td>
              <td data-testid="line-confirmed">
                {l.available ? (
                  <>
                    {num(locale, l.quantity)} × {toman(locale, l.unitPrice)}
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>{toman(locale, l.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="cart-totals">
        <div>
          <dt>{t.subtotal}</dt>
          <dd>{toman(locale, factor.subtotal)}</dd>
        </div>
        {factor.discount > 0 && (
          <div>
            <dt>
              {t.discount}
              {factor.discountCode ? ` (${factor.discountCode})` : ''}
            </dt>
            <dd>{toman(locale, -factor.discount)}</dd>
          </div>
        )}
        <div>
          <dt>
            {t.shipping} (
            {locale !== 'fa' && isShippingMethod(factor.shippingMethod) ? SHIPPING_TITLES[factor.shippingMethod].en : factor.shippingTitle})
          </dt>
          <dd>{factor.shipping === 0 ? t.free : toman(locale, factor.shipping)}</dd>
        </div>
        <div>
          <dt>{t.vat}</dt>
          <dd>{toman(locale, factor.vat)}</dd>
        </div>
        <div className="cart-totals__total">
          <dt>{t.total}</dt>
          <dd data-testid="factor-total">{toman(locale, factor.total)}</dd>
        </div>
        {factor.enquiry && summary.length > 0 && factor.enquiry.shipping !== factor.shipping && (
          <div>
            <dt>{c.shippingWas}</dt>
            <dd>{factor.enquiry.shipping === 0 ? t.free : toman(locale, factor.enquiry.shipping)}</dd>
          </div>
        )}
        {factor.enquiry && summary.length > 0 && factor.enquiry.total !== factor.total && (
          <div>
            <dt>{c.enquiryTotal}</dt>
            <dd data-testid="enquiry-total">{toman(locale, factor.enquiry.total)}</dd>
          </div>
        )}
      </dl>
      {factor.state === 'confirmed' && factor.orderToken && (
        <button type="button" className="button button--primary" onClick={() => setPaying(true)}>
          {t.pay}
        </button>
      )}
      {factor.paid && (
        <a className="button" href={`/api/site/v1/dashboard/factor/download/${factor.factorNumber}`} download>
          {t.downloadInvoice}
        </a>
      )}
      {paying && <PaymentModal factor={factor} locale={locale} onClose={() => setPaying(false)} />}
      <FactorTimeline factor={factor} locale={locale} />
    </div>
  );
}
