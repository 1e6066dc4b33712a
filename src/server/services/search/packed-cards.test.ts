import { describe, expect, it } from 'vitest';
import type { ProductCard } from '../../../api/schemas/catalogue';
import { PackedCards } from './packed-cards';

const card = (id: number, over: Partial<ProductCard> = {}): ProductCard => ({
  id,
  slug: `part-${id}`,
  sku: `SKU-${id}`,
  name: `Part ${id}`,
  nameFa: `قطعهٔ ${id}‌ها`,
  displayName: `Part ${id}`,
  partNumber: `LM${id}`,
  description: id % 2 ? null : 'آی‌سی رگولاتور ولتاژ',
  images: [{ src: `/media/${id}.webp`, alt: 'تصویر' }] as ProductCard['images'],
  badges: [],
  rating: 4.5,
  reviews: 3,
  quality: 'original',
  availability: 'in-stock',
  availabilityDate: null,
  brand: null,
  package: 'TO-220',
  price: 125_000,
  compareAtPrice: null,
  prices: [],
  minimumPurchase: 1,
  stock: 12,
  threshold: 0,
  enable: true,
  ...over,
});

describe('packed cards', () => {
  it('gives back each card as it was pushed, Persian text and nulls included, and nothing for a gap', () => {
    const store = new PackedCards();
    const cards = [card(1), undefined, card(2), card(3)];
    for (const c of cards) store.push(c);
    expect(store.length).toBe(4);
    cards.forEach((c, row) => expect(store.get(row)).toEqual(c));
    expect(store.get(4)).toBeUndefined();
    expect(store.get(-1)).toBeUndefined();
  });

  it.each([
    { change: 'stock down to one digit', over: { stock: 7 } },
    { change: 'a price a digit longer', over: { price: 1_250_000 } },
    { change: 'a longer Persian name', over: { nameFa: 'قطعه‌ای با نامی بسیار بلندتر از نام پیشین خود، برای آزمودن جابه‌جایی' } },
    { change: 'a description where there was none', over: { description: 'توضیح تازه '.repeat(20) } },
  ])('replaces one card ($change) and leaves its neighbours whole', ({ over }) => {
    const store = new PackedCards();
    for (let id = 1; id <= 5; id++) store.push(card(id));
    store.set(2, card(3, over));
    expect(store.get(2)).toEqual(card(3, over));
    for (const row of [0, 1, 3, 4]) expect(store.get(row)).toEqual(card(row + 1));
  });

  it('gives the changed card after a change, not the one read before it', () => {
    const store = new PackedCards();
    store.push(card(1));
    expect(store.get(0)?.stock).toBe(12);
    store.set(0, card(1, { stock: 3 }));
    expect(store.get(0)?.stock).toBe(3);
    store.set(0, undefined);
    expect(store.get(0)).toBeUndefined();
  });

  it('takes a card away and gives a row one later', () => {
    const store = new PackedCards();
    store.push(card(1));
    store.push(undefined);
    store.set(0, undefined);
    store.set(1, card(2));
    expect(store.get(0)).toBeUndefined();
    expect(store.get(1)).toEqual(card(2));
  });

  it('keeps every card right through many replacements that outgrow their room (packed anew on the way)', () => {
    const store = new PackedCards();
    const rows = 2_000;
    for (let id = 0; id < rows; id++) store.push(card(id));
    const latest = new Map<number, ProductCard>();
    // Each round makes every touched card longer than its room: the old bytes are left behind until packed anew.
    for (let round = 1; round <= 30; round++) {
      for (let row = round % 7; row < rows; row += 7) {
        const c = card(row, { description: 'x'.repeat(4_000 + round * 100) });
        store.set(row, c);
        latest.set(row, c);
      }
    }
    for (let row = 0; row < rows; row++) expect(store.get(row)).toEqual(latest.get(row) ?? card(row));
    // Without packing anew the replaced bytes alone would pass 30 × ~286 cards × ~6 KB ≈ 50 MB (four chunks with the live ones).
    expect(store.bytes).toBeLessThan(3 * 16 * 2 ** 20);
  });

  it('gives a row emptied before the store was packed anew a place of its own, not its old room', () => {
    const store = new PackedCards();
    const rows = 600;
    for (let id = 0; id < rows; id++) store.push(card(id));
    store.set(0, undefined);
    // Enough cards outgrow their room to pack the store anew (past 8 MiB left behind).
    const big = (row: number, round: number) => card(row, { description: 'y'.repeat(20_000 + round * 1_000) });
    for (let round = 0; round < 2; round++) for (let row = 1; row < rows; row++) store.set(row, big(row, round));
    store.set(0, card(0, { stock: 1 }));
    expect(store.get(0)).toEqual(card(0, { stock: 1 }));
    for (let row = 1; row < rows; row++) expect(store.get(row)).toEqual(big(row, 1));
  });

  it('refuses to set a row it does not have', () => {
    const store = new PackedCards();
    store.push(card(1));
    expect(() => store.set(1, card(2))).toThrow(RangeError);
  });
});
