import { describe, expect, it } from 'vitest';
import { bidiRuns } from './bidi';

describe('bidi runs of an RTL line', () => {
  it.each([
    ['فاکتور فروش', [['فاکتور فروش', 'rtl']]],
    ['LM358P', [['LM358P', 'ltr']]],
    [
      'آی‌سی LM358P آپ‌امپ',
      [
        ['آی‌سی ', 'rtl'],
        ['LM358P', 'ltr'],
        [' آپ‌امپ', 'rtl'],
      ],
    ],
    [
      '۱۲۳٬۴۵۶ تومان',
      [
        ['۱۲۳٬۴۵۶', 'ltr'],
        [' تومان', 'rtl'],
      ],
    ],
    [
      'تاریخ: ۱۴۰۵/۰۹/۰۱',
      [
        ['تاریخ: ', 'rtl'],
        ['۱۴۰۵/۰۹/۰۱', 'ltr'],
      ],
    ],
    ['Arduino Uno R3', [['Arduino Uno R3', 'ltr']]],
    [
      'شماره 021-66712345',
      [
        ['شماره ', 'rtl'],
        ['021-66712345', 'ltr'],
      ],
    ],
    [
      'مالیات (۹٪) شامل',
      [
        ['مالیات (', 'rtl'],
        ['۹٪', 'ltr'],
        [') شامل', 'rtl'],
      ],
    ],
    ['', []],
  ])('%j', (text, expected) => {
    expect(bidiRuns(text).map((r) => [r.text, r.dir])).toEqual(expected);
  });
});
