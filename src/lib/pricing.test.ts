import { describe, expect, it } from 'vitest';
import { applyDiscount, clampDiscountPercent, discountAmount } from './discount';
import { shippingCost, shippingRatesFromToman, untilFreeShipping, type ShippingMethod } from './shipping';
import { netOfVat, vatIncluded } from './vat';

describe('VAT 9 %, included in catalogue prices', () => {
  it.each([
    [109_000, 9_000],
    [1_090, 90],
    [100_000, 8_257], // 8256.88… rounds up
    [1, 0],
    [12, 1],
    [0, 0],
    [-500, 0],
    [2_180_000, 180_000],
  ])('%d rials contain %d rials of VAT', (gross, vat) => {
    expect(vatIncluded(gross)).toBe(vat);
    expect(netOfVat(gross)).toBe(gross - vat);
  });
  it('net + VAT always gives back the gross amount', () => {
    for (const gross of [7, 999, 123_456, 98_765_430]) expect(netOfVat(gross) + vatIncluded(gross)).toBe(gross);
  });
});

describe('discount percent (spec §9: total − total × percent / 100, rounded)', () => {
  it.each([
    [1_000_000, 10, 100_000, 900_000],
    [1_000_000, 0, 0, 1_000_000],
    [1_234_560, 15, 185_180, 1_049_380], // 185,184 rials → 18,518.4 toman → 18,518 toman
    [999_990, 33, 330_000, 669_990], // 329,996.7 rials → 32,999.67 toman → 33,000 toman
    [500_000, 90, 450_000, 50_000],
    [500_000, 95, 450_000, 50_000], // above the 90 % cap
    [500_000, -5, 0, 500_000],
    [500_000, Number.NaN, 0, 500_000],
    [0, 20, 0, 0],
    [10, 50, 10, 0], // 0.5 toman rounds to 1 toman
  ])('%d rials at %d %% → discount %d, total %d', (total, percent, discount, after) => {
    expect(discountAmount(total, percent)).toBe(discount);
    expect(applyDiscount(total, percent)).toBe(after);
  });
  it.each([
    [-1, 0],
    [0, 0],
    [12.5, 12.5],
    [90, 90],
    [91, 90],
    [Infinity, 0],
  ])('clamps %d to %d', (p, c) => {
    expect(clampDiscountPercent(p)).toBe(c);
  });
});

describe('shipping: courier free from 150,000 toman, post from 300,000 toman', () => {
  const rates = shippingRatesFromToman({ courierPrice: 80_000, courierFreeFrom: 150_000, postPrice: 90_000, postFreeFrom: 300_000 });
  it.each<[ShippingMethod, number, number]>([
    ['courier', 1_499_990, 800_000],
    ['courier', 1_500_000, 0],
    ['courier', 2_999_990, 0],
    ['courier', 10, 800_000],
    ['post', 1_500_000, 900_000],
    ['post', 2_999_990, 900_000],
    ['post', 3_000_000, 0],
    ['post', 50_000_000, 0],
    ['pickup', 10, 0],
    ['pickup', 5_000_000, 0],
    ['courier', 0, 0], // an empty order ships nothing
    ['post', 0, 0],
  ])('%s for goods of %d rials costs %d rials', (method, goods, cost) => {
    expect(shippingCost(method, goods, rates)).toBe(cost);
  });
  it.each<[ShippingMethod, number, number | null]>([
    ['courier', 1_000_000, 500_000],
    ['courier', 1_500_000, null],
    ['post', 1_000_000, 2_000_000],
    ['post', 0, 3_000_000],
    ['pickup', 0, null],
  ])('%s at %d rials: %s rials more for free shipping', (method, goods, more) => {
    expect(untilFreeShipping(method, goods, rates)).toBe(more);
  });
  it('takes other prices from configuration', () => {
    const dear = shippingRatesFromToman({ courierPrice: 120_000, courierFreeFrom: 150_000, postPrice: 45_000, postFreeFrom: 300_000 });
    expect(shippingCost('courier', 100_000, dear)).toBe(1_200_000);
    expect(shippingCost('post', 100_000, dear)).toBe(450_000);
  });
});
