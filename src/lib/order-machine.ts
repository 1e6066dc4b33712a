/**
 * The order's life in ONE table: which verb moves an order from which states to which, and who may
 * use it. Every status write in the server goes through this table (src/server/services/shop/
 * order-transitions.ts), so a move that is not listed here cannot happen.
 *
 * "expired" is never stored: it is a confirmed pre-invoice whose `expires_at` has passed, read from
 * the clock (`viewedState`). A verb may start from it all the same (asking again, accepting a receipt
 * late); the write then checks the clock in its WHERE clause.
 */

/** The states a row can hold in `orders.status`. */
export const STORED_ORDER_STATES = ['awaiting_approval', 'confirmed', 'contact_store', 'rejected', 'paid', 'cancelled'] as const;
export type StoredOrderState = (typeof STORED_ORDER_STATES)[number];

/** What people see: the stored state, with a confirmed pre-invoice past its expiry shown as expired. */
export const ORDER_STATES = ['awaiting_approval', 'confirmed', 'contact_store', 'rejected', 'expired', 'paid', 'cancelled'] as const;
export type ViewedOrderState = (typeof ORDER_STATES)[number];

/** Who moves an order: the customer, a clerk or admin of the store, the server itself, a bank's answer. */
export const ACTOR_KINDS = ['customer', 'clerk', 'admin', 'system', 'bank'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];
const STAFF: ActorKind[] = ['clerk', 'admin'];

export interface Transition {
  from: readonly ViewedOrderState[];
  to: StoredOrderState;
  by: readonly ActorKind[];
  /** Persian label of the verb, for the timeline and the console. */
  fa: string;
}

export const TRANSITIONS = {
  /** The store confirms an enquiry (lines possibly changed): a pre-invoice waiting for payment. */
  confirm: { from: ['awaiting_approval'], to: 'confirmed', by: STAFF, fa: 'تأیید و صدور پیش‌فاکتور' },
  contact: { from: ['awaiting_approval'], to: 'contact_store', by: STAFF, fa: 'درخواست تماس با فروشگاه' },
  reject: { from: ['awaiting_approval'], to: 'rejected', by: STAFF, fa: 'رد استعلام' },
  /** The customer asks again about a pre-invoice that expired or that the store could not confirm. */
  ask_again: { from: ['expired', 'contact_store'], to: 'awaiting_approval', by: ['customer'], fa: 'استعلام دوباره' },
  /** The customer deletes an unpaid enquiry or pre-invoice (kept, soft-deleted, for the store's records). */
  cancel: {
    from: ['awaiting_approval', 'confirmed', 'expired', 'contact_store', 'rejected'],
    to: 'cancelled',
    by: ['customer'],
    fa: 'لغو به درخواست مشتری',
  },
  /** A gateway payment is settled before the bank verifies it; an attempt begun in time may land after expiry. */
  pay_online: { from: ['confirmed', 'expired'], to: 'paid', by: ['bank'], fa: 'پرداخت اینترنتی' },
  /** The bank said "not paid" after settling: the invoice is a payable pre-invoice again. */
  payment_undone: { from: ['paid'], to: 'confirmed', by: ['bank'], fa: 'تأیید نشدن پرداخت از سوی بانک' },
  /** Staff accept a bank-transfer receipt (also for a pre-invoice that expired after the customer paid). */
  accept_receipt: { from: ['confirmed', 'expired'], to: 'paid', by: STAFF, fa: 'پذیرش رسید بانکی' },
} as const satisfies Record<string, Transition>;

export type OrderVerb = keyof typeof TRANSITIONS;
export const ORDER_VERBS = Object.keys(TRANSITIONS) as OrderVerb[];

/** Where a new order starts. */
export const START_STATE: StoredOrderState = 'awaiting_approval';

export function viewedState(stored: StoredOrderState, expiresAt: Date | null, now: Date = new Date()): ViewedOrderState {
  return stored === 'confirmed' && expiresAt !== null && now.getTime() >= expiresAt.getTime() ? 'expired' : stored;
}

export type Refusal = 'wrong_state' | 'not_allowed';

/** Whether `actor` may use `verb` on an order seen in `state`; the refusal says why not. */
export function canMove(
  verb: OrderVerb,
  state: ViewedOrderState,
  actor: ActorKind,
): { ok: true; to: StoredOrderState } | { ok: false; reason: Refusal } {
  const t: Transition = TRANSITIONS[verb];
  if (!t.by.includes(actor)) return { ok: false, reason: 'not_allowed' };
  if (!t.from.includes(state)) return { ok: false, reason: 'wrong_state' };
  return { ok: true, to: t.to };
}

/** The dashboard tab of a state: p open pre-invoices (and enquiries), f paid invoices, a archive. */
export function tabOf(state: ViewedOrderState): 'p' | 'f' | 'a' {
  if (state === 'paid') return 'f';
  if (state === 'awaiting_approval' || state === 'confirmed' || state === 'contact_store') return 'p';
  return 'a';
}

/**
 * Whether an order in `state` holds one use of its discount code. A rejected, cancelled or expired
 * order will not be bought at that price, so its use goes back to the code; an order that leaves such a
 * state (asked again, an expired pre-invoice paid after all) takes it again.
 */
export function holdsDiscountUse(state: ViewedOrderState): boolean {
  return state !== 'rejected' && state !== 'cancelled' && state !== 'expired';
}

/** Every viewed state reachable from the start through the table (the test checks it is all of them). */
export function reachableStates(): Set<ViewedOrderState> {
  const seen = new Set<ViewedOrderState>([START_STATE]);
  const queue: ViewedOrderState[] = [START_STATE];
  while (queue.length > 0) {
    const state = queue.shift()!;
    // A confirmed pre-invoice becomes expired by the clock alone.
    const next: ViewedOrderState[] = state === 'confirmed' ? ['expired'] : [];
    for (const verb of ORDER_VERBS) {
      const t: Transition = TRANSITIONS[verb];
      if (t.from.includes(state)) next.push(t.to);
    }
    for (const s of next)
      if (!seen.has(s)) {
        seen.add(s);
        queue.push(s);
      }
  }
  return seen;
}

/** The Persian words for an order's states, shown to customers and staff alike. */
export const ORDER_STATE_FA: Record<ViewedOrderState, string> = {
  awaiting_approval: 'در انتظار تأیید',
  confirmed: 'تأیید شده — در انتظار پرداخت',
  contact_store: 'لطفاً با فروشگاه تماس بگیرید',
  rejected: 'رد شده',
  expired: 'پیش‌فاکتور منقضی شده',
  paid: 'پرداخت شده',
  cancelled: 'لغو شده',
};

/** The same states on English pages (the API sends the state's code beside the Persian label). */
export const ORDER_STATE_EN: Record<ViewedOrderState, string> = {
  awaiting_approval: 'Awaiting approval',
  confirmed: 'Confirmed — awaiting payment',
  contact_store: 'Please contact the store',
  rejected: 'Rejected',
  expired: 'Pre-invoice expired',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const ACTOR_FA: Record<ActorKind, string> = {
  customer: 'مشتری',
  clerk: 'کارشناس فروش',
  admin: 'مدیر فروشگاه',
  system: 'سامانه',
  bank: 'بانک',
};

/** Timeline entries that are not state moves: the order was placed, its shipping changed. */
export const TIMELINE_EVENT_FA = { create: 'ثبت استعلام', shipping: 'به‌روزرسانی ارسال' } as const;
