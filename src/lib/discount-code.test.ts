import { describe, expect, it } from 'vitest';
import { discountCodeVerdict, normaliseDiscountCode, type DiscountCodeRule } from './discount-code';

const now = new Date('2026-11-25T12:00:00Z');
const code = (over: Partial<DiscountCodeRule> = {}): DiscountCodeRule => ({
  percent: 10,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  usedCount: 0,
  ...over,
});

describe('discount code verdict', () => {
  it.each([
    ['plain code', code(), { ok: true, percent: 10 }],
    ['unknown', null, { ok: false, reason: 'unknown' }],
    ['not yet started', code({ startsAt: new Date('2026-11-26T00:00:00Z') }), { ok: false, reason: 'not_started' }],
    ['started this instant', code({ startsAt: now }), { ok: true, percent: 10 }],
    ['ended before now', code({ endsAt: new Date('2026-11-25T11:59:59Z') }), { ok: false, reason: 'expired' }],
    ['ends this instant', code({ endsAt: now }), { ok: false, reason: 'expired' }],
    [
      'inside its window',
      code({ startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') }),
      { ok: true, percent: 10 },
    ],
    ['one use left', code({ usageLimit: 5, usedCount: 4 }), { ok: true, percent: 10 }],
    ['used up', code({ usageLimit: 1, usedCount: 1 }), { ok: false, reason: 'used_up' }],
    ['percent above the cap', code({ percent: 95 }), { ok: true, percent: 90 }],
  ] as const)('%s', (_name, rule, verdict) => {
    expect(discountCodeVerdict(rule, now)).toEqual(verdict);
  });
});

describe('discount code as typed', () => {
  it.each([
    [' yalda10 ', 'YALDA10'],
    ['off۲۰', 'OFF20'],
    ['NO RUZ 5', 'NORUZ5'],
  ])('%s → %s', (raw, code) => expect(normaliseDiscountCode(raw)).toBe(code));
});
