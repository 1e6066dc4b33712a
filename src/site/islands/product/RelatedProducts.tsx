/** Related products (spec §2, §9: getRelatedProducts2, limit 50) as a carousel, read when the section comes into view. */
import { useEffect, useState } from 'react';
import type { ProductCard as Card } from '../../../api/schemas/catalogue';
import { getJson } from '../ui/api';
import Carousel from '../ui/Carousel';
import type { Locale } from '../ui/locale';
import { islandTexts } from '../ui/texts';

export const RELATED_LIMIT = 50;

export default function RelatedProducts({ locale, slug }: { locale: Locale; slug: string }) {
  const t = islandTexts(locale);
  const [items, setItems] = useState<Card[] | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    getJson<{ data: Card[] }>('/getRelatedProducts2', { slug, limit: RELATED_LIMIT }, ctl.signal)
      .then(({ data }) => setItems(data))
      .catch(() => setItems([]));
    return () => ctl.abort();
  }, [slug]);
  // Nothing related: no empty heading. The placeholder keeps a size so the island can be seen and woken.
  if (!items?.length) return <div className="related-placeholder" aria-hidden="true" />;
  return (
    <section className="product-section related" aria-labelledby="related-title">
      <h2 id="related-title">{t.related}</h2>
      <Carousel locale={locale} products={items} label={t.related} />
    </section>
  );
}
