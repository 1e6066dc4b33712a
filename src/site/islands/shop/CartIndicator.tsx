/**
 * Header cart indicator with its count, opening the cart as a dropdown or an off-canvas panel (layout
 * setting dropcartType, default offcanvas). Page scrolling stops while the off-canvas cart is open.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $cart } from '../../stores/cart';
import { maybeSignedIn, refreshCart } from './api';
import { CartTotals } from './CartTotals';
import { num, pathIn, shopTexts, toman, type ShopLocale } from './texts';

export default function CartIndicator({ locale, type = 'offcanvas' }: { locale: ShopLocale; type?: 'dropdown' | 'offcanvas' }) {
  const t = shopTexts(locale);
  const cart = useStore($cart);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (maybeSignedIn()) refreshCart().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (type !== 'offcanvas') return;
    document.documentElement.style.overflow = open ? 'hidden' : '';
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [open]);

  const panel = (
    <div className={type === 'offcanvas' ? 'dropcart dropcart--offcanvas' : 'dropcart dropcart--dropdown'} role="dialog" aria-label={t.cart}>
      <div className="dropcart__head"><strong>{t.cart}</strong><button type="button" className="link-button" onClick={() => setOpen(false)}>{t.close}</button></div>
      {cart.items.length === 0 ? <p>{t.emptyCart}</p> : (
        <>
          <ul className="dropcart__items">
            {cart.items.map((i) => (
              <li key={i.id}>
                <a href={pathIn(locale, `/shop/products/${i.product.slug}`)}>{locale === 'fa' ? i.product.nameFa || i.product.displayName : i.product.name}</a>
                {i.preOrder && <span className="badge badge--pre-order">{t.preOrder}</span>}
                <span> × {num(locale, i.quantity)} — {toman(locale, i.total)}</span>
              </li>
            ))}
          </ul>
          <CartTotals cart={cart} locale={locale} />
          <p className="dropcart__actions">
            <a className="button" href={pathIn(locale, '/shop/cart')}>{t.viewCart}</a>
            <a className="button button--primary" href={pathIn(locale, '/shop/checkout')}>{t.checkout}</a>
          </p>
        </>
      )}
    </div>
  );
  return (
    <div className="cart-indicator">
      <button type="button" className="icon-button" aria-label={t.cart} aria-expanded={open} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M3 4h2l2.4 11h11l2-8H6.3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" /><circle cx="9" cy="19.5" r="1.5" fill="currentColor" /><circle cx="17" cy="19.5" r="1.5" fill="currentColor" /></svg>
        {cart.cartCount > 0 && <span className="cart-indicator__count" data-testid="cart-count">{num(locale, cart.cartCount)}</span>}
      </button>
      {open && type === 'offcanvas' && <div className="dropcart__backdrop" onClick={() => setOpen(false)} />}
      {open && panel}
    </div>
  );
}
