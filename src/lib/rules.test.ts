import { describe, expect, it } from 'vitest';
import { arrivalOf, availabilityOf, canAddToCart } from './availability';
import { productDisplayName } from './display-name';
import { formatToman, rialsToToman, tomanToRials } from './money';
import { roundDownByDigits, roundedPriceRange, roundUpByDigits } from './price-range';

describe('availability (spec §4)', () => {
  it.each([
    [{ stock: 5, availabilityDate: null }, 'in-stock', true],
    [{ stock: 5, availabilityDate: '2026-12-01' }, 'in-stock', true],
    [{ stock: 0, availabilityDate: '2026-12-01' }, 'pre-order', true],
    [{ stock: 0, availabilityDate: null }, 'out-of-stock', false],
    // Fewer left than the minimum purchase: nothing a shopper can buy now.
    [{ stock: 3, availabilityDate: null, minimumPurchase: 10 }, 'out-of-stock', false],
    [{ stock: 3, availabilityDate: '2026-12-01', minimumPurchase: 10 }, 'pre-order', true],
    [{ stock: 10, availabilityDate: null, minimumPurchase: 10 }, 'in-stock', true],
    [{ stock: 1, availabilityDate: null, minimumPurchase: 0 }, 'in-stock', true],
  ] as const)('%o → %s', (p, expected, addable) => {
    expect(availabilityOf(p)).toBe(expected);
    expect(canAddToCart(availabilityOf(p))).toBe(addable);
  });
});

describe("a pre-order's arrival as shown", () => {
  // 2026-11-25 20:00 UTC is already 26 November in Tehran (UTC+03:30).
  it.each([
    ['2026-12-01', '2026-11-25T10:00:00Z', { kind: 'date', date: '2026-12-01' }],
    ['2026-11-25', '2026-11-25T10:00:00Z', { kind: 'date', date: '2026-11-25' }],
    ['2026-11-24', '2026-11-25T10:00:00Z', { kind: 'soon' }],
    ['2026-11-25', '2026-11-25T21:00:00Z', { kind: 'soon' }],
    [null, '2026-11-25T10:00:00Z', null],
  ] as const)('%s on %s', (date, now, expected) => {
    expect(arrivalOf(date, new Date(now))).toEqual(expected);
  });
});

describe('display name (spec §3)', () => {
  it.each([
    [{ name: 'LM358P', nameFa: 'آی‌سی LM358P آپ‌امپ', partNumber: 'LM358P' }, 'آی‌سی LM358P آپ‌امپ'],
    [{ name: 'Arduino Uno R3', nameFa: 'Uno', partNumber: 'A000066' }, 'Arduino Uno R3'],
    [{ name: 'Dual op-amp', nameFa: 'آپ‌امپ دوبل', partNumber: 'X1' }, 'آپ‌امپ دوبل'],
    [{ name: 'Dual op-amp', nameFa: '', partNumber: 'X1' }, 'X1'],
  ])('%o → %s', (p, expected) => expect(productDisplayName(p)).toBe(expected));
});

describe('money', () => {
  it.each([
    [15500, 155000],
    [0, 0],
    [1, 10],
  ])('%d toman = %d rials', (toman, rials) => {
    expect(tomanToRials(toman)).toBe(rials);
    expect(rialsToToman(rials)).toBe(toman);
  });
  it('shows toman with Persian digits in fa and Latin digits in en', () => {
    expect(formatToman(155000, 'fa')).toBe('۱۵٬۵۰۰ تومان');
    expect(formatToman(155000, 'en')).toBe('15,500 Toman');
  });
});

describe('price filter range rounding (spec §9)', () => {
  it.each([
    [12345, 10000, 20000],
    [87654, 80000, 90000],
    [1000, 1000, 1000],
    [999, 900, 1000],
    [5, 5, 5],
    [0, 0, 0],
    [100000000, 100000000, 100000000],
  ])('%d → down %d, up %d', (v, down, up) => {
    expect(roundDownByDigits(v)).toBe(down);
    expect(roundUpByDigits(v)).toBe(up);
  });
  it('rounds the low end down and the high end up', () => {
    expect(roundedPriceRange(450, 38_500_000)).toEqual([400, 40_000_000]);
  });
});
