import { describe, expect, it } from 'vitest';
import { sameCity, shippingMethodsFor, shippingQuotes, shippingRatesFromToman } from './shipping';

const rates = shippingRatesFromToman({
  courierPrice: 80_000,
  courierFreeFrom: 150_000,
  postPrice: 90_000,
  postFreeFrom: 300_000,
  carrierPrice: 120_000,
});

describe('shipping methods by destination', () => {
  it.each([
    // destination city, store city, methods offered
    ['تهران', 'تهران', ['courier', 'post', 'carrier', 'pickup']],
    ['تهران ', 'تهران', ['courier', 'post', 'carrier', 'pickup']],
    ['اصفهان', 'تهران', ['post', 'carrier', 'pickup']],
    ['كرج', 'کرج', ['courier', 'post', 'carrier', 'pickup']], // Arabic kaf typed: the same city
    ['شهر ری', 'تهران', ['post', 'carrier', 'pickup']],
    ['', 'تهران', ['post', 'carrier', 'pickup']],
  ] as const)('%s with the store in %s → %o', (city, store, methods) => {
    expect(shippingMethodsFor(city, store)).toEqual(methods);
  });

  it('never counts two empty names as one city', () => {
    expect(sameCity('', '')).toBe(false);
  });
});

describe('shipping quotes (checkout and cart table)', () => {
  it.each([
    // goods rials, method, cost, total, until free
    [1_000_000, 'courier', 800_000, 1_800_000, 500_000],
    [1_500_000, 'courier', 0, 1_500_000, null],
    [1_000_000, 'post', 900_000, 1_900_000, 2_000_000],
    [3_000_000, 'post', 0, 3_000_000, null],
    [9_000_000, 'carrier', 1_200_000, 10_200_000, null], // a carrier is never free
    [1_000_000, 'pickup', 0, 1_000_000, null],
    [0, 'post', 0, 0, 3_000_000],
  ] as const)('%d rials by %s', (goods, method, cost, total, untilFree) => {
    expect(shippingQuotes(goods, [method], rates)).toEqual([{ method, cost, total, untilFree }]);
  });
});
