import { describe, expect, it } from 'vitest';
import { shippingRatesFromToman } from './shipping';
import { freeShippingSentence, freeShippingTerms, untilFreeSentences } from './shipping-terms';

const rates = shippingRatesFromToman({ courierPrice: 80_000, courierFreeFrom: 150_000, postPrice: 90_000, postFreeFrom: 300_000 });

describe('free-shipping sentences', () => {
  it('states both thresholds from the configured rates', () => {
    expect(freeShippingSentence(rates, 'تهران', 'fa')).toBe(
      'ارسال رایگان: پیک در تهران از ۱۵۰٬۰۰۰ تومان، پست به سراسر ایران از ۳۰۰٬۰۰۰ تومان (مبلغ کالاها پس از تخفیف).',
    );
    expect(freeShippingSentence(rates, 'Tehran', 'en')).toBe(
      'Free shipping: courier in Tehran from 150,000 Toman, post anywhere in Iran from 300,000 Toman (goods after discount).',
    );
  });

  it('gives the thresholds without the lead where a heading already says "free shipping"', () => {
    expect(freeShippingTerms(rates, 'تهران', 'fa')).toBe(
      'پیک در تهران از ۱۵۰٬۰۰۰ تومان، پست به سراسر ایران از ۳۰۰٬۰۰۰ تومان (مبلغ کالاها پس از تخفیف).',
    );
    expect(freeShippingTerms(rates, 'Tehran', 'en', true)).toBe(
      'Courier in Tehran from 150,000 Toman, post anywhere in Iran from 300,000 Toman (goods after discount).',
    );
    // Both methods free of charge: there is no threshold to state.
    const noFree = shippingRatesFromToman({ courierPrice: 0, courierFreeFrom: 150_000, postPrice: 0, postFreeFrom: 300_000 });
    expect(freeShippingTerms(noFree, 'Tehran', 'en', true)).toBe('');
    expect(freeShippingSentence(noFree, 'Tehran', 'en')).toBe('');
  });

  it.each([
    // goods rials, sentences
    [1_000_000, ['۵۰٬۰۰۰ تومان دیگر تا پیک رایگان (تهران)', '۲۰۰٬۰۰۰ تومان دیگر تا پست رایگان']],
    [1_500_000, ['۱۵۰٬۰۰۰ تومان دیگر تا پست رایگان']],
    [3_000_000, []],
    [0, ['۱۵۰٬۰۰۰ تومان دیگر تا پیک رایگان (تهران)', '۳۰۰٬۰۰۰ تومان دیگر تا پست رایگان']],
  ] as const)('%d rials → %o', (goods, sentences) => {
    expect(untilFreeSentences(goods, rates, 'تهران', 'fa')).toEqual(sentences);
  });
});
