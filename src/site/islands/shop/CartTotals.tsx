import type { ClientCart } from '../../stores/cart-state';
import { shopTexts, toman, type ShopLocale } from './texts';

/** Subtotal, the totals entries (Shipping 0 when not empty, discount) and the total. */
export function CartTotals({ cart, locale }: { cart: ClientCart; locale: ShopLocale }) {
  const t = shopTexts(locale);
  return (
    <dl className="cart-totals">
      <div>
        <dt>{t.subtotal}</dt>
        <dd>{toman(locale, cart.subtotal)}</dd>
      </div>
      {cart.totals.map((e) => (
        <div key={e.type}>
          <dt>{e.type === 'shipping' ? t.shipping : e.type === 'discount' ? t.discount : e.title}</dt>
          <dd>{toman(locale, e.price)}</dd>
        </div>
      ))}
      {cart.vatIncluded !== undefined && cart.vatIncluded > 0 && (
        <div>
          <dt>{t.vat}</dt>
          <dd data-testid="cart-vat">{toman(locale, cart.vatIncluded)}</dd>
        </div>
      )}
      <div className="cart-totals__total">
        <dt>{t.total}</dt>
        <dd data-testid="cart-total" data-rials={cart.total}>
          {toman(locale, cart.total)}
        </dd>
      </div>
    </dl>
  );
}
