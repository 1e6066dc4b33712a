/**
 * /shop/compare: the compared products side by side, one column each. Fixed rows (price, availability,
 * brand, quality, stock, minimum order, datasheet) then every attribute any of them has; rows whose
 * values differ are highlighted, and "only differences" hides the rest. Each column can be removed,
 * or the whole list cleared.
 */
import { useState, type ReactNode } from 'react';
import type { ListProduct } from '../../../api/schemas/lists';
import { canAddToCart } from '../../../lib/availability';
import { clearList, removeFromList } from '../../stores/lists';
import { formatNumber, formatPrice } from '../../format';
import { pathIn, productPath, type Locale } from '../ui/locale';
import { fill } from '../ui/texts';
import { attributeRows, valuesDiffer } from './compare-rows';
import { listTexts } from './texts';
import { useListProducts, type ListRow } from './useListProducts';
import './lists.css';

interface Row {
  key: string;
  label: string;
  cells: ReactNode[];
  differs: boolean;
}

function buildRows(rows: ListRow[], locale: Locale): Row[] {
  const t = listTexts(locale);
  const products = rows.map((r) => r.product);
  const fixed = (
    key: string,
    label: string,
    value: (p: ListProduct) => string | number | null,
    show: (p: ListProduct) => ReactNode = (p) => value(p) ?? t.none,
  ): Row => ({
    key,
    label,
    cells: products.map((p) => (p ? show(p) : t.gone)),
    differs: valuesDiffer(products.map((p) => (p ? value(p) : null))),
  });
  const brand = (p: ListProduct) => (p.brand ? (locale === 'fa' && p.brand.nameFa ? p.brand.nameFa : p.brand.name) : null);
  const price = (p: ListProduct) => (canAddToCart(p.availability) ? p.price : null);
  const hasPackageAttribute = products.some((p) => p?.attributes.some((a) => a.slug === 'package'));
  const base = [
    fixed('price', t.price, price, (p) =>
      price(p) === null ? (
        t.none
      ) : (
        <span className="price" data-rials={p.price}>
          {formatPrice(p.price, locale)}
        </span>
      ),
    ),
    fixed(
      'availability',
      t.availability,
      (p) => p.availability,
      (p) => <span className={`availability availability--${p.availability}`}>{t.availability_[p.availability]}</span>,
    ),
    fixed('brand', t.brand, brand),
    fixed(
      'quality',
      t.quality,
      (p) => p.quality,
      (p) => (p.quality ? t.quality_[p.quality] : t.none),
    ),
    ...(hasPackageAttribute
      ? []
      : [
          fixed(
            'package',
            t.package,
            (p) => p.package,
            (p) => (p.package ? <span dir="ltr">{p.package}</span> : t.none),
          ),
        ]),
    fixed(
      'stock',
      t.stock,
      (p) => p.stock,
      (p) => fill(t.stockUnits, { count: p.stock }, locale),
    ),
    fixed(
      'minimumPurchase',
      t.minimumPurchase,
      (p) => p.minimumPurchase,
      (p) => formatNumber(p.minimumPurchase, locale),
    ),
    fixed(
      'datasheet',
      t.datasheet,
      (p) => (p.datasheet ? 'yes' : null),
      (p) =>
        p.datasheet ? (
          <a href={p.datasheet} target="_blank" rel="noopener">
            {t.datasheetOpen}
          </a>
        ) : (
          t.none
        ),
    ),
  ];
  const present = rows.filter((r) => r.product);
  const attrs = attributeRows(
    present.map((r) => r.product!),
    locale === 'fa',
  ).map((row) => {
    // Attribute rows are computed over the products still shown; gone ones get the "gone" cell.
    let n = 0;
    const cells = rows.map((r) => (r.product ? (row.values[n++] ?? t.none) : t.gone));
    return { key: row.key, label: row.label, cells: cells.map((c) => <span dir="auto">{c}</span>), differs: row.differs };
  });
  return [...base, ...attrs];
}

export default function ComparePage({ locale }: { locale: Locale }) {
  const t = listTexts(locale);
  const { state, retry } = useListProducts('compare');
  const [onlyDiff, setOnlyDiff] = useState(false);
  if (state.phase === 'mounting' || state.phase === 'loading')
    return (
      <p className="muted" role="status">
        {t.loading}
      </p>
    );
  if (state.phase === 'failed')
    return (
      <p role="alert">
        {t.loadFailed}{' '}
        <button type="button" className="link-button" onClick={retry}>
          {t.retry}
        </button>
      </p>
    );
  if (state.rows.length === 0)
    return (
      <p data-testid="compare-empty">
        {t.emptyCompare} <a href={pathIn(locale, '/shop/catalog')}>{t.browse}</a>
      </p>
    );
  const rows = buildRows(state.rows, locale);
  const name = (r: ListRow) =>
    r.product
      ? locale === 'fa'
        ? r.product.displayName
        : r.product.name
      : locale === 'fa'
        ? r.entry.nameFa || r.entry.name
        : r.entry.name || r.entry.nameFa;
  return (
    <>
      <div className="lists-toolbar">
        <label>
          <input type="checkbox" checked={onlyDiff} onChange={(e) => setOnlyDiff(e.target.checked)} data-testid="compare-only-diff" />{' '}
          {t.onlyDifferences}
        </label>
        <button type="button" className="button button--outline" onClick={() => clearList('compare')} data-testid="compare-clear">
          {t.clearAll}
        </button>
      </div>
      <div className="lists-scroll">
        <table className="lists-table compare-table" data-testid="compare-table">
          <caption>{fill(t.compareCaption, { count: state.rows.length }, locale)}</caption>
          <thead>
            <tr>
              <td />
              {state.rows.map((r) => {
                const image = r.product?.images[0]?.src ?? r.entry.image;
                return (
                  <th scope="col" key={r.entry.id} data-product-id={r.entry.id} data-card-label={name(r)}>
                    {image && <img src={image} alt="" width={64} height={64} loading="lazy" />}
                    <div>{r.product ? <a href={productPath(locale, r.entry.slug)}>{name(r)}</a> : name(r)}</div>
                    <div>
                      <span dir="ltr" className="pn">
                        {r.product?.partNumber ?? r.entry.partNumber}
                      </span>
                    </div>
                    <button
                      type="button"
                      className="link-button"
                      aria-label={fill(t.removeOf, { name: name(r) }, locale)}
                      onClick={() => removeFromList('compare', r.entry.id)}
                      data-testid="compare-remove"
                    >
                      {t.remove}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows
              .filter((row) => !onlyDiff || row.differs)
              .map((row) => (
                <tr
                  key={row.key}
                  className={row.differs ? 'differs' : undefined}
                  data-row={row.key}
                  data-differs={row.differs ? 'true' : 'false'}
                >
                  <th scope="row">
                    {row.label}
                    {row.differs && <span className="visually-hidden"> ({t.differs})</span>}
                  </th>
                  {row.cells.map((cell, n) => (
                    <td key={n}>{cell}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
