/**
 * A row of product cards as a Swiper carousel (home rows, related products). The server renders the
 * cards as a scrollable row, so it reads fine before (and without) JavaScript. Swiper (about 20 KB
 * gzip) is fetched only when needed: at once for rows that autoplay (every 5000 ms, spec §9, paused
 * on hover), otherwise when the shopper first reaches for the row, which keeps it out of the
 * product page's JavaScript budget.
 */
import { useEffect, useRef } from 'react';
import type { ProductCard as Card } from '../../../api/schemas/catalogue';
import type { Locale } from './locale';
import ProductCard from './ProductCard';
import { cardTexts } from './card-texts';
import 'swiper/css';
import './carousel.css';

interface Props {
  locale: Locale;
  products: Card[];
  label: string;
  autoplay?: boolean;
}

export default function Carousel({ locale, products, label, autoplay = false }: Props) {
  const t = cardTexts(locale);
  const root = useRef<HTMLDivElement>(null);
  const swiper = useRef<{ slidePrev: () => void; slideNext: () => void; destroy: () => void } | null>(null);
  const loading = useRef(false);
  const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

  /** Swiper arrives when first needed: at once for autoplaying rows, on first touch, hover or focus otherwise. */
  const upgrade = async () => {
    if (loading.current || !root.current) return;
    loading.current = true;
    const { createSwiper } = await import('./swiper-setup');
    if (root.current) swiper.current = createSwiper(root.current, autoplay && !reduced());
  };
  useEffect(() => {
    if (autoplay) void upgrade();
    return () => swiper.current?.destroy();
    // Once, on mount: the carousel lives as long as the island.
  }, []);

  /** Before Swiper is there the row is a native scroller: the buttons scroll it by most of its width. */
  const step = (dir: 1 | -1) => {
    if (swiper.current) {
      if (dir > 0) swiper.current.slideNext();
      else swiper.current.slidePrev();
      return;
    }
    const el = root.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: dir * (rtl ? -1 : 1) * el.clientWidth * 0.8, behavior: reduced() ? 'auto' : 'smooth' });
  };

  return (
    <div className="carousel" onPointerEnter={upgrade} onTouchStart={upgrade} onFocus={upgrade}>
      <div className="swiper carousel__viewport" ref={root} aria-label={label} role="region">
        <div className="swiper-wrapper">
          {products.map((p) => (
            <div className="swiper-slide carousel__slide" key={p.id}>
              <ProductCard product={p} locale={locale} />
            </div>
          ))}
        </div>
      </div>
      <button type="button" className="carousel__nav carousel__nav--prev" aria-label={t.prevSlide} onClick={() => step(-1)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="m15 6-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
      <button type="button" className="carousel__nav carousel__nav--next" aria-label={t.nextSlide} onClick={() => step(1)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
