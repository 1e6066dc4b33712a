import { describe, expect, it } from 'vitest';
import {
  ACTOR_KINDS,
  canMove,
  holdsDiscountUse,
  ORDER_STATES,
  ORDER_VERBS,
  reachableStates,
  STORED_ORDER_STATES,
  tabOf,
  TRANSITIONS,
  viewedState,
} from './order-machine';

describe('order state machine', () => {
  it('reaches every state from the start', () => {
    expect([...reachableStates()].sort()).toEqual([...ORDER_STATES].sort());
  });

  it('never stores "expired": it is a confirmed pre-invoice past its expiry', () => {
    expect(STORED_ORDER_STATES).not.toContain('expired');
    const at = new Date('2026-01-01T10:00:00Z');
    expect(viewedState('confirmed', new Date('2026-01-01T10:00:00Z'), at)).toBe('expired');
    expect(viewedState('confirmed', new Date('2026-01-01T10:00:01Z'), at)).toBe('confirmed');
    expect(viewedState('confirmed', null, at)).toBe('confirmed');
    expect(viewedState('paid', new Date('2020-01-01T00:00:00Z'), at)).toBe('paid');
  });

  it('lets each verb be used only by its actors and only from its states', () => {
    for (const verb of ORDER_VERBS) {
      for (const state of ORDER_STATES) {
        for (const actor of ACTOR_KINDS) {
          const t = TRANSITIONS[verb];
          const result = canMove(verb, state, actor);
          const byOk = (t.by as readonly string[]).includes(actor);
          const fromOk = (t.from as readonly string[]).includes(state);
          expect(result, `${verb} ${state} ${actor}`).toEqual(
            byOk && fromOk ? { ok: true, to: t.to } : { ok: false, reason: byOk ? 'wrong_state' : 'not_allowed' },
          );
        }
      }
    }
  });

  it.each([
    ['confirm', 'paid', 'clerk', false],
    ['accept_receipt', 'expired', 'clerk', true],
    ['pay_online', 'confirmed', 'customer', false],
    ['cancel', 'paid', 'customer', false],
    ['ask_again', 'confirmed', 'customer', false],
    ['ask_again', 'expired', 'customer', true],
    ['payment_undone', 'paid', 'bank', true],
    ['reject', 'awaiting_approval', 'admin', true],
  ] as const)('%s from %s by %s: %s', (verb, state, actor, ok) => {
    expect(canMove(verb, state, actor).ok).toBe(ok);
  });

  it('puts each state in its dashboard tab', () => {
    expect(ORDER_STATES.map((s) => [s, tabOf(s)])).toEqual([
      ['awaiting_approval', 'p'],
      ['confirmed', 'p'],
      ['contact_store', 'p'],
      ['rejected', 'a'],
      ['expired', 'a'],
      ['paid', 'f'],
      ['cancelled', 'a'],
    ]);
  });

  it('holds a discount use only in states that can still become a sale', () => {
    expect(ORDER_STATES.map((s) => [s, holdsDiscountUse(s)])).toEqual([
      ['awaiting_approval', true],
      ['confirmed', true],
      ['contact_store', true],
      ['rejected', false],
      ['expired', false],
      ['paid', true],
      ['cancelled', false],
    ]);
  });
});
