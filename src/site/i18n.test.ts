import { describe, expect, it } from 'vitest';
import { translator } from './i18n';

describe('page texts', () => {
  it('fill in values and plural forms the same on every call, whatever was asked before', () => {
    const t = translator('en');
    const cases: [string, Record<string, string | number>, string][] = [
      ['engagement.reviews', { count: 1, n: '1' }, '1 review'],
      ['engagement.reviews', { count: 2, n: '2' }, '2 reviews'],
      ['engagement.reviews', { count: 1, n: '1' }, '1 review'],
      ['engagement.rating', { rating: '4.5' }, 'Rated 4.5 out of 5'],
      ['engagement.rating', { rating: '3' }, 'Rated 3 out of 5'],
      ['lists.footprintSubject', { pn: 'LM358N' }, 'Footprint request for LM358N'],
      ['lists.footprintSubject', { pn: 'NE555P' }, 'Footprint request for NE555P'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [key, values, text] of cases) expect(t(key, values), `${key} ${JSON.stringify(values)}`).toBe(text);
    }
  });

  it('keep each language apart, Russian falling back to English', () => {
    expect(translator('fa')('engagement.rating', { rating: '۴' })).toBe('امتیاز ۴ از ۵');
    expect(translator('ru')('engagement.rating', { rating: '4' })).toBe('Rated 4 out of 5');
    expect(translator('en')('engagement.rating', { rating: '4' })).toBe('Rated 4 out of 5');
  });
});
