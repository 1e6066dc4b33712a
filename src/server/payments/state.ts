import type { PaymentState } from '../db/schema/orders';

/**
 * Life of one gateway transaction (spec §4: INIT, SUCCEED, FAILED).
 *
 *   INIT ──bank verified money──▶ SUCCEED (final)
 *   INIT ──bank says not paid───▶ FAILED
 *   FAILED ──bank verified money─▶ SUCCEED   (money the bank confirms is never dropped, even late)
 *
 * Callbacks are never an event here: only what the bank's verify answered moves a transaction.
 */
export type PaymentEvent = 'verified' | 'not-paid';

export function nextPaymentState(current: PaymentState, event: PaymentEvent): PaymentState | null {
  if (current === 'SUCCEED') return null;
  if (event === 'verified') return 'SUCCEED';
  return current === 'INIT' ? 'FAILED' : null;
}

export const isFinal = (s: PaymentState) => s === 'SUCCEED';
