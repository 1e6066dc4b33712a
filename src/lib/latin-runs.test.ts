import { describe, expect, it } from 'vitest';
import { latinRuns } from './latin-runs';

/** The runs as text, left-to-right ones in [brackets] and the part number in {braces}. */
const show = (text: string, partNumber?: string) =>
  latinRuns(text, partNumber)
    .map((r) => (r.ltr ? `[${r.segments.map((s) => (s.partNumber ? `{${s.text}}` : s.text)).join('')}]` : r.text))
    .join('');

describe('latinRuns', () => {
  it.each([
    ['ساخت Texas Instruments', '', 'ساخت [Texas Instruments]'],
    ['آی‌سی LM358 ساخت Texas Instruments در پکیج SOIC-8', 'LM358', 'آی‌سی [{LM358}] ساخت [Texas Instruments] در پکیج [SOIC-8]'],
    ['رگولاتور LM317 T سه پایه', 'LM317 T', 'رگولاتور [{LM317 T}] سه پایه'],
    ['ترنسیور TJA1051T/3 از NXP Semiconductors', 'TJA1051T/3', 'ترنسیور [{TJA1051T/3}] از [NXP Semiconductors]'],
    ['Texas Instruments LM358 آپ‌امپ', 'LM358', '[Texas Instruments {LM358}] آپ‌امپ'],
    ['مقاومت 10k 0805 یک درصد', '', 'مقاومت [10k 0805] یک درصد'],
    ['خازن ۱۰۰ نانو', '', 'خازن ۱۰۰ نانو'],
    ['تعداد 10 عدد', '', 'تعداد 10 عدد'],
    ['پکیج DIP-8 و SOIC-8', '', 'پکیج [DIP-8] و [SOIC-8]'],
    ['ولتاژ 3.3V (حداکثر 5.5V)', '', 'ولتاژ [3.3V] (حداکثر [5.5V])'],
    ['', 'LM358', ''],
    ['lm358n', 'LM358N', '[{lm358n}]'],
  ])('%s', (text, partNumber, expected) => {
    expect(show(text, partNumber)).toBe(expected);
  });

  it('keeps every character, in order', () => {
    const text = 'ماژول ESP32-WROOM-32E ساخت Espressif Systems، ولتاژ 3.3V';
    expect(
      latinRuns(text, 'ESP32-WROOM-32E')
        .map((r) => r.text)
        .join(''),
    ).toBe(text);
  });
});
