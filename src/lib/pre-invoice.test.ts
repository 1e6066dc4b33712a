import { describe, expect, it } from 'vitest';
import { isExpired, minutesLeft, preInvoiceExpiry } from './pre-invoice';

const confirmed = new Date('2026-03-01T10:00:00Z');

describe('pre-invoice expiry', () => {
  it.each([
    [24, '2026-03-02T10:00:00.000Z'],
    [48, '2026-03-03T10:00:00.000Z'],
    [1.5, '2026-03-01T11:30:00.000Z'],
  ])('valid %d hours → expires %s', (hours, iso) => {
    expect(preInvoiceExpiry(confirmed, hours).toISOString()).toBe(iso);
  });

  const expires = new Date('2026-03-02T10:00:00Z');
  it.each([
    ['2026-03-02T09:59:59.999Z', false, 0],
    ['2026-03-02T10:00:00.000Z', true, 0],
    ['2026-03-05T00:00:00.000Z', true, 0],
    ['2026-03-01T10:00:00.000Z', false, 1440],
    ['2026-03-02T09:00:30.000Z', false, 59],
  ])('at %s expired=%s, %d minutes left', (now, expired, minutes) => {
    expect(isExpired(expires, new Date(now))).toBe(expired);
    expect(minutesLeft(expires, new Date(now))).toBe(minutes);
  });

  it('a pre-invoice without an expiry never expires', () => {
    expect(isExpired(null, new Date('2100-01-01'))).toBe(false);
    expect(minutesLeft(null)).toBeNull();
  });
});
