import { digitsArToEn, digitsEnToFa, digitsFaToEn, toPersianChars } from '@persian-tools/persian-tools';
import { describe, expect, it } from 'vitest';
import { normalisePersianText, toAsciiDigits, toPersianDigits, toPersianLetters } from './persian';

// Our own mappings (no library in the islands' bundles) answer as @persian-tools did before them.
const SAMPLES = [
  '',
  'LM358P',
  'آی‌سی ۵۵۵ و ٥٥٥ و 555',
  'كيبورد عربي: يك، ى، ة',
  'قیمت ۱۲٬۳۰۰ تومان',
  'مقاومت ۱۰ کیلو اهم ±۵٪',
  '0123456789 ۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩',
  'إعراب: مُحَمَّد',
];

describe('Persian text mappings', () => {
  it.each(SAMPLES)('%j: digits as @persian-tools converts them', (text) => {
    expect(toAsciiDigits(text)).toBe(digitsArToEn(digitsFaToEn(text)));
    expect(toPersianDigits(text)).toBe(digitsEnToFa(text));
  });

  it.each(SAMPLES)('%j: letters as @persian-tools converts them, plus ة → ه', (text) => {
    expect(toPersianLetters(text)).toBe(toPersianChars(text).replace(/\u0629/g, 'ه'));
  });

  it.each([
    [12_300, '۱۲۳۰۰'],
    ['A-10', 'A-۱۰'],
  ])('toPersianDigits(%j) → %j', (input, out) => {
    expect(toPersianDigits(input)).toBe(out);
  });

  it('normalises what people type: Arabic letters, doubled ZWNJ, stray spaces', () => {
    expect(normalisePersianText('  كارت  \u200c\u200c ها ')).toBe('کارت\u200cها');
  });
});
