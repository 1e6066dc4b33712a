/**
 * The product page's buy box: quantity input, live tier price and "buy N more to save", add to cart.
 * Spec §4/§5: nothing is sent for an empty quantity or below 1; above stock or threshold (not a
 * pre-order) the "contact the store" confirm resets the quantity; a 422 shows its first error and
 * resets; the button is disabled while its request runs. A guest goes to sign-in and comes back here
 * with ?add=N, and the add is completed on return.
 */
import { useEffect, useState } from 'react';
import type { CartProduct } from '../../../api/schemas/shop';
import { nextPriceBreak, unitPriceFor } from '../../../lib/price-tiers';
import { cartQuantityCap, checkCartQuantity, QUANTITY_MESSAGES } from '../../../lib/quantity';
import { mirrorCartCall } from '../../stores/cart';
import { showToast } from '../../stores/toasts';
import { loginUrl, maybeSignedIn } from './api';
import { call, CallError } from '../ui/api';
import { QuantityInput } from './QuantityInput';
import { useMounted } from '../ui/useMounted';
import { buyTexts, num, toman, type ShopLocale } from './buy-texts';

const TIER_DELAY_MS = 50;

/**
 * returnPath: where a guest comes back after signing in to finish the add (the product page when the
 * box sits in a quick view on a listing). inputId: the quantity field's id, unique per page.
 */
export default function BuyBox({
  product,
  locale,
  returnPath,
  inputId = 'buy-qty',
}: {
  product: CartProduct;
  locale: ShopLocale;
  returnPath?: string;
  inputId?: string;
}) {
  const t = buyTexts(locale);
  const min = Math.max(1, product.minimumPurchase);
  const [quantity, setQuantity] = useState<number | ''>(min);
  const [shown, setShown] = useState(min);
  const [busy, setBusy] = useState(false);
  // Until hydration ends a click would do nothing (and a typed quantity could be lost).
  const live = useMounted();
  const rules = {
    minimumPurchase: product.minimumPurchase,
    stock: product.stock,
    threshold: product.threshold,
    preOrder: product.availability === 'pre-order',
  };

  // Spec §4: the tier display follows the quantity after 50 ms.
  useEffect(() => {
    const timer = setTimeout(() => setShown(typeof quantity === 'number' && quantity > 0 ? quantity : min), TIER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [quantity]);

  async function add(q: number) {
    setBusy(true);
    try {
      await mirrorCartCall(() => call('POST', '/cart', { body: { product_id: product.id, cart_quantity: q } }));
      showToast(t.added(product.nameFa || product.displayName), 'success');
    } catch (err) {
      if (err instanceof CallError && err.status === 401) {
        location.assign(loginUrl(locale, `${returnPath ?? location.pathname}?add=${q}`));
        return;
      }
      if (err instanceof CallError && err.status === 422) {
        const first = Object.values(err.errors)[0]?.[0] ?? err.message;
        window.confirm(first);
        setQuantity(min);
      }
      // Spec §8: other cart failures are ignored.
    } finally {
      setBusy(false);
    }
  }

  // Back from sign-in: finish the add the guest asked for.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const wanted = Number(params.get('add'));
    if (!params.has('add')) return;
    params.delete('add');
    history.replaceState(null, '', location.pathname + (params.size ? `?${params}` : '') + location.hash);
    if (Number.isInteger(wanted) && wanted > 0 && maybeSignedIn()) {
      setQuantity(wanted);
      void add(wanted);
    }
  }, []);

  function onAdd() {
    if (typeof quantity !== 'number' || quantity < 1) return;
    const verdict = checkCartQuantity(rules, quantity);
    if (!verdict.ok && verdict.reason === 'contact-store') {
      window.confirm(verdict.message);
      setQuantity(min);
      return;
    }
    if (!verdict.ok) {
      window.confirm(QUANTITY_MESSAGES[verdict.reason]);
      setQuantity(min);
      return;
    }
    if (!maybeSignedIn()) {
      location.assign(loginUrl(locale, `${returnPath ?? location.pathname}?add=${quantity}`));
      return;
    }
    void add(quantity);
  }

  const unit = unitPriceFor(product, shown);
  const next = nextPriceBreak(product, shown, cartQuantityCap(rules));
  return (
    <div className="buy-box" data-testid="buy-box">
      <label className="buy-box__label" htmlFor={inputId}>
        {t.quantity}
      </label>
      <QuantityInput id={inputId} value={quantity} minimumPurchase={product.minimumPurchase} onChange={setQuantity} locale={locale} />
      <p className="buy-box__price">
        <span className="buy-box__figure">
          {t.unitPrice}:{' '}
          <strong data-testid="buy-unit" data-rials={unit}>
            {toman(locale, unit)}
          </strong>
        </span>
        <span className="buy-box__figure">
          {t.lineTotal}:{' '}
          <strong data-testid="buy-total" data-rials={unit * shown}>
            {toman(locale, unit * shown)}
          </strong>
        </span>
      </p>
      {next && (
        <p className="buy-box__break" data-testid="next-break">
          {t.nextBreak(num(locale, next.moreUnits), toman(locale, next.unitPrice), toman(locale, next.saves))}
        </p>
      )}
      <button type="button" className="button button--primary buy-box__add" disabled={busy || !live} onClick={onAdd}>
        {busy ? t.adding : t.addToCart}
      </button>
    </div>
  );
}
