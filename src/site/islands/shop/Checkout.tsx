/**
 * /shop/checkout: an address of the account and a required shipping method → the enquiry. Before it is
 * sent the customer sees the goods total, the discount, the VAT inside, every method's shipping and
 * grand total for the chosen address (the courier only in the store's city), and the amount to pay.
 */
import { useEffect, useState } from 'react';
import { shippingMethodsFor, shippingQuotes, type ShippingMethod } from '../../../lib/shipping';
import { freeShippingSentence, untilFreeSentences } from '../../../lib/shipping-terms';
import { clearCartMirror, $cart } from '../../stores/cart';
import { refreshCart } from './api';
import { useStore } from '@nanostores/react';
import { useCustomer } from '../account/useCustomer';
import { call, CallError, type ApiBody } from '../ui/api';
import { CartLines } from './CartLines';
import { checkoutTexts } from './checkout-texts';
import { num, pathIn, shopTexts, toman, type ShopLocale } from './texts';
import { ratesOf, type CheckoutOptions } from './useCheckoutOptions';

interface Address {
  id: number;
  name: string;
  address: string;
  city: { name: string };
  province: { name: string };
  default: boolean;
}

export default function Checkout({ locale }: { locale: ShopLocale }) {
  const t = shopTexts(locale);
  const c = checkoutTexts(locale);
  const user = useCustomer(locale);
  const cart = useStore($cart);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [options, setOptions] = useState<CheckoutOptions | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [method, setMethod] = useState<ShippingMethod | null>(null);
  const [note, setNote] = useState('');
  const [buyer, setBuyer] = useState({ company: '', national_id: '', economic_code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user) return;
    refreshCart().catch(() => undefined);
    call('GET', '/dashboard/address')
      .then((r) => {
        setAddresses(r.data);
        setAddressId(r.data.find((a) => a.default)?.id ?? r.data[0]?.id ?? null);
      })
      .catch(() => setAddresses([]));
    call('GET', '/checkout/options')
      .then((r) => setOptions(r.data))
      .catch(() => undefined);
  }, [user]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!addressId) missing.address_id = t.required;
    const city = addresses?.find((a) => a.id === addressId)?.city.name ?? '';
    // A method the chosen address cannot have (the courier outside the store's city) counts as none chosen.
    if (!method || (options && !shippingMethodsFor(city, options.storeCity).includes(method))) missing.shipping_method = t.required;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const official = buyer.company || buyer.national_id || buyer.economic_code ? buyer : undefined;
      const res = await call('POST', '/order', {
        body: { address_id: addressId, shipping_method: method, note: note || undefined, locale, buyer: official } as ApiBody<
          'POST',
          '/order'
        >,
      });
      await clearCartMirror();
      location.assign(pathIn(locale, `/shop/checkout/prefactor/${res.data.factorNumber}`));
    } catch (err) {
      if (err instanceof CallError)
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])) || { form: err.message });
      if (err instanceof CallError && Object.keys(err.errors).length === 0) setErrors({ form: err.message || t.error });
      // A code used up meanwhile: the cart is priced again without it, so the totals shown are what would be charged.
      if (err instanceof CallError && err.errors.discount_code) refreshCart().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  if (!user || !addresses || !options) return <p>{t.loading}</p>;
  if (cart.items.length === 0) return <p>{t.emptyCart}</p>;
  const rates = ratesOf(options);
  const address = addresses.find((a) => a.id === addressId) ?? null;
  const allowed = shippingMethodsFor(address?.city.name ?? '', options.storeCity);
  const quotes = shippingQuotes(
    cart.total,
    options.shippingMethods.map((m) => m.id),
    rates,
  );
  const chosen = method && allowed.includes(method) ? (quotes.find((q) => q.method === method) ?? null) : null;
  const discount = cart.totals.find((e) => e.type === 'discount');
  // The address book's cities are Persian: the courier rule compares with storeCity, the page shows its own language's name.
  const cityShown = locale === 'fa' ? options.storeCity : options.storeCityEn;
  const until = untilFreeSentences(cart.total, rates, cityShown, locale);
  const field = (key: keyof typeof buyer, label: string, dir?: 'ltr') => (
    <label className="field">
      {label}
      <input
        name={`buyer.${key}`}
        dir={dir}
        value={buyer[key]}
        onChange={(e) => setBuyer({ ...buyer, [key]: e.target.value })}
        aria-invalid={!!errors[`buyer.${key}`]}
      />
      {errors[`buyer.${key}`] && (
        <span className="field-error" role="alert">
          {errors[`buyer.${key}`]}
        </span>
      )}
    </label>
  );
  return (
    <form className="checkout" onSubmit={submit} noValidate>
      <CartLines items={cart.items} locale={locale} />
      <fieldset>
        <legend>{t.address}</legend>
        {addresses.length === 0 && (
          <p>
            {t.noAddress} <a href={pathIn(locale, '/account/addresses/create')}>{t.addAddress}</a>
          </p>
        )}
        {addresses.map((a) => (
          <label key={a.id} className="choice">
            <input type="radio" name="address_id" value={a.id} checked={addressId === a.id} onChange={() => setAddressId(a.id)} />
            <span>
              <strong>{a.name}</strong> — {[a.province.name, a.city.name, a.address].join(locale === 'fa' ? '، ' : ', ')}
            </span>
          </label>
        ))}
        {errors.address_id && (
          <p className="field-error" role="alert">
            {errors.address_id}
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>{t.shippingMethod}</legend>
        <table className="cart-table checkout-methods" data-testid="checkout-methods">
          <thead>
            <tr>
              <th scope="col">{c.method}</th>
              <th scope="col">{c.shippingCost}</th>
              <th scope="col">{c.grandTotal}</th>
            </tr>
          </thead>
          <tbody>
            {options.shippingMethods.map((m) => {
              const q = quotes.find((x) => x.method === m.id)!;
              const ok = allowed.includes(m.id);
              return (
                <tr key={m.id} data-method={m.id} className={ok ? '' : 'line--unavailable'}>
                  <th scope="row">
                    <label className="choice">
                      <input
                        type="radio"
                        name="shipping_method"
                        value={m.id}
                        checked={method === m.id && ok}
                        disabled={!ok}
                        onChange={() => setMethod(m.id)}
                      />
                      <span>
                        {locale === 'fa' ? m.title : m.titleEn}
                        {!ok && <small> — {c.notForAddress(cityShown)}</small>}
                      </span>
                    </label>
                  </th>
                  <td data-testid={`shipping-${m.id}`}>{q.cost === 0 ? t.free : toman(locale, q.cost)}</td>
                  <td data-testid={`total-${m.id}`}>{toman(locale, q.total)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="shipping-terms">{freeShippingSentence(rates, cityShown, locale)}</p>
        {until.length > 0 && (
          <ul className="shipping-estimate__until">
            {until.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        )}
        {errors.shipping_method && (
          <p className="field-error" role="alert">
            {errors.shipping_method}
          </p>
        )}
      </fieldset>
      <dl className="cart-totals checkout-totals" data-testid="checkout-totals">
        <div>
          <dt>{c.goodsTotal}</dt>
          <dd data-testid="checkout-subtotal">{toman(locale, cart.subtotal)}</dd>
        </div>
        {discount && (
          <div>
            <dt>
              {t.discount}
              {cart.discountCode
                ? ` (${cart.discountCode.code}${locale === 'fa' ? '، ' : ', '}${num(locale, cart.discountCode.percent)}${locale === 'fa' ? '٪' : '%'})`
                : ''}
            </dt>
            <dd data-testid="checkout-discount">{toman(locale, discount.price)}</dd>
          </div>
        )}
        <div>
          <dt>{c.vatIncluded}</dt>
          <dd data-testid="checkout-vat">{toman(locale, cart.vatIncluded ?? 0)}</dd>
        </div>
        <div>
          <dt>{t.shipping}</dt>
          <dd data-testid="checkout-shipping">
            {chosen ? (chosen.cost === 0 ? t.free : toman(locale, chosen.cost)) : c.chooseMethodFirst}
          </dd>
        </div>
        <div className="cart-totals__total">
          <dt>{c.payable}</dt>
          <dd data-testid="checkout-total">{chosen ? toman(locale, chosen.total) : '—'}</dd>
        </div>
      </dl>
      {cart.discountProblem && (
        <p className="field-error" role="alert">
          {cart.discountProblem}
        </p>
      )}
      <details className="official-invoice">
        <summary>{c.officialInvoice}</summary>
        {field('company', c.company)}
        {field('national_id', c.nationalId, 'ltr')}
        {field('economic_code', c.economicCode, 'ltr')}
      </details>
      <label className="field">
        {t.note}
        <textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} />
      </label>
      {(errors.form || errors.cart || errors.discount_code) && (
        <p className="field-error" role="alert">
          {errors.form || errors.cart || errors.discount_code}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {t.sendEnquiry}
      </button>
    </form>
  );
}
