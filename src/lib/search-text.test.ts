import { describe, expect, it } from 'vitest';
import {
  foldForSearch,
  latinLayoutToPersian,
  looksLikePartNumber,
  partNumberKey,
  persianLayoutToLatin,
  productSearchText,
  searchTokens,
} from './search-text';

describe('partNumberKey', () => {
  it.each([
    ['LM358', 'LM358'],
    ['lm-358', 'LM358'],
    ['lm 358', 'LM358'],
    ['LM358N/NOPB', 'LM358NNOPB'],
    ['MKDS 1,5/ 2-5,08', 'MKDS152508'],
    ['DS3231SN#', 'DS3231SN'],
    ['ال‌ام۳۵۸', '358'],
    ['lm۳۵۸', 'LM358'],
    ['BC817-40,215', 'BC81740215'],
  ])('%s → %s', (input, key) => expect(partNumberKey(input)).toBe(key));
});

describe('foldForSearch', () => {
  it.each([
    ['آي‌سي LM358', 'آیسی lm358'], // Arabic ي, ZWNJ
    ['كابل', 'کابل'],
    ['مقاومت ۱۰ کیلو', 'مقاومت 10k'],
    ['مقاومت ۱۰ کیلو اهم', 'مقاومت 10k ohm'],
    ['10kΩ resistor', '10k ohm resistor'],
    ['مقاومت 10K', 'مقاومت 10k'],
    ['خازن ۱۰۰ میکروفاراد', 'خازن 100uf'],
    ['100µF', '100uf'],
    ['۴٫۷ ولت', '4.7v'],
    ['۱٪', '1%'],
    ['1/4 وات', '1/4w'],
    ['MKDS 1,5/ 2-5,08', 'mkds 1.5 2 5.08'],
    ['  LM-358   N ', 'lm 358 n'],
    ['مقاومت‌ها', 'مقاومتها'],
  ])('%s → %s', (input, folded) => expect(foldForSearch(input)).toBe(folded));

  it('gives the same tokens for the Arabic and Persian spelling of a word', () => {
    expect(searchTokens('ترانزيستور كوچك')).toEqual(searchTokens('ترانزیستور کوچک'));
  });
});

describe('keyboard layout slips', () => {
  it.each([
    ['مپ۳۵۸', 'lm358'],
    ['شفپثلش۳۲۸', 'atmega328'],
    ['LM358', null],
  ])('Persian layout %s → %s', (typed, meant) => expect(persianLayoutToLatin(typed)).toBe(meant));

  it.each([['lrh,lj', 'مقاومت']])('Latin layout %s', (typed, meant) => {
    const out = latinLayoutToPersian(typed);
    if (meant === null) expect(out === null || /\d/.test(typed)).toBe(true);
    else expect(out).toBe(meant);
  });
});

describe('looksLikePartNumber', () => {
  it.each([
    ['lm358', true],
    ['atmga328', true],
    ['ATmega328P-PU', true],
    ['مقاومت ۱۰ کیلو', false],
    ['ab', false],
    ['resistor', false],
  ])('%s → %s', (q, yes) => expect(looksLikePartNumber(q)).toBe(yes));
});

describe('productSearchText', () => {
  it('holds every searchable field folded, padded with spaces for word-start matching', () => {
    const text = productSearchText({
      partNumber: 'LM358N/NOPB',
      name: 'LM358N/NOPB Dual op-amp',
      nameFa: 'آي‌سي تقويت‌کننده',
      brand: 'Texas Instruments',
      package: 'PDIP-8',
      categoryNames: ['Op-amps', 'آپ‌امپ'],
      attributeValues: ['3-32V'],
    });
    expect(text.startsWith(' ') && text.endsWith(' ')).toBe(true);
    for (const word of ['lm358nnopb', 'آیسی', 'تقویتکننده', 'texas', 'pdip', 'آپامپ', '32v']) expect(text).toContain(` ${word}`);
  });
});
