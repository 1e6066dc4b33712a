/** /shop/cart: the server cart, quantities edited and saved together, lines removed, then checkout. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $cart, mirrorCartCall } from '../../stores/cart';
import type { ClientCartItem } from '../../stores/cart-state';
import { useCustomer } from '../account/useCustomer';
import { call, CallError } from '../ui/api';
import { refreshCart } from './api';
import { CartLines } from './CartLines';
import { CartTotals } from './CartTotals';
import { DiscountCodeForm } from './DiscountCodeForm';
import { ShippingEstimate } from './ShippingEstimate';
import { useCheckoutOptions } from './useCheckoutOptions';
import { pathIn, shopTexts, type ShopLocale } from './texts';

export default function CartPage({ locale }: { locale: ShopLocale }) {
  const t = shopTexts(locale);
  const user = useCustomer(locale);
  const cart = useStore($cart);
  const [edits, setEdits] = useState<Record<number, number | ''>>({});
  const [loaded, setLoaded] = useState(false);
  const options = useCheckoutOptions();

  useEffect(() => {
    if (!user) return;
    refreshCart()
      .catch(() => undefined)
      .finally(() => setLoaded(true));
  }, [user]);

  async function save() {
    const quantities = cart.items.flatMap((i) => {
      const q = edits[i.id];
      return typeof q === 'number' && q !== i.quantity && i.serverId ? [{ id: i.serverId, quantity: q }] : [];
    });
    if (quantities.length === 0) return;
    try {
      await mirrorCartCall(() => call('POST', '/cartQuantity', { body: { quantities } }));
      setEdits({});
    } catch (err) {
      if (err instanceof CallError && err.status === 422) {
        window.confirm(Object.values(err.errors)[0]?.[0] ?? err.message);
        setEdits({});
      }
    }
  }

  async function saveReference(item: ClientCartItem, reference: string) {
    if (!item.serverId) return;
    try {
      await mirrorCartCall(() => call('POST', '/cart/reference', { body: { id: item.serverId, reference } }));
    } catch (err) {
      if (err instanceof CallError) window.alert(Object.values(err.errors)[0]?.[0] ?? err.message);
    }
  }

  async function remove(item: ClientCartItem) {
    try {
      await mirrorCartCall(() => call('DELETE', '/cart/{productId}', { params: { productId: item.product.id } }));
    } catch {
      /* spec §8: swallowed */
    }
  }

  if (!user || !loaded) return <p>{t.loading}</p>;
  if (cart.items.length === 0) return <p className="cart-empty">{t.emptyCart}</p>;
  return (
    <div className="cart-page">
      <CartLines
        items={cart.items}
        locale={locale}
        edits={edits}
        onEdit={(id, v) => setEdits({ ...edits, [id]: v })}
        onRemove={remove}
        onReference={saveReference}
      />
      <p>
        <button type="button" className="button" onClick={save}>
          {t.update}
        </button>
      </p>
      <DiscountCodeForm locale={locale} applied={cart.discountCode ?? null} problem={cart.discountProblem ?? null} />
      <CartTotals cart={cart} locale={locale} />
      {options && <ShippingEstimate goods={cart.total} options={options} locale={locale} />}
      <a className="button button--primary" href={pathIn(locale, '/shop/checkout')}>
        {t.checkout}
      </a>
    </div>
  );
}
