/**
 * /shop/wishlist: the persisted wishlist as a table — picture, name, part number, current price in
 * toman, availability, add to cart (the product's minimum quantity; the cart page changes it) and
 * remove. A product the shop no longer shows stays listed, greyed, until removed.
 */
import { useState } from 'react';
import { canAddToCart } from '../../../lib/availability';
import { mirrorCartCall } from '../../stores/cart';
import { removeFromList } from '../../stores/lists';
import { showToast } from '../../stores/toasts';
import { formatPrice } from '../../format';
import { loginUrl, maybeSignedIn } from '../shop/api';
import { call, CallError } from '../ui/api';
import { pathIn, productPath, type Locale } from '../ui/locale';
import { fill } from '../ui/texts';
import type { ListProduct } from '../../../api/schemas/lists';
import { listTexts } from './texts';
import { useListProducts, type ListRow } from './useListProducts';
import './lists.css';

function AddToCart({ product, locale }: { product: ListProduct; locale: Locale }) {
  const t = listTexts(locale);
  const [busy, setBusy] = useState(false);
  async function add() {
    const quantity = Math.max(1, product.minimumPurchase);
    if (!maybeSignedIn()) {
      // Spec §2: guests go to sign-in; the product page finishes the add on return.
      location.assign(loginUrl(locale, `${productPath(locale, product.slug)}?add=${quantity}`));
      return;
    }
    setBusy(true);
    try {
      await mirrorCartCall(() => call('POST', '/cart', { body: { product_id: product.id, cart_quantity: quantity } }));
      showToast(fill(t.added, { name: locale === 'fa' ? product.displayName : product.name }, locale), 'success');
    } catch (err) {
      if (err instanceof CallError && err.status === 401)
        location.assign(loginUrl(locale, `${productPath(locale, product.slug)}?add=${quantity}`));
      else if (err instanceof CallError && err.status === 422) showToast(Object.values(err.errors)[0]?.[0] ?? err.message, 'error');
      // Spec §8: other cart failures are ignored.
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button--primary" disabled={busy} onClick={add}>
      {busy ? t.adding : t.addToCart}
    </button>
  );
}

function Row({ row, locale }: { row: ListRow; locale: Locale }) {
  const t = listTexts(locale);
  const { entry, product: p } = row;
  const name = p ? (locale === 'fa' ? p.displayName : p.name) : locale === 'fa' ? entry.nameFa || entry.name : entry.name || entry.nameFa;
  const image = p?.images[0]?.src ?? entry.image;
  return (
    <tr className={p ? undefined : 'is-gone'} data-product-id={entry.id}>
      <td>{image ? <img src={image} alt="" width={64} height={64} loading="lazy" /> : null}</td>
      <td>{p ? <a href={productPath(locale, entry.slug)}>{name}</a> : name}</td>
      <td>
        <span dir="ltr" className="pn">
          {p?.partNumber ?? entry.partNumber}
        </span>
      </td>
      <td>
        {p && canAddToCart(p.availability) ? (
          <span className="price" data-rials={p.price}>
            {formatPrice(p.price, locale)}
          </span>
        ) : (
          t.none
        )}
      </td>
      <td>
        {p ? (
          <span className={`availability availability--${p.availability}`}>{t.availability_[p.availability]}</span>
        ) : (
          <span className="muted">{t.gone}</span>
        )}
      </td>
      <td>{p && canAddToCart(p.availability) ? <AddToCart product={p} locale={locale} /> : null}</td>
      <td>
        <button
          type="button"
          className="button button--outline"
          aria-label={fill(t.removeOf, { name }, locale)}
          onClick={() => removeFromList('wishlist', entry.id)}
          data-testid="wishlist-remove"
        >
          {t.remove}
        </button>
      </td>
    </tr>
  );
}

export default function WishlistPage({ locale }: { locale: Locale }) {
  const t = listTexts(locale);
  const { state, retry } = useListProducts('wishlist');
  if (state.phase === 'mounting' || state.phase === 'loading')
    return (
      <p className="muted" role="status">
        {t.loading}
      </p>
    );
  if (state.phase === 'failed')
    return (
      <p role="alert">
        {t.loadFailed}{' '}
        <button type="button" className="link-button" onClick={retry}>
          {t.retry}
        </button>
      </p>
    );
  if (state.rows.length === 0)
    return (
      <p data-testid="wishlist-empty">
        {t.emptyWishlist} <a href={pathIn(locale, '/shop/catalog')}>{t.browse}</a>
      </p>
    );
  return (
    <div className="lists-scroll">
      <table className="lists-table wishlist-table" data-testid="wishlist-table">
        <caption>{fill(t.wishlistCaption, { count: state.rows.length }, locale)}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t.image}</span>
            </th>
            <th scope="col">{t.product}</th>
            <th scope="col">{t.partNumber}</th>
            <th scope="col">{t.price}</th>
            <th scope="col">{t.availability}</th>
            <th scope="col">
              <span className="visually-hidden">{t.addToCart}</span>
            </th>
            <th scope="col">
              <span className="visually-hidden">{t.remove}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state.rows.map((row) => (
            <Row key={row.entry.id} row={row} locale={locale} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
