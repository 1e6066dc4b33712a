/**
 * Quantity price breaks (spec §3 "Price tier"): the unit price a line pays depends on its quantity.
 * Amounts are integer rials, as the API sends them. Pure: used by the buy box, the cart and the server,
 * which recomputes every price itself and never trusts one sent by a browser.
 */
export interface PriceTier {
  minCount: number;
  /** null: the last, open-ended tier. */
  maxCount: number | null;
  minPrice: number;
  minCompareAtPrice: number | null;
}

export interface Priced {
  /** Unit price of the first tier; used when a product has no tiers at all. */
  price: number;
  compareAtPrice?: number | null;
  prices: readonly PriceTier[];
}

const byMinCount = (a: PriceTier, b: PriceTier) => a.minCount - b.minCount;

/** The tiers sorted, or one open tier at the product price when none are stored. */
export function tiersOf(product: Priced): PriceTier[] {
  if (product.prices.length === 0) {
    return [{ minCount: 1, maxCount: null, minPrice: product.price, minCompareAtPrice: product.compareAtPrice ?? null }];
  }
  return [...product.prices].sort(byMinCount);
}

/**
 * The tier whose range holds `quantity`. Below the first tier the first applies (the quantity rules
 * keep such quantities out of carts anyway); in a gap between tiers the lower tier applies, so a gap in
 * the data never makes more units cheaper than the break the store published.
 */
export function tierFor(product: Priced, quantity: number): PriceTier {
  const tiers = tiersOf(product);
  let chosen = tiers[0]!;
  for (const tier of tiers) {
    if (tier.minCount <= quantity) chosen = tier;
    else break;
  }
  return chosen;
}

export const unitPriceFor = (product: Priced, quantity: number): number => tierFor(product, quantity).minPrice;

/** Unit price × quantity, in rials; zero for zero or negative quantities. */
export function lineTotal(product: Priced, quantity: number): number {
  if (!(quantity > 0)) return 0;
  return unitPriceFor(product, quantity) * Math.floor(quantity);
}

export interface NextBreak {
  /** Units to add to the current quantity to reach the next cheaper tier. */
  moreUnits: number;
  /** Quantity at the break (the tier's minCount). */
  quantity: number;
  unitPrice: number;
  /** Line total at the break quantity. */
  total: number;
  /** What those `quantity` units would cost at today's unit price minus what they cost at the break. */
  saves: number;
}

/**
 * "Buy N more and pay X per unit, saving Y": the nearest tier above the current quantity whose unit
 * price is lower. null when the quantity already sits in the cheapest reachable tier, or when that
 * tier asks for more than `cap` units (cartQuantityCap: what the stock and threshold allow).
 */
export function nextPriceBreak(product: Priced, quantity: number, cap = Number.POSITIVE_INFINITY): NextBreak | null {
  const q = Math.max(0, Math.floor(quantity));
  const current = unitPriceFor(product, Math.max(q, 1));
  for (const tier of tiersOf(product)) {
    if (tier.minCount <= q || tier.minPrice >= current) continue;
    // A break beyond what the shopper may buy (stock, threshold) is no offer: it ends in "contact the store".
    if (tier.minCount > cap) return null;
    const total = tier.minPrice * tier.minCount;
    return {
      moreUnits: tier.minCount - q,
      quantity: tier.minCount,
      unitPrice: tier.minPrice,
      total,
      saves: current * tier.minCount - total,
    };
  }
  return null;
}
