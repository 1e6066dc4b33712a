/**
 * Price changes the back office applies to many products at once: a percent up or down, and pricing
 * from a supplier's dollar price, the store's margin and the day's rate. Money is integer rials.
 */

/** Shops quote whole toman; a changed price is rounded to 10 rials and never drops below one toman. */
const wholeToman = (rials: number) => Math.max(10, Math.round(rials / 10) * 10);

/** A price raised (or lowered, for a negative percent) by `percent`. */
export function priceByPercent(rials: number, percent: number): number {
  return wholeToman(rials * (1 + percent / 100));
}

/**
 * The rial price of a product bought at `usdCents` and sold with `marginPercent` on top, at
 * `rialsPerUsd`. Rounded up to a hundred toman (1,000 rials) as component shops in Iran price: the
 * margin is never eaten by rounding.
 */
export function priceFromUsd(usdCents: number, marginPercent: number, rialsPerUsd: number): number {
  const exact = (usdCents / 100) * rialsPerUsd * (1 + marginPercent / 100);
  // The small epsilon keeps float noise (…000.0000001) from adding a whole step.
  return Math.max(1000, Math.ceil(exact / 1000 - 1e-9) * 1000);
}

/**
 * Quantity tiers follow the first price: each keeps its ratio to the old first price, so a tier that
 * was 10 % cheaper stays 10 % cheaper.
 */
export function followTiers<T extends { price: number; compareAtPrice: number | null }>(
  tiers: T[],
  oldFirst: number,
  newFirst: number,
): T[] {
  if (oldFirst <= 0) return tiers;
  const ratio = newFirst / oldFirst;
  return tiers.map((t, i) => ({
    ...t,
    price: i === 0 ? newFirst : wholeToman(t.price * ratio),
    compareAtPrice: t.compareAtPrice === null ? null : wholeToman(t.compareAtPrice * ratio),
  }));
}
