/** A product in a listing, search result or carousel: picture, name, part number, quality, availability, price. */
import type { ProductCard as Card } from '../../../api/schemas/catalogue';
import { canAddToCart } from '../../../lib/availability';
import { variantSrcSet } from '../../../lib/responsive-image';
import { formatPrice } from '../../format';
import { productPath, type Locale } from './locale';
import PartText from './PartText';
import { CardListButtons } from '../lists/CardListButtons';
import CardRating from '../engagement/CardRating';
import { cardTexts } from './card-texts';

// A card is about a fifth of the page on a desktop, half of it on a phone.
const CARD_SIZES = '(max-width: 600px) 50vw, 240px';

export default function ProductCard({ product: p, locale, eager = false }: { product: Card; locale: Locale; eager?: boolean }) {
  const t = cardTexts(locale);
  const image = p.images[0];
  const url = productPath(locale, p.slug);
  const name = locale === 'fa' ? p.displayName : p.name;
  return (
    <article className="card">
      <a className="card__image" href={url} tabIndex={-1} aria-hidden="true">
        {image ? (
          <img
            src={image.src}
            srcSet={variantSrcSet(image.variants, 'webp') || undefined}
            sizes={image.variants?.length ? CARD_SIZES : undefined}
            alt=""
            width={image.width ?? 400}
            height={image.height ?? 400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="card__noimage" dir="ltr">
            {p.partNumber}
          </span>
        )}
      </a>
      <div className="card__body">
        <h3 className="card__name">
          <a href={url}>
            <PartText text={name} partNumber={p.partNumber} locale={locale} />
          </a>
        </h3>
        <CardRating rating={p.rating} count={p.reviews} locale={locale} />
        <p className="card__meta">
          <span className="card__pn" dir="ltr">
            {p.partNumber}
          </span>
          {p.quality && <span className={`badge badge--${p.quality}`}>{t.quality[p.quality]}</span>}
        </p>
        <p className={`availability availability--${p.availability}`}>{t.availability[p.availability]}</p>
      </div>
      <div className="card__price">
        {canAddToCart(p.availability) ? (
          <>
            {p.compareAtPrice && p.compareAtPrice > p.price ? <s className="price-old">{formatPrice(p.compareAtPrice, locale)}</s> : null}
            <span className="price" data-rials={p.price}>
              {formatPrice(p.price, locale)}
            </span>
          </>
        ) : (
          <span className="price price--none">{t.availability['out-of-stock']}</span>
        )}
      </div>
      <CardListButtons product={p} locale={locale} />
    </article>
  );
}
