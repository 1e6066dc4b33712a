import type { PaymentState } from '../db/schema/orders';

/**
 * Life of one gateway attempt. Stock is taken BEFORE the bank is asked to verify (capture) the money,
 * so money is only ever verified for goods we hold:
 *
 *   INIT ──stock taken, order claimed──▶ VERIFYING ──bank verified──▶ SUCCEED (final)
 *     │                                      └──bank: not paid──────▶ FAILED (stock and order given back)
 *     ├──stock short / pre-invoice changed──▶ FAILED   (never verified: the bank returns the money)
 *     └──a newer attempt for the invoice────▶ CANCELLED (never verified)
 *
 * FAILED and CANCELLED are final too: a callback arriving later for them changes nothing, so an attempt
 * the shop gave up on is never verified nor applied afterwards. A callback's own words (Status=OK,
 * ResCode=0) are never an event here: only our stock check and the bank's verify move an attempt.
 */
export type PaymentEvent = 'claimed' | 'refused' | 'superseded' | 'verified' | 'not-paid';

const TRANSITIONS: Record<PaymentState, Partial<Record<PaymentEvent, PaymentState>>> = {
  INIT: { claimed: 'VERIFYING', refused: 'FAILED', superseded: 'CANCELLED' },
  VERIFYING: { verified: 'SUCCEED', 'not-paid': 'FAILED' },
  SUCCEED: {},
  FAILED: {},
  CANCELLED: {},
};

/** The state after `event`, or null when the event cannot happen in `current` (refused, nothing written). */
export function nextPaymentState(current: PaymentState, event: PaymentEvent): PaymentState | null {
  return TRANSITIONS[current][event] ?? null;
}

export const isFinal = (s: PaymentState) => Object.keys(TRANSITIONS[s]).length === 0;
