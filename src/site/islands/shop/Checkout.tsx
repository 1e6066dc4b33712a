/** /shop/checkout: an address of the account and a required shipping method → the enquiry. */
import { useEffect, useState } from 'react';
import type { Cart } from '../../../api/schemas/shop';
import { shippingCost, type ShippingMethod, type ShippingRates } from '../../../lib/shipping';
import { clearCartMirror, mirrorServerCart, $cart } from '../../stores/cart';
import { useStore } from '@nanostores/react';
import { useCustomer } from '../account/useCustomer';
import { call, CallError } from './api';
import { CartLines } from './CartLines';
import { pathIn, shopTexts, toman, type ShopLocale } from './texts';

interface Address { id: number; name: string; address: string; city: { name: string }; province: { name: string }; default: boolean }
interface Options { shippingMethods: { id: ShippingMethod; title: string; price: number; freeFrom: number | null }[] }

export default function Checkout({ locale }: { locale: ShopLocale }) {
  const t = shopTexts(locale);
  const user = useCustomer(locale);
  const cart = useStore($cart);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [options, setOptions] = useState<Options | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [method, setMethod] = useState<ShippingMethod | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user) return;
    call<Cart>('GET', '/cart').then(mirrorServerCart).catch(() => undefined);
    call<{ data: Address[] }>('GET', '/dashboard/address').then((r) => {
      setAddresses(r.data);
      setAddressId(r.data.find((a) => a.default)?.id ?? r.data[0]?.id ?? null);
    }).catch(() => setAddresses([]));
    call<{ data: Options }>('GET', '/checkout/options').then((r) => setOptions(r.data)).catch(() => undefined);
  }, [user]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!addressId) missing.address_id = t.required;
    if (!method) missing.shipping_method = t.required;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const res = await call<{ data: { factorNumber: string } }>('POST', '/order', { address_id: addressId, shipping_method: method, note: note || undefined, locale });
      await clearCartMirror();
      location.assign(pathIn(locale, `/shop/checkout/prefactor/${res.data.factorNumber}`));
    } catch (err) {
      if (err instanceof CallError) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])) || { form: err.message });
      if (err instanceof CallError && Object.keys(err.errors).length === 0) setErrors({ form: err.message || t.error });
    } finally {
      setBusy(false);
    }
  }

  if (!user || !addresses || !options) return <p>{t.loading}</p>;
  if (cart.items.length === 0) return <p>{t.emptyCart}</p>;
  const rates = Object.fromEntries(options.shippingMethods.map((m) => [m.id, { price: m.price, freeFrom: m.freeFrom }])) as ShippingRates;
  return (
    <form className="checkout" onSubmit={submit} noValidate>
      <CartLines items={cart.items} locale={locale} />
      <fieldset>
        <legend>{t.address}</legend>
        {addresses.length === 0 && <p>{t.noAddress} <a href={pathIn(locale, '/account/addresses/create')}>{t.addAddress}</a></p>}
        {addresses.map((a) => (
          <label key={a.id} className="choice">
            <input type="radio" name="address_id" value={a.id} checked={addressId === a.id} onChange={() => setAddressId(a.id)} />
            <span><strong>{a.name}</strong> — {a.province.name}، {a.city.name}، {a.address}</span>
          </label>
        ))}
        {errors.address_id && <p className="field-error" role="alert">{errors.address_id}</p>}
      </fieldset>
      <fieldset>
        <legend>{t.shippingMethod}</legend>
        {options.shippingMethods.map((m) => {
          const cost = shippingCost(m.id, cart.total, rates);
          return (
            <label key={m.id} className="choice">
              <input type="radio" name="shipping_method" value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} />
              <span>{m.title} — {cost === 0 ? t.free : toman(locale, cost)}</span>
            </label>
          );
        })}
        {errors.shipping_method && <p className="field-error" role="alert">{errors.shipping_method}</p>}
      </fieldset>
      <label className="field">{t.note}<textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} /></label>
      {(errors.form || errors.cart) && <p className="field-error" role="alert">{errors.form || errors.cart}</p>}
      <button type="submit" className="button button--primary" disabled={busy}>{t.sendEnquiry}</button>
    </form>
  );
}
