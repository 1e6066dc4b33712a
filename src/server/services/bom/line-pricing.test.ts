import { describe, expect, it } from 'vitest';
import { priceLine, type PricedProductFacts } from './line-pricing';

// A chip resistor sold from 100 in packs of 100 (rials): 100–999 at 400, 1000+ at 350.
const resistor: PricedProductFacts = {
  price: 400,
  minimumPurchase: 100,
  stock: 50_000,
  threshold: 100_000,
  availability: 'in-stock',
  prices: [
    { minCount: 100, maxCount: 999, minPrice: 400, minCompareAtPrice: null },
    { minCount: 1000, maxCount: null, minPrice: 350, minCompareAtPrice: null },
  ],
};
const opAmp: PricedProductFacts = {
  price: 155_000,
  minimumPurchase: 1,
  stock: 30,
  threshold: 500,
  availability: 'in-stock',
  prices: [
    { minCount: 1, maxCount: 9, minPrice: 155_000, minCompareAtPrice: null },
    { minCount: 10, maxCount: null, minPrice: 145_000, minCompareAtPrice: null },
  ],
};

describe('BOM line price', () => {
  it.each([
    // product, wanted, order quantity, unit, total, notes matching
    [resistor, 5, 100, 400, 40_000, [/حداقل خرید این کالا ۱۰۰ عدد است؛ تعداد از ۵ به ۱۰۰ رسید/]],
    [resistor, 150, 200, 400, 80_000, [/بسته‌های ۱۰۰ عددی.*از ۱۵۰ به ۲۰۰/]],
    [resistor, 1000, 1000, 350, 350_000, []],
    [resistor, 2550, 2600, 350, 910_000, [/از ۲٬۵۵۰ به ۲٬۶۰۰/]],
    [opAmp, 1, 1, 155_000, 155_000, []],
    [opAmp, 12, 12, 145_000, 1_740_000, []],
    [opAmp, 40, 40, 145_000, 5_800_000, [/با فروشگاه تماس بگیرید/]],
  ])('%# wanted %d → %d × %d = %d', (product, wanted, qty, unit, total, notes) => {
    const line = priceLine(product, wanted);
    expect(line.orderQuantity).toBe(qty);
    expect(line.unitPrice).toBe(unit);
    expect(line.lineTotal).toBe(total);
    expect(line.notes).toHaveLength(notes.length);
    notes.forEach((re, i) => expect(line.notes[i]).toMatch(re));
  });

  it('shows no price for what is out of stock, and says so', () => {
    const line = priceLine({ ...opAmp, stock: 0, availability: 'out-of-stock' }, 3);
    expect(line).toMatchObject({ orderQuantity: 3, unitPrice: null, lineTotal: null });
    expect(line.notes.join(' ')).toMatch(/موجود نیست/);
  });
});
