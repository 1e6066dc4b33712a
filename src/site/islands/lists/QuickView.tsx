/**
 * Quick view of a product card (spec §2): gallery without zoom, name, part number, availability,
 * price tiers, stock, the product page's buy box, the datasheet link, and the footprint and
 * application-note pop-ups stacked on top.
 */
import { useEffect, useState } from 'react';
import type { Product } from '../../../api/schemas/catalogue';
import { canAddToCart } from '../../../lib/availability';
import { formatPrice } from '../../format';
import { PriceTiers } from '../product/PriceTiers';
import BuyBox from '../shop/BuyBox';
import { productPath, type Locale } from '../ui/locale';
import { fill } from '../ui/texts';
import { Dialog } from './Dialog';
import { DIALOG_DELAY_MS } from './dialog-request';
import { FilesDialog, type FilesKind } from './FilesDialog';
import { listTexts } from './texts';
// The buy box's own look (quantity stepper) lives with the buying-path styles.
import '../../styles/shop.css';

function Pictures({ product, locale }: { product: Product; locale: Locale }) {
  const t = listTexts(locale);
  const [index, setIndex] = useState(0);
  const images = product.images;
  const image = images[index];
  if (!image)
    return (
      <div className="quickview__noimage" dir="ltr">
        {product.partNumber}
      </div>
    );
  return (
    <div className="quickview__gallery">
      <img src={image.src} alt={image.alt} width={400} height={400} />
      {images.length > 1 && (
        <div className="quickview__thumbs">
          {images.map((img, n) => (
            <button
              type="button"
              key={img.src}
              aria-label={fill(t.imageOf, { n: n + 1, total: images.length }, locale)}
              aria-current={n === index ? 'true' : undefined}
              onClick={() => setIndex(n)}
            >
              <img src={img.src} alt="" width={56} height={56} loading="lazy" />
            </button>
          ))}
        </div>
      )}
      <p className="muted quickview__note">{t.imageNote}</p>
    </div>
  );
}

export function QuickView({
  product: p,
  locale,
  onClose,
  returnFocus,
}: {
  product: Product;
  locale: Locale;
  onClose: () => void;
  returnFocus?: HTMLElement | null;
}) {
  const t = listTexts(locale);
  const [files, setFiles] = useState<FilesKind | null>(null);
  const [opening, setOpening] = useState<{ kind: FilesKind; opener: HTMLElement } | null>(null);
  const [filesOpener, setFilesOpener] = useState<HTMLElement | null>(null);
  // Spec §4: the pop-up opens 50 ms after its data is at hand (here it already is).
  useEffect(() => {
    if (!opening) return;
    const timer = setTimeout(() => {
      setFilesOpener(opening.opener);
      setFiles(opening.kind);
      setOpening(null);
    }, DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opening]);
  const name = locale === 'fa' ? p.displayName : p.name;
  const url = productPath(locale, p.slug);
  return (
    <Dialog
      title={fill(t.quickViewOf, { name }, locale)}
      onClose={onClose}
      closeLabel={t.close}
      returnFocus={returnFocus}
      className="quickview"
      testId="quickview"
    >
      <div className="quickview__grid">
        <Pictures product={p} locale={locale} />
        <div className="quickview__info">
          <h3 className="quickview__name">
            <a href={url}>{name}</a>
          </h3>
          <p>
            <span className="muted">{t.partNumber}: </span>
            <span dir="ltr" className="pn">
              {p.partNumber}
            </span>
          </p>
          {p.quality && (
            <p>
              <span className={`badge badge--${p.quality}`}>{t.quality_[p.quality]}</span>
            </p>
          )}
          <p className={`availability availability--${p.availability}`}>{t.availability_[p.availability]}</p>
          {canAddToCart(p.availability) ? (
            <>
              <p className="product__price" data-testid="quickview-price">
                {p.compareAtPrice && p.compareAtPrice > p.price ? (
                  <s className="price-old">{formatPrice(p.compareAtPrice, locale)}</s>
                ) : null}
                <span className="price price--big" data-rials={p.price}>
                  {formatPrice(p.price, locale)}
                </span>
              </p>
              <p>
                {t.stock}: <strong>{fill(t.stockUnits, { count: p.stock }, locale)}</strong>
              </p>
              <PriceTiers tiers={p.prices} locale={locale} labels={t} />
              <BuyBox product={p} locale={locale} returnPath={url} inputId="quickview-qty" />
            </>
          ) : (
            <p className="product__unavailable">{t.unavailable}</p>
          )}
          <ul className="quickview__links">
            {p.datasheet && (
              <li>
                <a href={p.datasheet} target="_blank" rel="noopener">
                  {t.datasheetOpen}
                </a>
              </li>
            )}
            <li>
              <button
                type="button"
                className="link-button"
                data-testid="quickview-footprint"
                onClick={(e) => setOpening({ kind: 'footprint', opener: e.currentTarget })}
              >
                {t.footprints}
              </button>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                data-testid="quickview-applicationnote"
                onClick={(e) => setOpening({ kind: 'applicationnote', opener: e.currentTarget })}
              >
                {t.applicationnotes}
              </button>
            </li>
            <li>
              <a href={url}>{t.productPage}</a>
            </li>
          </ul>
        </div>
      </div>
      {files && <FilesDialog product={p} kind={files} locale={locale} returnFocus={filesOpener} onClose={() => setFiles(null)} />}
    </Dialog>
  );
}
