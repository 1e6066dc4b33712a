import { describe, expect, it } from 'vitest';
import { lineTotal, nextPriceBreak, tierFor, unitPriceFor, type Priced } from './price-tiers';

// A resistor sold in tiers (rials): 1–9 at 5,000; 10–99 at 4,000; 100+ at 3,000.
const resistor: Priced = {
  price: 5000,
  prices: [
    { minCount: 100, maxCount: null, minPrice: 3000, minCompareAtPrice: null },
    { minCount: 1, maxCount: 9, minPrice: 5000, minCompareAtPrice: 6000 },
    { minCount: 10, maxCount: 99, minPrice: 4000, minCompareAtPrice: null },
  ],
};
const noTiers: Priced = { price: 125_000, compareAtPrice: 150_000, prices: [] };
// Packs of 5 starting at 5; a gap between 49 and 100 in the data.
const gappy: Priced = {
  price: 2000,
  prices: [
    { minCount: 5, maxCount: 49, minPrice: 2000, minCompareAtPrice: null },
    { minCount: 100, maxCount: null, minPrice: 1500, minCompareAtPrice: null },
  ],
};

describe('tierFor / unitPriceFor / lineTotal', () => {
  it.each([
    [resistor, 1, 5000, 5000],
    [resistor, 9, 5000, 45_000],
    [resistor, 10, 4000, 40_000],
    [resistor, 50, 4000, 200_000],
    [resistor, 99, 4000, 396_000],
    [resistor, 100, 3000, 300_000],
    [resistor, 10_000, 3000, 30_000_000],
    [resistor, 0, 5000, 0],
    [resistor, -3, 5000, 0],
    [noTiers, 1, 125_000, 125_000],
    [noTiers, 7, 125_000, 875_000],
    [gappy, 1, 2000, 2000], // below the first tier: the first tier's price
    [gappy, 5, 2000, 10_000],
    [gappy, 60, 2000, 120_000], // in the gap: the lower tier, never a cheaper one
    [gappy, 100, 1500, 150_000],
  ])('%# quantity %d → unit %d, line %d', (product, q, unit, total) => {
    expect(unitPriceFor(product, q)).toBe(unit);
    expect(lineTotal(product, q)).toBe(total);
  });

  it('keeps the compare-at price of the chosen tier', () => {
    expect(tierFor(resistor, 3).minCompareAtPrice).toBe(6000);
    expect(tierFor(noTiers, 3).minCompareAtPrice).toBe(150_000);
  });
});

describe('next price break: how many more units and what that saves', () => {
  it.each([
    // quantity, moreUnits, at quantity, unit, total, saves
    [resistor, 1, 9, 10, 4000, 40_000, 10_000],
    [resistor, 7, 3, 10, 4000, 40_000, 10_000],
    [resistor, 10, 90, 100, 3000, 300_000, 100_000],
    [resistor, 99, 1, 100, 3000, 300_000, 100_000],
    [resistor, 0, 10, 10, 4000, 40_000, 10_000],
    [gappy, 5, 95, 100, 1500, 150_000, 50_000],
  ])('%# at %d: %d more → %d units at %d (total %d) saves %d', (product, q, more, atQ, unit, total, saves) => {
    expect(nextPriceBreak(product, q)).toEqual({ moreUnits: more, quantity: atQ, unitPrice: unit, total, saves });
  });

  it.each([
    [resistor, 100],
    [resistor, 5000],
    [noTiers, 1],
    [noTiers, 50],
  ])('%# none beyond the cheapest tier (quantity %d)', (product, q) => {
    expect(nextPriceBreak(product, q)).toBeNull();
  });

  it('skips a higher tier that is not cheaper', () => {
    const odd: Priced = {
      price: 100,
      prices: [
        { minCount: 1, maxCount: 9, minPrice: 100, minCompareAtPrice: null },
        { minCount: 10, maxCount: 19, minPrice: 100, minCompareAtPrice: null },
        { minCount: 20, maxCount: null, minPrice: 80, minCompareAtPrice: null },
      ],
    };
    expect(nextPriceBreak(odd, 3)).toMatchObject({ moreUnits: 17, quantity: 20, saves: 400 });
  });

  it.each([
    // quantity, cap (what stock and threshold allow), the break offered or null
    [1, 9, null],
    [1, 10, 10],
    [10, 60, null],
    [10, 100, 100],
    [1, Number.POSITIVE_INFINITY, 10],
  ])('never asks for more than may be bought: at %d with a cap of %d → %s', (q, cap, at) => {
    expect(nextPriceBreak(resistor, q, cap)?.quantity ?? null).toBe(at);
  });

  it('shows when buying more costs less in total (99 at 4,000 vs 100 at 3,000)', () => {
    const next = nextPriceBreak(resistor, 99)!;
    expect(next.total).toBeLessThan(lineTotal(resistor, 99));
  });
});
