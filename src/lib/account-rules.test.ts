import { describe, expect, it } from 'vitest';
import { canonicalMobile, canonicalPhone, canonicalPostCode, hasMarkup, USERNAME_PATTERN } from './account-rules';

describe('account rules', () => {
  it.each([
    ['09121234567', '09121234567'],
    ['+989121234567', '09121234567'],
    ['00989121234567', '09121234567'],
    ['989121234567', '09121234567'],
    ['9121234567', '09121234567'],
    ['۰۹۱۲ ۱۲۳ ۴۵۶۷', '09121234567'],
    ['٠٩١٢١٢٣٤٥٦٧', '09121234567'],
    ['0935-123-4567', '09351234567'],
    ['(0912) 123 4567', '09121234567'],
    ['02166712345', null],
    ['0912123456', null],
    ['091212345678', null],
    ['08121234567', null],
    ['abc', null],
    ['', null],
  ])('mobile %s → %s', (input, expected) => expect(canonicalMobile(input)).toBe(expected));

  it.each([
    ['1314567891', '1314567891'],
    ['13145-67891', '1314567891'],
    ['۱۳۱۴۵ ۶۷۸۹۱', '1314567891'],
    ['123456789', null],
    ['12345678901', null],
    ['13145a7891', null],
  ])('postal code %s → %s', (input, expected) => expect(canonicalPostCode(input)).toBe(expected));

  it('phone keeps digits and a leading plus', () => {
    expect(canonicalPhone('021-6671 2345')).toBe('02166712345');
    expect(canonicalPhone('+98 21 6671 2345')).toBe('+982166712345');
    expect(canonicalPhone('12')).toBeNull();
  });

  it('username: English letters, digits and * - . + / _ only', () => {
    for (const ok of ['ali', 'Ali_1', 'a*b-c.d+e/f_g', '123']) expect(USERNAME_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['علی', 'a b', 'a@b', 'a<b', 'a,b', 'é']) expect(USERNAME_PATTERN.test(bad), bad).toBe(false);
  });

  it('markup is spotted in every usual disguise; ordinary text with < or > is not', () => {
    for (const bad of [
      '<script>x</script>',
      '< script>',
      '</b>',
      '<img src=x onerror=y>',
      '<!-- x -->',
      'javascript:alert(1)',
      '<svg/onload=x>',
    ]) {
      expect(hasMarkup(bad), bad).toBe(true);
    }
    for (const ok of ['5 < 6', 'a > b', 'ولتاژ <5V', 'LM358 & LM324']) expect(hasMarkup(ok), ok).toBe(false);
  });
});
