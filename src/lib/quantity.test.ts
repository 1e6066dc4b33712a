import { describe, expect, it } from 'vitest';
import {
  checkCartQuantity,
  CONTACT_STORE_MESSAGE,
  MAX_LINE_QUANTITY,
  parseQuantityInput,
  QUANTITY_MESSAGES,
  stepQuantity,
  type QuantityProduct,
  cartQuantityCap,
} from './quantity';

const one = { minimumPurchase: 1 };
const pack10 = { minimumPurchase: 10 };

describe('quantity input (spec §5)', () => {
  it.each<[string, { minimumPurchase: number }, number | '']>([
    ['', one, ''],
    ['   ', one, ''],
    ['abc', one, 1],
    ['abc', pack10, 10],
    ['۳', one, 3], // Persian digits
    ['٤٥', one, 45], // Arabic-Indic digits
    ['7', one, 7],
    ['0', one, 1],
    ['-4', one, 1],
    ['2.6', one, 3],
    ['7', pack10, 10],
    ['10', pack10, 10],
    ['11', pack10, 20],
    ['۲۵', pack10, 30],
    ['3e2', one, 1], // not plain digits: the minimum
    ['99999999', one, MAX_LINE_QUANTITY],
    ['12', { minimumPurchase: 0 }, 12], // a broken minimum counts as 1
  ])('typed %j (min %o) → %j', (raw, product, expected) => {
    expect(parseQuantityInput(raw, product)).toBe(expected);
  });

  it('clamps to a given maximum on a step', () => {
    expect(parseQuantityInput('95', pack10, 45)).toBe(40);
    expect(parseQuantityInput('5', one, 3)).toBe(3);
  });

  it.each<[number | '', 1 | -1, { minimumPurchase: number }, number]>([
    [1, 1, one, 2],
    [1, -1, one, 1],
    [5, -1, one, 4],
    ['', 1, one, 1],
    ['', -1, one, 1],
    [10, 1, pack10, 20],
    [20, -1, pack10, 10],
    [10, -1, pack10, 10],
    ['', 1, pack10, 10],
    [MAX_LINE_QUANTITY, 1, one, MAX_LINE_QUANTITY],
  ])('%j stepped %d (min %o) → %d', (current, dir, product, expected) => {
    expect(stepQuantity(current, dir, product)).toBe(expected);
  });
});

describe('may this quantity go in the cart?', () => {
  const inStock: QuantityProduct = { minimumPurchase: 1, stock: 100, threshold: 500, preOrder: false };
  const lowThreshold: QuantityProduct = { minimumPurchase: 1, stock: 1000, threshold: 50, preOrder: false };
  const reel: QuantityProduct = { minimumPurchase: 10, stock: 200, threshold: 500, preOrder: false };
  const preOrder: QuantityProduct = { minimumPurchase: 1, stock: 0, threshold: 500, preOrder: true };

  it.each<[QuantityProduct, unknown, string]>([
    [inStock, 1, 'ok'],
    [inStock, 100, 'ok'],
    [inStock, 101, 'contact-store'], // above stock
    [lowThreshold, 50, 'ok'],
    [lowThreshold, 51, 'contact-store'], // above threshold
    [preOrder, 1, 'ok'],
    [preOrder, 800, 'ok'], // pre-orders are not bound by stock or threshold
    [inStock, 0, 'below-one'],
    [inStock, -2, 'below-one'],
    [inStock, '3', 'not-a-number'], // spec §5: a string adds nothing
    [inStock, '', 'not-a-number'],
    [inStock, 1.5, 'not-a-number'],
    [inStock, Number.NaN, 'not-a-number'],
    [inStock, null, 'not-a-number'],
    [reel, 5, 'below-minimum'],
    [reel, 15, 'not-a-multiple'],
    [reel, 30, 'ok'],
    [reel, 210, 'contact-store'],
    [preOrder, MAX_LINE_QUANTITY + 1, 'too-many'],
  ])('%# %o with %j → %s', (product, q, expected) => {
    const verdict = checkCartQuantity(product, q);
    expect(verdict.ok ? 'ok' : verdict.reason).toBe(expected);
  });

  it('says "contact the store" in Persian', () => {
    const verdict = checkCartQuantity(inStock, 500);
    expect(verdict).toEqual({ ok: false, reason: 'contact-store', message: CONTACT_STORE_MESSAGE });
    expect(CONTACT_STORE_MESSAGE).toContain('تماس');
    for (const text of Object.values(QUANTITY_MESSAGES)) expect(text).toMatch(/[\u0600-\u06ff]/);
  });
});

describe('how many units a line may hold without the store', () => {
  it.each([
    [{ minimumPurchase: 1, stock: 40, threshold: 100, preOrder: false }, 40],
    [{ minimumPurchase: 1, stock: 400, threshold: 100, preOrder: false }, 100],
    [{ minimumPurchase: 10, stock: 0, threshold: 100, preOrder: false }, 0],
    [{ minimumPurchase: 1, stock: 0, threshold: 5, preOrder: true }, MAX_LINE_QUANTITY],
  ])('%o → %d', (product, cap) => {
    expect(cartQuantityCap(product)).toBe(cap);
  });
});
