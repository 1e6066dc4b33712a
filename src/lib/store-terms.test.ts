import { describe, expect, it } from 'vitest';
import { shippingRatesFromToman } from './shipping';
import { fillStoreTerms, type StoreTerms } from './store-terms';

const terms: StoreTerms = {
  shipping: shippingRatesFromToman({ courierPrice: 80_000, courierFreeFrom: 150_000, postPrice: 90_000, postFreeFrom: 300_000 }),
  preInvoiceValidHours: 24,
  moneyBackHours: 48,
};

describe('store terms in page text', () => {
  it.each([
    ['fa', 'ارسال با پیک از {{courier_free_from}} رایگان است', 'ارسال با پیک از ۱۵۰٬۰۰۰ تومان رایگان است'],
    ['en', 'Courier is free from {{courier_free_from}}', 'Courier is free from 150,000 Toman'],
    ['fa', 'پست {{post_price}}، رایگان از {{ post_free_from }}', 'پست ۹۰٬۰۰۰ تومان، رایگان از ۳۰۰٬۰۰۰ تومان'],
    ['fa', 'پیش‌فاکتور {{preinvoice_hours}} ساعت معتبر است', 'پیش‌فاکتور ۲۴ ساعت معتبر است'],
    ['en', '{{money_back_hours}}-hour money-back guarantee', '48-hour money-back guarantee'],
    ['fa', 'مالیات {{vat_percent}}، تخفیف تا {{max_discount_percent}}', 'مالیات ۹٪، تخفیف تا ۹۰٪'],
    ['en', 'VAT {{vat_percent}}', 'VAT 9%'],
    ['fa', 'ناشناخته {{no_such_term}} می‌ماند', 'ناشناخته {{no_such_term}} می‌ماند'],
    ['en', 'no placeholders', 'no placeholders'],
  ] as const)('%s: %s', (locale, body, expected) => {
    expect(fillStoreTerms(body, terms, locale)).toBe(expected);
  });

  it('follows the configuration', () => {
    const other = {
      ...terms,
      shipping: shippingRatesFromToman({ courierPrice: 50_000, courierFreeFrom: 200_000, postPrice: 60_000, postFreeFrom: 500_000 }),
      moneyBackHours: 72,
    };
    expect(fillStoreTerms('{{courier_free_from}} / {{money_back_hours}}', other, 'en')).toBe('200,000 Toman / 72');
  });
});
