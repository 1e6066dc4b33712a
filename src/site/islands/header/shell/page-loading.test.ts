import { describe, expect, it } from 'vitest';
import { reloadDue } from './chunk-reload';
import { prefetchAllowed } from './idle-prefetch';

describe("idle prefetch spares the shopper's data", () => {
  it.each([
    [undefined, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g', saveData: false }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
  ])('%j → %s', (connection, allowed) => {
    expect(prefetchAllowed(connection)).toBe(allowed);
  });
});

describe('a failed chunk reloads the page once', () => {
  const now = 1_000_000;
  it.each([
    [null, '/shop/cart', true],
    [{ path: '/shop/cart', at: now - 5_000 }, '/shop/cart', false],
    [{ path: '/shop/cart', at: now - 61_000 }, '/shop/cart', true],
    [{ path: '/shop/compare', at: now - 5_000 }, '/shop/cart', true],
  ])('last reload %j on %s → %s', (last, path, due) => {
    expect(reloadDue(last, path, now)).toBe(due);
  });
});
