import { describe, expect, it } from 'vitest';
import { cleanUserText, stripMarkup } from './plain-text';

describe('user text', () => {
  it.each([
    ['<b>خوب</b> بود', 'خوب بود'],
    ['<script>alert(1)</script>سلام', 'سلام'],
    ['<scr<script>ipt>alert(1)</script>', ''],
    ['<img src=x onerror=alert(1)>عکس', 'عکس'],
    ['<!-- پنهان -->متن', 'متن'],
    ['<a href="javascript:alert(1)">پیوند</a>', 'پیوند'],
    ['ولتاژ < 5V و > 3V', 'ولتاژ < 5V و > 3V'],
    ['كيفيت   عالي', 'کیفیت عالی'],
    ['خط اول\n\n\n\nخط دوم', 'خط اول\n\nخط دوم'],
  ])('%j → %j', (input, expected) => {
    expect(cleanUserText(input)).toBe(expected);
  });

  it('leaves no tag behind whatever the nesting', () => {
    expect(stripMarkup('<<b>i>x<</b>/i>')).not.toMatch(/<\s*\/?\s*[a-z]/i);
  });
});
