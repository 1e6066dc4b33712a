/**
 * What an order row means to people: its state (with "expired" read from the clock, not stored), the
 * spec's Persian label and colour, and which dashboard tab lists it — all from src/lib/order-machine.ts.
 */
import type { OrderState } from '../../../api/schemas/shop';
import { ORDER_STATE_FA, tabOf, viewedState } from '~/lib/order-machine';
import { SHIPPING_STATUS_FA } from '~/lib/shipping';
import type { OrderStatus } from '../../db/schema';

export { tabOf };

export function orderState(row: { status: OrderStatus; expiresAt: Date | null }, now = new Date()): OrderState {
  return viewedState(row.status, row.expiresAt, now);
}

/** Spec §4: confirmed is green, waiting for payment and expired are red. */
const COLOURS: Record<OrderState, 'green' | 'red' | 'grey' | 'blue'> = {
  awaiting_approval: 'blue',
  confirmed: 'green',
  contact_store: 'red',
  rejected: 'grey',
  expired: 'red',
  paid: 'green',
  cancelled: 'grey',
};
export const STATE_LABELS = Object.fromEntries(
  (Object.keys(COLOURS) as OrderState[]).map((s) => [s, { fa: ORDER_STATE_FA[s], colour: COLOURS[s] }]),
) as Record<OrderState, { fa: string; colour: 'green' | 'red' | 'grey' | 'blue' }>;

/** Keyed by any stored text: an unknown status shows as itself. */
export const SHIPPING_STATUS_LABELS: Record<string, string> = SHIPPING_STATUS_FA;

/** The `type` column kept in step with the status written (expiry moves a row to "a" when read). */
export const typeForStatus = (status: OrderStatus): 'p' | 'f' | 'a' => tabOf(status);
