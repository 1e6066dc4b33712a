/**
 * The card buttons of components/lists/ListButtons.astro for cards drawn by islands (listings,
 * carousels): the same markup, so the header's delegated script handles both.
 */
import type { ProductCard } from '../../../api/schemas/catalogue';
import type { Locale } from '../ui/locale';

// Three labels of their own: the whole lists texts module would ride along with every card island.
const LABELS = {
  fa: { quickView: 'نمایش سریع', addToWishlist: 'افزودن به علاقه‌مندی‌ها', addToCompare: 'افزودن به مقایسه' },
  en: { quickView: 'Quick view', addToWishlist: 'Add to wish list', addToCompare: 'Add to compare' },
};
const ICONS = {
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  bars: 'M7 4v16M17 4v16M3 8h8M13 16h8',
};
const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function CardListButtons({ product: p, locale }: { product: ProductCard; locale: Locale }) {
  const t = LABELS[locale === 'fa' ? 'fa' : 'en'];
  const snapshot = JSON.stringify({
    id: p.id,
    slug: p.slug,
    partNumber: p.partNumber,
    name: p.name,
    nameFa: p.nameFa,
    image: p.images[0]?.src ?? null,
  });
  return (
    <div className="list-buttons list-buttons--card">
      <button
        type="button"
        className="list-button"
        data-product-dialog="quickview"
        data-slug={p.slug}
        aria-haspopup="dialog"
        aria-label={t.quickView}
        title={t.quickView}
      >
        <Icon d={ICONS.eye} />
      </button>
      <button
        type="button"
        className="list-button"
        data-list-add="wishlist"
        data-product={snapshot}
        aria-label={t.addToWishlist}
        title={t.addToWishlist}
      >
        <Icon d={ICONS.heart} />
      </button>
      <button
        type="button"
        className="list-button"
        data-list-add="compare"
        data-product={snapshot}
        aria-label={t.addToCompare}
        title={t.addToCompare}
      >
        <Icon d={ICONS.bars} />
      </button>
    </div>
  );
}
