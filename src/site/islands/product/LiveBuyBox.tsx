/**
 * The product's price, price tiers, availability and stock, and (given `product`) the buy box under
 * them. The server renders the build-time figures (the static page is useful without JavaScript and
 * to search engines); in the browser the island fetches get/products/{slug} and replaces them with
 * the current ones, which the buy box's tier prices and stock checks then use too. One island for
 * both: each island costs every product page its own server render and props. Its labels come from
 * the page in the page's language (product/texts.ts), so no text table ships.
 */
import { useEffect, useState } from 'react';
import type { Product } from '../../../api/schemas/catalogue';
import type { CartProduct } from '../../../api/schemas/shop';
import BuyBox from '../shop/BuyBox';
import { arrivalOf, canAddToCart } from '../../../lib/availability';
import { formatDate, formatPrice } from '../../format';
import { call } from '../ui/api';
import type { Locale } from '../ui/locale';
import { fill } from '../ui/fill';
import { PriceTiers } from './PriceTiers';
import type { ProductTexts } from './texts';
import './product.css';

/**
 * `renderedOn`: the store day the page was built (YYYY-MM-DD, a day and not an instant so every
 * page of one build carries the same bytes), so hydration shows what the server rendered before
 * today's date takes over.
 */
export type BuyFigures = Pick<
  Product,
  'price' | 'compareAtPrice' | 'prices' | 'stock' | 'availability' | 'minimumPurchase' | 'availabilityDate'
> & { renderedOn: string };

export type LiveBuyBoxLabels = Pick<
  ProductTexts,
  | 'availability'
  | 'priceTiers'
  | 'quantity'
  | 'unitPrice'
  | 'andMore'
  | 'range'
  | 'minimumPurchase'
  | 'unavailable'
  | 'stock'
  | 'stockUnits'
  | 'expected'
  | 'arrivingSoon'
>;

/** What the buy box needs besides the live figures (cart line, toast, sign-in return). */
export type BuyProduct = Omit<CartProduct, keyof Omit<BuyFigures, 'renderedOn' | 'availabilityDate'>>;

export default function LiveBuyBox({
  locale,
  slug,
  initial,
  labels: t,
  product,
}: {
  locale: Locale;
  slug: string;
  initial: BuyFigures;
  labels: LiveBuyBoxLabels;
  product?: BuyProduct;
}) {
  const [p, setP] = useState(initial);
  const [fresh, setFresh] = useState(false);
  // A static page may be days old: once in the browser, a pre-order's date is judged against today.
  const [now, setNow] = useState(() => new Date(`${initial.renderedOn}T12:00:00+03:30`));
  useEffect(() => setNow(new Date()), []);
  const arrival = p.availability === 'pre-order' ? arrivalOf(p.availabilityDate, now) : null;
  useEffect(() => {
    const ctl = new AbortController();
    call('GET', '/get/products/{slug}', { params: { slug }, signal: ctl.signal })
      .then(({ data }) => {
        setP((old) => ({
          ...old,
          price: data.price,
          compareAtPrice: data.compareAtPrice,
          prices: data.prices,
          stock: data.stock,
          availability: data.availability,
          minimumPurchase: data.minimumPurchase,
          availabilityDate: data.availabilityDate,
        }));
        setFresh(true);
      })
      // Offline or the product just went away: the build-time figures stay on screen.
      .catch(() => {});
    return () => ctl.abort();
  }, [slug]);
  const figures = (
    <div className="buybox" data-fresh={fresh ? 'true' : undefined}>
      <p className="buybox__state">
        <span className={`availability availability--${p.availability}`}>{t.availability[p.availability]}</span>
        {arrival && (
          <span className="muted" data-testid="arrival">
            {' '}
            — {arrival.kind === 'date' ? fill(t.expected, { date: formatDate(arrival.date, locale) }, locale) : t.arrivingSoon}
          </span>
        )}
      </p>
      {canAddToCart(p.availability) ? (
        <>
          <p className="product__price">
            {p.compareAtPrice && p.compareAtPrice > p.price ? <s className="price-old">{formatPrice(p.compareAtPrice, locale)}</s> : null}
            <span className="price price--big" data-rials={p.price}>
              {formatPrice(p.price, locale)}
            </span>
          </p>
          <p className="buybox__stock">
            {t.stock}: <strong>{fill(t.stockUnits, { count: p.stock }, locale)}</strong>
          </p>
          {p.minimumPurchase > 1 && <p className="muted">{fill(t.minimumPurchase, { count: p.minimumPurchase }, locale)}</p>}
          <PriceTiers tiers={p.prices} locale={locale} labels={t} />
        </>
      ) : (
        <p className="product__unavailable">{t.unavailable}</p>
      )}
    </div>
  );
  if (!product || !canAddToCart(p.availability)) return figures;
  return (
    <>
      {figures}
      <BuyBox
        locale={locale}
        product={{
          ...product,
          price: p.price,
          compareAtPrice: p.compareAtPrice,
          prices: p.prices,
          stock: p.stock,
          availability: p.availability,
          minimumPurchase: p.minimumPurchase,
        }}
      />
    </>
  );
}
