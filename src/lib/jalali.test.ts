import { describe, expect, it } from 'vitest';
import { gregorianToJalali, isJalaliLeap, jalaliMonthLength, jalaliToGregorian, jalaliToIso } from './jalali';

describe('Jalali calendar', () => {
  it.each([
    [
      [1403, 1, 1],
      [2024, 3, 20],
    ],
    [
      [1402, 12, 29],
      [2024, 3, 19],
    ],
    [
      [1399, 12, 30],
      [2021, 3, 20],
    ],
    [
      [1404, 1, 1],
      [2025, 3, 21],
    ],
    [
      [1367, 11, 22],
      [1989, 2, 11],
    ],
    [
      [1403, 10, 11],
      [2024, 12, 31],
    ],
  ])('%j is %j in the Gregorian calendar, both ways', ([jy, jm, jd], [gy, gm, gd]) => {
    expect(jalaliToGregorian(jy!, jm!, jd!)).toEqual({ gy, gm, gd });
    expect(gregorianToJalali(gy!, gm!, gd!)).toEqual({ jy, jm, jd });
  });

  it('agrees with Intl for every day of two years', () => {
    const fmt = new Intl.DateTimeFormat('en-US-u-ca-persian', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2026, 0, 1); t += 86_400_000) {
      const d = new Date(t);
      const parts = Object.fromEntries(fmt.formatToParts(d).map((p) => [p.type, p.value]));
      const j = gregorianToJalali(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
      expect([j.jy, j.jm, j.jd]).toEqual([Number.parseInt(parts.year!, 10), Number(parts.month), Number(parts.day)]);
    }
  });

  it('knows leap years and month lengths', () => {
    expect(isJalaliLeap(1399)).toBe(true);
    expect(isJalaliLeap(1403)).toBe(true);
    expect(isJalaliLeap(1402)).toBe(false);
    expect(jalaliMonthLength(1402, 12)).toBe(29);
    expect(jalaliMonthLength(1403, 12)).toBe(30);
    expect(jalaliMonthLength(1403, 7)).toBe(30);
    expect(jalaliMonthLength(1403, 6)).toBe(31);
  });

  it('turns a picked day and time into a Tehran instant', () => {
    expect(jalaliToIso({ jy: 1403, jm: 1, jd: 1 }, '14:30')).toBe('2024-03-20T14:30:00+03:30');
  });
});
