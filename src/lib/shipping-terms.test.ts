import { describe, expect, it } from 'vitest';
import { shippingRatesFromToman } from './shipping';
import { freeShippingSentence, untilFreeSentences } from './shipping-terms';

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
