/**
 * The product page's reviews tab: the average and count, a page of reviews (pager with 3 siblings),
 * and the form (stars 1–5, default 5, and text). Hydrated when its tab is first shown
 * (engagement/hydrate-panel.ts); the build-time average and count show until the fresh ones arrive.
 */
import { useState, type FormEvent } from 'react';
import { formatDate } from '../../format';
import { formatRating } from './format-rating';
import { call } from '../ui/api';
import type { Locale } from '../ui/locale';
import { fill } from '../ui/fill';
import Pager from './Pager';
import Stars from './Stars';
import { engagementTexts } from './texts';
import { usePaged } from './usePaged';
import { usePost, ValidationList } from './usePost';
import { useMounted } from '../ui/useMounted';

interface Props {
  locale: Locale;
  productId: number;
  rating: number;
  count: number;
}

export default function ReviewsPanel({ locale, productId, rating, count }: Props) {
  const t = engagementTexts(locale);
  const { page, setPage, data, failed, reload } = usePaged(
    (page, signal) => call('GET', '/reviews/{productId}', { params: { productId }, query: { page }, signal }),
    productId,
  );
  // Hydrated when its tab is first shown: text typed into the server copy would be lost.
  const live = useMounted();
  const { busy, errors, send } = usePost(locale, 'reviews-sec');
  const [star, setStar] = useState(5);
  const [content, setContent] = useState('');
  const average = data ? data.rating : rating;
  const total = data ? data.total : count;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (await send(() => call('POST', '/reviews', { body: { star, content, product_id: productId } }))) {
      setContent('');
      setStar(5);
      reload();
    }
  }

  return (
    <section className="product-section engagement" id="reviews-sec" data-ready={data ? 'true' : undefined}>
      <h2>{t.reviewsTitle}</h2>
      <p className="engagement__summary">
        <Stars rating={average} locale={locale} />
        <strong className="engagement__average">{formatRating(average, locale)}</strong>
        <span className="engagement__count">{fill(t.count, { count: total }, locale)}</span>
      </p>
      {failed ? (
        <p role="alert">
          {t.loadFailed}{' '}
          <button type="button" className="link-button" onClick={reload}>
            {t.retry}
          </button>
        </p>
      ) : !data ? (
        <p className="muted">{t.loading}</p>
      ) : data.items.length === 0 ? (
        <p className="muted">{t.noReviews}</p>
      ) : (
        <ol className="engagement__list">
          {data.items.map((r) => (
            <li key={r.id} className="engagement__item review">
              <div className="engagement__meta">
                <span className="engagement__author" dir="auto">
                  {r.author}
                </span>
                <Stars rating={r.rating} locale={locale} />
                <time dateTime={r.date}>{formatDate(r.date, locale)}</time>
              </div>
              <p className="engagement__text" dir="auto">
                {r.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      {data && <Pager locale={locale} page={page} pages={data.pages} onPage={setPage} />}

      <form className="engagement__form review-form" onSubmit={submit} noValidate>
        <h3>{t.writeReview}</h3>
        <p className="star-input" role="radiogroup" aria-label={t.yourRating}>
          <span>{t.yourRating}</span>
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={star === n}
              data-star={n}
              className={n <= star ? 'is-on' : undefined}
              title={fill(t.stars, { n }, locale)}
              aria-label={fill(t.stars, { n }, locale)}
              onClick={() => setStar(n)}
            >
              ★
            </button>
          ))}
        </p>
        <label htmlFor={`review-text-${productId}`}>{t.reviewText}</label>
        <textarea
          id={`review-text-${productId}`}
          disabled={!live}
          name="content"
          value={content}
          maxLength={2000}
          onChange={(e) => setContent(e.target.value)}
        />
        <ValidationList errors={errors} heading={t.validationHeading} />
        <p>
          <button type="submit" className="button" disabled={busy || !live}>
            {busy ? t.sending : t.submitReview}
          </button>
        </p>
      </form>
    </section>
  );
}
