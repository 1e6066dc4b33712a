/**
 * The header cart's panel (dropdown or off-canvas, layout setting dropcartType), loaded by the header
 * script the first time the cart button is used. The script owns open/closed; this draws the lines,
 * totals and the ways on, from the persisted cart mirror.
 */
import { useStore } from '@nanostores/react';
import { createRoot, type Root } from 'react-dom/client';
import { $cart } from '../../stores/cart';
import { CartTotals } from './CartTotals';
import PartText from '../ui/PartText';
import { num, pathIn, shopTexts, toman, type ShopLocale } from './texts';

interface Props {
  locale: ShopLocale;
  type: 'dropdown' | 'offcanvas';
  open: boolean;
  close: () => void;
}

function CartPanel({ locale, type, open, close }: Props) {
  const t = shopTexts(locale);
  const cart = useStore($cart);
  if (!open) return null;
  return (
    <>
      {type === 'offcanvas' && <div className="dropcart__backdrop" onClick={close} />}
      <div
        className={type === 'offcanvas' ? 'dropcart dropcart--offcanvas' : 'dropcart dropcart--dropdown'}
        role="dialog"
        aria-label={t.cart}
      >
        <div className="dropcart__head">
          <strong>{t.cart}</strong>
          <button type="button" className="link-button" onClick={close}>
            {t.close}
          </button>
        </div>
        {cart.items.length === 0 ? (
          <p>{t.emptyCart}</p>
        ) : (
          <>
            <ul className="dropcart__items">
              {cart.items.map((i) => (
                <li key={i.id}>
                  <a href={pathIn(locale, `/shop/products/${i.product.slug}`)}>
                    <PartText
                      text={locale === 'fa' ? i.product.nameFa || i.product.displayName : i.product.name}
                      partNumber={i.product.partNumber}
                      locale={locale}
                    />
                  </a>
                  <span className="pn" dir="ltr">
                    {i.product.partNumber}
                  </span>
                  {i.preOrder && <span className="badge badge--pre-order">{t.preOrder}</span>}
                  <span>
                    {' '}
                    × {num(locale, i.quantity)} — {toman(locale, i.total)}
                  </span>
                </li>
              ))}
            </ul>
            <CartTotals cart={cart} locale={locale} />
            <p className="dropcart__actions">
              <a className="button" href={pathIn(locale, '/shop/cart')}>
                {t.viewCart}
              </a>
              <a className="button button--primary" href={pathIn(locale, '/shop/checkout')}>
                {t.checkout}
              </a>
            </p>
          </>
        )}
      </div>
    </>
  );
}

const roots = new WeakMap<HTMLElement, Root>();

/** Draws (or redraws) the panel into `host`; the header script calls it on every open and close. */
export function renderCartPanel(host: HTMLElement, props: Props): void {
  let root = roots.get(host);
  if (!root) {
    root = createRoot(host);
    roots.set(host, root);
  }
  root.render(<CartPanel {...props} />);
}
