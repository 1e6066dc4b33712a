/**
 * Cart lines as a table: pre-order badge, unavailable marker, next price break, the line's reference
 * (a parts list's designators), optional quantity and reference edit.
 */
import { nextPriceBreak } from '../../../lib/price-tiers';
import { cartQuantityCap } from '../../../lib/quantity';
import type { ClientCartItem } from '../../stores/cart-state';
import { QuantityInput } from './QuantityInput';
import PartText from '../ui/PartText';
import { num, pathIn, shopTexts, toman, type ShopLocale } from './texts';

interface Props {
  items: ClientCartItem[];
  locale: ShopLocale;
  edits?: Record<number, number | ''>;
  onEdit?(id: number, value: number | ''): void;
  onRemove?(item: ClientCartItem): void;
  /** Saves a changed reference (on leaving the field). */
  onReference?(item: ClientCartItem, reference: string): void;
}

export function CartLines({ items, locale, edits, onEdit, onRemove, onReference }: Props) {
  const t = shopTexts(locale);
  return (
    <table className="cart-table">
      <thead>
        <tr>
          <th scope="col">{t.product}</th>
          <th scope="col">{t.unitPrice}</th>
          <th scope="col">{t.quantity}</th>
          <th scope="col">{t.lineTotal}</th>
          {onRemove && <th />}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className="cart-line" data-product={item.product.slug}>
            <td>
              <a href={pathIn(locale, `/shop/products/${item.product.slug}`)}>
                <PartText
                  text={locale === 'fa' ? item.product.nameFa || item.product.displayName : item.product.name}
                  partNumber={item.product.partNumber}
                  locale={locale}
                />
              </a>
              <span className="pn" dir="ltr">
                {item.product.partNumber}
              </span>
              {item.preOrder && <span className="badge badge--pre-order">{t.preOrder}</span>}
              {item.productAvailable === 0 && <span className="badge badge--unavailable">{t.unavailable}</span>}
              {item.productAvailable === 1 && <NextBreak item={item} locale={locale} />}
              <LineReference item={item} locale={locale} onReference={onReference} />
            </td>
            <td>{toman(locale, item.price)}</td>
            <td>
              {onEdit ? (
                <QuantityInput
                  value={edits?.[item.id] ?? item.quantity}
                  minimumPurchase={item.product.minimumPurchase}
                  onChange={(v) => onEdit(item.id, v)}
                  locale={locale}
                />
              ) : (
                num(locale, item.quantity)
              )}
            </td>
            <td className="cart-line__total">{toman(locale, item.total)}</td>
            {onRemove && (
              <td>
                <button type="button" className="link-button" onClick={() => onRemove(item)}>
                  {t.remove}
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LineReference({ item, locale, onReference }: { item: ClientCartItem; locale: ShopLocale; onReference?: Props['onReference'] }) {
  const t = shopTexts(locale);
  if (onReference) {
    return (
      <label className="cart-line__reference">
        <span>{t.reference}</span>
        <input
          type="text"
          dir="auto"
          maxLength={300}
          data-testid="cart-line-reference"
          key={item.reference ?? ''}
          defaultValue={item.reference ?? ''}
          placeholder={t.referenceHint}
          onBlur={(e) => {
            if (e.currentTarget.value.trim() !== (item.reference ?? '')) onReference(item, e.currentTarget.value);
          }}
        />
      </label>
    );
  }
  if (!item.reference) return null;
  return (
    <small className="cart-line__reference" data-testid="cart-line-reference">
      {t.reference}: <bdi dir="auto">{item.reference}</bdi>
    </small>
  );
}

function NextBreak({ item, locale }: { item: ClientCartItem; locale: ShopLocale }) {
  const { product } = item;
  // Never a break past what stock and threshold allow: that hint would end in "contact the store".
  const cap = cartQuantityCap({
    minimumPurchase: product.minimumPurchase,
    stock: product.stock,
    threshold: product.threshold,
    preOrder: product.availability === 'pre-order',
  });
  const next = nextPriceBreak(product, item.quantity, cap);
  if (!next) return null;
  return (
    <small className="cart-line__break">
      {shopTexts(locale).nextBreak(num(locale, next.moreUnits), toman(locale, next.unitPrice), toman(locale, next.saves))}
    </small>
  );
}
