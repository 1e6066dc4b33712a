/**
 * The price-by-quantity table of a product (buy box on the product page, quick view): one row per
 * tier, "N to M" or "N and more", with the tier's unit price. Renders nothing without tiers.
 */
import type { PriceTier } from '../../../api/schemas/catalogue';
import { formatNumber, formatPrice } from '../../format';
import { fill } from '../ui/fill';
import type { Locale } from '../ui/locale';

export interface PriceTiersLabels {
  priceTiers: string;
  quantity: string;
  unitPrice: string;
  andMore: string;
  range: string;
}

export function PriceTiers({ tiers, locale, labels: t }: { tiers: PriceTier[]; locale: Locale; labels: PriceTiersLabels }) {
  if (tiers.length === 0) return null;
  const n = (v: number) => formatNumber(v, locale);
  return (
    <table className="tiers">
      <caption>{t.priceTiers}</caption>
      <thead>
        <tr>
          <th scope="col">{t.quantity}</th>
          <th scope="col">{t.unitPrice}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.minCount}>
            <td>
              {tier.maxCount === null
                ? fill(t.andMore, { min: n(tier.minCount) }, locale)
                : fill(t.range, { min: n(tier.minCount), max: n(tier.maxCount) }, locale)}
            </td>
            <td>{formatPrice(tier.minPrice, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
