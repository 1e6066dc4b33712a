import { describe, expect, it } from 'vitest';
import { orderAmounts } from './cart-totals';
import { changeSummary, changeSummaryText, confirmedAmounts, lineChanges, onlyCuts } from './pre-invoice-changes';
import { shippingRatesFromToman } from './shipping';

const rates = shippingRatesFromToman({ courierPrice: 80_000, courierFreeFrom: 150_000, postPrice: 90_000, postFreeFrom: 300_000 });
const line = (
  requestedQuantity: number,
  requestedUnitPrice: number,
  quantity = requestedQuantity,
  unitPrice = requestedUnitPrice,
  available = true,
) => ({ requestedQuantity, requestedUnitPrice, quantity, unitPrice, available });

describe('line changes', () => {
  it.each([
    [line(10, 1000), ['unchanged']],
    [line(10, 1000, 6), ['quantity_cut']],
    [line(10, 1000, 12), ['quantity_raised']],
    [line(10, 1000, 10, 900), ['price_down']],
    [line(10, 1000, 5, 1200), ['quantity_cut', 'price_up']],
    [line(10, 1000, 10, 1000, false), ['unavailable']],
    [line(10, 1000, 0), ['unavailable']],
  ] as const)('%o → %o', (l, changes) => expect(lineChanges(l, l)).toEqual(changes));

  it('only cuts: fewer, cheaper or dropped lines', () => {
    expect(onlyCuts([line(10, 1000, 5), line(2, 500, 2, 400), line(1, 100, 0, 100, false)])).toBe(true);
    expect(onlyCuts([line(10, 1000, 5), line(2, 500, 3)])).toBe(false);
    expect(onlyCuts([line(10, 1000, 10, 1100)])).toBe(false);
  });
});

describe('confirmed amounts', () => {
  // An enquiry of 1,600,000 rials by courier: free courier (from 1,500,000).
  const asked = [line(10, 100_000), line(2, 300_000)];
  const enquiry = orderAmounts(
    asked.map((l) => l.requestedQuantity * l.requestedUnitPrice),
    'courier',
    rates,
  );

  it.each([
    // name, confirmed lines, subtotal, shipping, total
    ['untouched', asked, 1_600_000, 0, 1_600_000],
    ['quantity cut below the free threshold: shipping stays free', [line(10, 100_000, 4), line(2, 300_000)], 1_000_000, 0, 1_000_000],
    ['a line dropped', [line(10, 100_000), line(2, 300_000, 2, 300_000, false)], 1_000_000, 0, 1_000_000],
    ['price raised: shipping recomputed and charged', [line(10, 100_000, 4, 110_000), line(2, 300_000)], 1_040_000, 800_000, 1_840_000],
    ['quantity raised above the enquiry', [line(10, 100_000, 20), line(2, 300_000)], 2_600_000, 0, 2_600_000],
  ] as const)('%s', (_name, lines, subtotal, shipping, total) => {
    expect(confirmedAmounts(lines, 'courier', rates, 0, enquiry)).toMatchObject({ subtotal, shipping, total });
  });

  it('a store that only cuts never raises the total, whatever the cut, discount or method', () => {
    for (const method of ['courier', 'post', 'carrier', 'pickup'] as const) {
      for (const percent of [0, 7, 33, 90]) {
        for (let a = 0; a <= 10; a++) {
          for (let b = 0; b <= 3; b++) {
            const base = [line(10, 29_990), line(3, 451_230)];
            const before = orderAmounts(
              base.map((l) => l.requestedQuantity * l.requestedUnitPrice),
              method,
              rates,
              percent,
            );
            const cut = [line(10, 29_990, a), line(3, 451_230, b)];
            const after = confirmedAmounts(cut, method, rates, percent, before);
            expect(after.total, `${method} ${percent}% ${a}/${b}`).toBeLessThanOrEqual(before.total);
            expect(after.total).toBe(after.subtotal - after.discount + after.shipping);
          }
        }
      }
    }
  });

  it('summarises the changes in Persian with the shipping before and after', () => {
    const lines = [line(10, 100_000, 4, 110_000), line(2, 300_000, 2, 300_000, false), line(1, 5_000)];
    const after = confirmedAmounts(lines, 'courier', rates, 0, enquiry);
    const summary = changeSummary(lines, enquiry, after);
    expect(summary).toMatchObject({ quantityCut: 1, priceUp: 1, unavailable: 1, unchanged: 1, shippingBefore: 0, shippingAfter: 800_000 });
    const text = changeSummaryText(summary, (r) => `${r / 10} تومان`).join(' ');
    expect(text).toContain('هزینه ارسال از رایگان به 80000 تومان');
    expect(text).toContain('حذف شد');
  });

  const none = {
    unchanged: 0,
    quantityCut: 0,
    quantityRaised: 0,
    priceDown: 0,
    priceUp: 0,
    unavailable: 0,
    totalDifference: 0,
    shippingBefore: 0,
    shippingAfter: 0,
  };
  it.each([
    [{ unchanged: 3 }, ['Every line confirmed as you asked.']],
    [
      { quantityCut: 1, totalDifference: -50_000 },
      ['1 line confirmed in a smaller quantity than you asked for.', 'The total is 5000 T less than your enquiry.'],
    ],
    [
      { quantityRaised: 2, totalDifference: 10 },
      ['2 lines raised above the quantity you asked for (order minimum or pack size).', 'The total is 1 T more than your enquiry.'],
    ],
    [{ unavailable: 1, priceDown: 3 }, ['1 line not available and taken off the invoice.', 'Price went down on 3 lines.']],
    [{ priceUp: 1, shippingAfter: 800_000 }, ['Price went up on 1 line.', 'Shipping changed from free to 80000 T.']],
    [{ shippingBefore: 800_000 }, ['Shipping changed from 80000 T to free.']],
  ])('in English: %j → %j', (counts, sentences) => {
    const text = changeSummaryText({ ...none, ...counts }, (r) => `${r / 10} T`, 'en');
    expect(text).toEqual(sentences);
    // One language per page: nothing Persian in the English sentences.
    expect(text.join(' ')).not.toMatch(/[\u0600-\u06ff]/);
  });
});
