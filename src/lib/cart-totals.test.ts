import { describe, expect, it } from 'vitest';
import { cartTotals, orderAmounts } from './cart-totals';
import type { Priced } from './price-tiers';
import { shippingRatesFromToman } from './shipping';

const resistor: Priced = {
  price: 5000,
  prices: [
    { minCount: 1, maxCount: 9, minPrice: 5000, minCompareAtPrice: null },
    { minCount: 10, maxCount: null, minPrice: 4000, minCompareAtPrice: null },
  ],
};
const board: Priced = { price: 1_090_000, prices: [] };

describe('cart totals', () => {
  it('an empty cart has no Shipping line and costs nothing', () => {
    expect(cartTotals([])).toEqual({ lines: [], subtotal: 0, vatIncluded: 0, totals: [], total: 0, quantity: 0, cartCount: 0 });
  });

  it('prices each line at its tier and shows a Shipping line of 0', () => {
    const cart = cartTotals([
      { product: resistor, quantity: 12, available: true },
      { product: board, quantity: 1, available: true },
    ]);
    expect(cart.lines.map((l) => [l.unitPrice, l.total])).toEqual([
      [4000, 48_000],
      [1_090_000, 1_090_000],
    ]);
    expect(cart.subtotal).toBe(1_138_000);
    expect(cart.totals).toEqual([{ type: 'shipping', title: 'هزینه ارسال', price: 0 }]);
    expect(cart.total).toBe(1_138_000);
    expect(cart.vatIncluded).toBe(93_963); // 1,138,000 × 9 / 109
    expect(cart.quantity).toBe(13);
    expect(cart.cartCount).toBe(2);
  });

  it('tells each line how far the next price break is', () => {
    const cart = cartTotals([{ product: resistor, quantity: 4, available: true }]);
    expect(cart.lines[0]!.nextBreak).toEqual({ moreUnits: 6, quantity: 10, unitPrice: 4000, total: 40_000, saves: 10_000 });
  });

  it('a deleted product stays in the cart as unavailable and costs nothing', () => {
    const cart = cartTotals([
      { product: board, quantity: 2, available: false },
      { product: resistor, quantity: 2, available: true },
    ]);
    expect(cart.lines[0]).toMatchObject({ productAvailable: 0, total: 0 });
    expect(cart.subtotal).toBe(10_000);
    expect(cart.quantity).toBe(2);
    expect(cart.cartCount).toBe(2);
  });

  it('a cart of only unavailable lines still shows its Shipping line', () => {
    const cart = cartTotals([{ product: board, quantity: 1, available: false }]);
    expect(cart.totals).toHaveLength(1);
    expect(cart.total).toBe(0);
  });

  it.each([
    [0, 1_138_000, []],
    [10, 1_024_200, [{ type: 'discount', title: 'تخفیف', price: -113_800 }]],
    [90, 113_800, [{ type: 'discount', title: 'تخفیف', price: -1_024_200 }]],
  ])('with %d %% discount the total is %d', (percent, total, extra) => {
    const cart = cartTotals(
      [
        { product: resistor, quantity: 12, available: true },
        { product: board, quantity: 1, available: true },
      ],
      { discountPercent: percent },
    );
    expect(cart.total).toBe(total);
    expect(cart.totals.slice(1)).toEqual(extra);
  });

  it('titles entries in English on request', () => {
    expect(cartTotals([{ product: board, quantity: 1, available: true }], { locale: 'en' }).totals[0]!.title).toBe('Shipping');
  });
});

describe('order amounts (stored on the order, printed on the invoice)', () => {
  const rates = shippingRatesFromToman({ courierPrice: 80_000, courierFreeFrom: 150_000, postPrice: 90_000, postFreeFrom: 300_000 });
  it.each([
    // lines, method, discount %, subtotal, discount, shipping, total
    [[1_000_000], 'courier', 0, 1_000_000, 0, 800_000, 1_800_000],
    [[1_000_000, 500_000], 'courier', 0, 1_500_000, 0, 0, 1_500_000],
    [[1_600_000], 'courier', 10, 1_600_000, 160_000, 800_000, 2_240_000], // discount drops goods under the threshold
    [[2_000_000], 'post', 0, 2_000_000, 0, 900_000, 2_900_000],
    [[3_000_000], 'post', 0, 3_000_000, 0, 0, 3_000_000],
    [[3_000_000], 'pickup', 0, 3_000_000, 0, 0, 3_000_000],
    [[], 'post', 0, 0, 0, 0, 0],
  ] as const)('%o by %s at %d %%', (lines, method, percent, subtotal, discount, shipping, total) => {
    const amounts = orderAmounts(lines, method, rates, percent);
    expect(amounts).toMatchObject({ subtotal, discount, shipping, total });
    expect(amounts.vat).toBe(Math.round(((subtotal - discount) * 9) / 109));
  });
});
