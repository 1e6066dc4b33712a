/** A card's stars and review count (the islands' twin of components/RatingStars.astro); nothing without reviews. */
import { formatRating } from './format-rating';
import type { Locale } from '../ui/locale';
import { fill } from '../ui/fill';
import Stars from './Stars';
import { ratingTexts } from './rating-texts';

export default function CardRating({ rating, count, locale }: { rating: number; count: number; locale: Locale }) {
  if (count <= 0) return null;
  return (
    <p className="rating-line">
      <Stars rating={rating} locale={locale} />
      <span className="rating-line__value">{formatRating(rating, locale)}</span>
      <span className="rating-line__count">({fill(ratingTexts(locale).count, { count }, locale)})</span>
    </p>
  );
}
