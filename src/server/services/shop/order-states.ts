/**
 * What an order row means to people: its state (with "expired" read from the clock, not stored), the
 * spec's Persian label and colour, and which dashboard tab lists it.
 */
import type { OrderState } from '../../../api/schemas/shop';
import { isExpired } from '../../../lib/pre-invoice';
import type { OrderStatus } from '../../db/schema';

export function orderState(row: { status: OrderStatus; expiresAt: Date | null }, now = new Date()): OrderState {
  if (row.status === 'confirmed' && isExpired(row.expiresAt, now)) return 'expired';
  return row.status;
}

/** Spec §4: confirmed is green, waiting for payment and expired are red. */
export const STATE_LABELS: Record<OrderState, { fa: string; colour: 'green' | 'red' | 'grey' | 'blue' }> = {
  awaiting_approval: { fa: 'در انتظار تأیید', colour: 'blue' },
  confirmed: { fa: 'تأیید شده — در انتظار پرداخت', colour: 'green' },
  contact_store: { fa: 'لطفاً با فروشگاه تماس بگیرید', colour: 'red' },
  rejected: { fa: 'رد شده', colour: 'grey' },
  expired: { fa: 'پیش‌فاکتور منقضی شده', colour: 'red' },
  paid: { fa: 'پرداخت شده', colour: 'green' },
  cancelled: { fa: 'لغو شده', colour: 'grey' },
};

export const SHIPPING_STATUS_LABELS: Record<string, string> = {
  pending: 'در انتظار پردازش',
  preparing: 'در حال آماده‌سازی',
  shipped: 'ارسال شده',
  delivered: 'تحویل داده شده',
};

/** The tab a state belongs to: p pre-invoices (open), f invoices (paid), a archive (closed unpaid). */
export function tabOf(state: OrderState): 'p' | 'f' | 'a' {
  if (state === 'paid') return 'f';
  if (state === 'awaiting_approval' || state === 'confirmed' || state === 'contact_store') return 'p';
  return 'a';
}

/** The `type` column kept in step with the status written (expiry moves a row to "a" when read). */
export const typeForStatus = (status: OrderStatus): 'p' | 'f' | 'a' => tabOf(status);
