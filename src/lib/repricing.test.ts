import { describe, expect, it } from 'vitest';
import { followTiers, priceByPercent, priceFromUsd } from './repricing';

describe('priceByPercent', () => {
  it.each([
    [100_000, 10, 110_000],
    [100_000, -10, 90_000],
    [12_345, 0, 12_350],
    [99_999, 5, 105_000],
    [20, -99, 10],
    [1_000_000, 2.5, 1_025_000],
  ])('%i rials by %f %% is %i', (rials, percent, expected) => expect(priceByPercent(rials, percent)).toBe(expected));
});

describe('priceFromUsd', () => {
  it.each([
    // 1.00 USD at 600,000 rials with 20 % margin = 720,000 rials exactly.
    [100, 20, 600_000, 720_000],
    // 0.35 USD at 612,345 rials, 30 % margin = 278,617.0 → up to 279,000.
    [35, 30, 612_345, 279_000],
    [1, 0, 100, 1000],
    [250, 0, 800_000, 2_000_000],
    [12_999, 12.5, 950_000, 138_927_000],
  ])('%i cents, %f %% margin at %i', (cents, margin, rate, expected) => expect(priceFromUsd(cents, margin, rate)).toBe(expected));
});

describe('followTiers', () => {
  it('keeps each tier in proportion to the first price', () => {
    const tiers = [
      { minCount: 1, price: 100_000, compareAtPrice: 120_000 },
      { minCount: 10, price: 90_000, compareAtPrice: null },
    ];
    expect(followTiers(tiers, 100_000, 150_000)).toEqual([
      { minCount: 1, price: 150_000, compareAtPrice: 180_000 },
      { minCount: 10, price: 135_000, compareAtPrice: null },
    ]);
  });
  it('leaves tiers alone when the old price was zero', () => {
    const tiers = [{ price: 0, compareAtPrice: null }];
    expect(followTiers(tiers, 0, 5000)).toBe(tiers);
  });
});
