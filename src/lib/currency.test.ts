import { describe, expect, it } from 'vitest';
import { approximateIn, formatApproximate, parseCurrencyRates } from './currency';

describe('currency rates the store sets', () => {
  it.each([
    ['USD=105000,EUR=115000', { USD: 105000, EUR: 115000 }],
    [' usd = 100000 , RUB=1250.5 ', { USD: 100000, RUB: 1250.5 }],
    ['', {}],
  ])('reads %j', (text, rates) => {
    expect(parseCurrencyRates(text)).toEqual({ ok: true, rates });
  });

  it.each([
    ['USD', ['"USD" is not CODE=toman']],
    ['JPY=700', ['JPY is not one of EUR, GBP, USD, RUB']],
    ['USD=0', ['USD needs a rate above zero']],
    ['USD=1,USD=2', ['USD is given twice']],
    ['USD=-5', ['"USD=-5" is not CODE=toman']],
  ])('refuses %j', (text, problems) => {
    expect(parseCurrencyRates(text)).toEqual({ ok: false, problems });
  });
});

describe('approximate price beside the toman price', () => {
  const rates = { USD: 100_000, EUR: 125_000 };
  it.each([
    // rials, code, amount
    [1_000_000, 'USD', 1],
    [155_000, 'USD', 0.16],
    [12_345_670, 'EUR', 9.88],
    [0, 'USD', 0],
    [1_000_000, 'GBP', null],
  ] as const)('%d rials in %s → %s', (rials, code, amount) => {
    expect(approximateIn(rials, code, rates)).toBe(amount);
  });

  it.each([
    [12.3, 'USD', 'en', '≈ $12.30'],
    [1234.5, 'EUR', 'ru', '≈ €1,234.50'],
    [0.16, 'USD', 'fa', '≈ $۰٫۱۶'],
  ] as const)('%d %s on a %s page reads %s', (amount, code, locale, text) => {
    expect(formatApproximate(amount, code, locale)).toBe(text);
  });

  // Written out without Intl (the header labels every price as the page loads): the same text as Intl's.
  it.each([0, 0.16, 12.3, 999.99, 1000, 1234.5, 98_765.43, 1_234_567.89, 12_345_678.9])('%d reads as Intl writes it', (amount) => {
    for (const [locale, tag] of [
      ['fa', 'fa-IR'],
      ['en', 'en-US'],
      ['ru', 'en-US'],
    ] as const) {
      const intl = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
      expect(formatApproximate(amount, 'EUR', locale)).toBe(`≈ €${intl}`);
    }
  });
});
