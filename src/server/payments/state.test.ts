import { describe, expect, it } from 'vitest';
import type { PaymentState } from '../db/schema/orders';
import { isFinal, nextPaymentState, type PaymentEvent } from './state';

describe('payment transaction states', () => {
  it.each<[PaymentState, PaymentEvent, PaymentState | null]>([
    ['INIT', 'verified', 'SUCCEED'],
    ['INIT', 'not-paid', 'FAILED'],
    ['FAILED', 'verified', 'SUCCEED'],
    ['FAILED', 'not-paid', null],
    ['SUCCEED', 'verified', null], // a second verify changes nothing
    ['SUCCEED', 'not-paid', null], // a forged failure cannot undo a payment
  ])('%s + %s → %s', (from, event, to) => {
    expect(nextPaymentState(from, event)).toBe(to);
  });
  it('only SUCCEED is final', () => {
    expect([isFinal('INIT'), isFinal('FAILED'), isFinal('SUCCEED')]).toEqual([false, false, true]);
  });
});
