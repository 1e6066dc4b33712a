/** Read-only stars for a rating 0–5 (half steps show as partly filled), with the value for screen readers. */
import { formatRating } from './format-rating';
import type { Locale } from '../ui/locale';
import { fill } from '../ui/fill';
import { ratingTexts } from './rating-texts';
import './engagement.css';

export default function Stars({ rating, locale }: { rating: number; locale: Locale }) {
  const share = Math.max(0, Math.min(5, rating)) * 20;
  return (
    <span className="stars" role="img" aria-label={fill(ratingTexts(locale).average, { rating: formatRating(rating, locale) }, locale)}>
      <span className="stars__fill" style={{ width: `${share}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
