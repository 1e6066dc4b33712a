import { describe, expect, it } from 'vitest';
import { slicesOf } from './parallel-render';

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('cutting the products between build workers', () => {
  it.each([
    { items: 10, n: 2, share: 1, lengths: [5, 5] },
    { items: 11, n: 2, share: 1, lengths: [6, 5] },
    { items: 100_000, n: 2, share: 0.97, lengths: [49_239, 50_761] },
    { items: 9_796, n: 4, share: 0.97, lengths: [2_393, 2_468, 2_468, 2_467] },
    { items: 3, n: 1, share: 0.97, lengths: [3] },
    { items: 0, n: 2, share: 0.97, lengths: [] },
  ])('$items products for $n workers, the first taking $share of a share: $lengths', ({ items, n, share, lengths }) => {
    const slices = slicesOf(numbers(items), n, share);
    expect(slices.map((s) => s.length)).toEqual(lengths);
    // Contiguous, in order, every product once.
    expect(slices.flat()).toEqual(numbers(items));
  });
});
