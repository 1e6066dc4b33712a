import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../../api/schemas/shop';
import { addItem, EMPTY_CART, removeItem, updateQuantities } from './cart-state';

const product = (id: number, over: Partial<CartProduct & { deletedAt: string | null }> = {}) => ({
  id,
  slug: `p${id}`,
  name: `P${id}`,
  nameFa: `کالا ${id}`,
  displayName: `کالا ${id}`,
  partNumber: `PN${id}`,
  images: [],
  badges: [],
  availability: 'in-stock' as const,
  price: 10_000,
  compareAtPrice: null,
  minimumPurchase: 1,
  stock: 100,
  threshold: 500,
  prices: [
    { minCount: 1, maxCount: 9, minPrice: 10_000, minCompareAtPrice: null },
    { minCount: 10, maxCount: null, minPrice: 8_000, minCompareAtPrice: null },
  ],
  ...over,
});

describe('client cart', () => {
  it('raises the line of the same product and options, else adds a line; quantity 0 adds nothing', () => {
    let s = addItem(EMPTY_CART, product(1), [], 2);
    s = addItem(s, product(1), [], 8);
    expect(s.items).toHaveLength(1);
    expect(s.items[0]).toMatchObject({ quantity: 10, price: 8_000, total: 80_000 });
    s = addItem(s, product(1), [{ optionId: 1, valueId: 2 }], 1);
    expect(s.items).toHaveLength(2);
    expect(addItem(s, product(2), [], 0)).toBe(s);
    expect(s).toMatchObject({ quantity: 11, subtotal: 90_000, total: 90_000, cartCount: 2, lastItemId: 2 });
  });

  it('shows a Shipping line of 0 only when not empty, and marks deleted products unavailable', () => {
    expect(EMPTY_CART.totals).toEqual([]);
    let s = addItem(EMPTY_CART, product(3, { deletedAt: '2024-01-01' }), [], 5);
    expect(s.items[0]).toMatchObject({ productAvailable: 0, total: 0 });
    expect(s.totals).toEqual([{ type: 'shipping', title: 'هزینه ارسال', price: 0 }]);
    s = removeItem(s, s.items[0]!.id);
    expect(s).toMatchObject({ items: [], totals: [], total: 0, cartCount: 0 });
  });

  it('recomputes on quantity changes; 0 removes the line', () => {
    let s = addItem(addItem(EMPTY_CART, product(1), [], 1), product(2), [], 1);
    s = updateQuantities(s, [
      { id: 1, quantity: 12 },
      { id: 2, quantity: 0 },
    ]);
    expect(s.items.map((i) => [i.id, i.quantity, i.total])).toEqual([[1, 12, 96_000]]);
    expect(s.total).toBe(96_000);
  });
});
