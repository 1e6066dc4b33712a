/**
 * Payment choice (spec §2 modals): ZarinPal or Sadad through the spec's payment_zarin link (sp = order
 * total, sr = gateway transaction id, token = order token, gateway), or bank transfer with the
 * configured account and card details and a link to the receipt form.
 */
import { useEffect, useState } from 'react';
import type { FactorDetail } from '../../../api/schemas/shop';
import { call } from '../ui/api';
import type { CheckoutOptions } from './useCheckoutOptions';
import { pathIn, shopTexts, type ShopLocale } from './texts';

type Bank = CheckoutOptions['bank'];

export function paymentLink(factor: Pick<FactorDetail, 'total' | 'orderToken' | 'payments'>, gateway: 'zarinpal' | 'sadad'): string {
  const last = factor.payments.at(-1);
  const q = new URLSearchParams({ sp: String(factor.total), sr: String(last?.id ?? 0), token: factor.orderToken ?? '', gateway });
  return `/api/site/v1/payment_zarin?${q}`;
}

export function PaymentModal({ factor, locale, onClose }: { factor: FactorDetail; locale: ShopLocale; onClose(): void }) {
  const t = shopTexts(locale);
  const [bank, setBank] = useState<Bank | null>(null);
  const [showBank, setShowBank] = useState(false);
  useEffect(() => {
    call('GET', '/checkout/options')
      .then((r) => setBank(r.data.bank))
      .catch(() => undefined);
  }, []);
  return (
    <div className="modal" role="dialog" aria-modal="true" aria-label={t.choosePayment}>
      <div className="modal__body">
        <h2>{t.choosePayment}</h2>
        <ul className="payment-choices">
          <li>
            <a className="button" href={paymentLink(factor, 'zarinpal')} data-gateway="zarinpal">
              {t.zarinpal}
            </a>
          </li>
          <li>
            <a className="button" href={paymentLink(factor, 'sadad')} data-gateway="sadad">
              {t.sadad}
            </a>
          </li>
          <li>
            <button type="button" className="button" onClick={() => setShowBank(true)} data-gateway="bank">
              {t.bankTransfer}
            </button>
          </li>
        </ul>
        {showBank && bank && (
          <div className="bank-details" data-testid="bank-details">
            <h3>{t.bankDetails}</h3>
            <dl>
              <div>
                <dt>{t.holder}</dt>
                <dd>
                  {bank.holder} — {bank.bankName}
                </dd>
              </div>
              <div>
                <dt>{t.accountNumber}</dt>
                <dd dir="ltr">{bank.accountNumber}</dd>
              </div>
              <div>
                <dt>{t.cardNumber}</dt>
                <dd dir="ltr">{bank.cardNumber}</dd>
              </div>
              <div>
                <dt>{t.sheba}</dt>
                <dd dir="ltr">{bank.sheba}</dd>
              </div>
            </dl>
            <a
              className="button button--primary"
              href={`${pathIn(locale, '/shop/receipt')}?factor=${factor.factorNumber}&price=${Math.round(factor.total / 10)}`}
            >
              {t.registerReceipt}
            </a>
          </div>
        )}
        <button type="button" className="link-button" onClick={onClose}>
          {t.close}
        </button>
      </div>
    </div>
  );
}
