/**
 * Related products (spec §2, §9: getRelatedProducts2, limit 50) as a carousel, read when the section
 * comes into view. The carousel and its product cards are fetched together with the list, so their
 * code is not part of what the product page loads at first. The title comes from the page.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { ProductCard as Card } from '../../../api/schemas/catalogue';
import { call } from '../ui/api';
import type { Locale } from '../ui/locale';

export const RELATED_LIMIT = 50;

type CarouselProps = { locale: Locale; products: Card[]; label: string };

export default function RelatedProducts({ locale, slug, title }: { locale: Locale; slug: string; title: string }) {
  const [shown, setShown] = useState<{ items: Card[]; Carousel: ComponentType<CarouselProps> } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    call('GET', '/getRelatedProducts2', { query: { slug, limit: RELATED_LIMIT }, signal: ctl.signal })
      .then(async ({ data }) => {
        if (!data.length) return;
        const { default: Carousel } = await import('../ui/Carousel');
        if (!ctl.signal.aborted) setShown({ items: data, Carousel });
      })
      // Offline or gone: the section simply stays empty.
      .catch(() => {});
    return () => ctl.abort();
  }, [slug]);
  // Nothing related: no empty heading. The placeholder keeps a size so the island can be seen and woken.
  if (!shown) return <div className="related-placeholder" aria-hidden="true" />;
  const { items, Carousel } = shown;
  return (
    <section className="product-section related" aria-labelledby="related-title">
      <h2 id="related-title">{title}</h2>
      <Carousel locale={locale} products={items} label={title} />
    </section>
  );
}
