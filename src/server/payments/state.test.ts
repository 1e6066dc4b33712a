import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../db/schema/orders';
import { isFinal, nextPaymentState, type PaymentEvent } from './state';

const EVENTS: PaymentEvent[] = ['claimed', 'refused', 'superseded', 'verified', 'not-paid'];

describe('payment attempt states', () => {
  // Every (state, event) pair: the table below is the whole machine.
  const allowed: Record<string, PaymentState> = {
    'INIT claimed': 'VERIFYING', // stock taken, order claimed: now the bank may verify
    'INIT refused': 'FAILED', // stock short or pre-invoice changed: never verified
    'INIT superseded': 'CANCELLED', // a newer attempt for the same invoice
    'VERIFYING verified': 'SUCCEED',
    'VERIFYING not-paid': 'FAILED', // stock and order given back
  };
  it.each(PAYMENT_STATES.flatMap((s) => EVENTS.map((e) => [s, e] as const)))('%s + %s', (from, event) => {
    expect(nextPaymentState(from, event)).toBe(allowed[`${from} ${event}`] ?? null);
  });

  it('the bank is never asked about money before stock is held: only VERIFYING reaches SUCCEED', () => {
    const reachSucceed = PAYMENT_STATES.filter((s) => nextPaymentState(s, 'verified') === 'SUCCEED');
    expect(reachSucceed).toEqual(['VERIFYING']);
  });

  it('SUCCEED, FAILED and CANCELLED are final: a late callback changes nothing', () => {
    expect(PAYMENT_STATES.filter(isFinal)).toEqual(['SUCCEED', 'FAILED', 'CANCELLED']);
  });
});
