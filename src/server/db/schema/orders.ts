import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';
import { createdAt, rials, updatedAt } from './columns';
import { STORED_ORDER_STATES, type ActorKind, type StoredOrderState, type ViewedOrderState } from '../../../lib/order-machine';

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The discount code the customer entered in the cart; a use is taken only when the enquiry is sent. */
  discountCode: text('discount_code'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Chosen options as [{optionId, valueId}], sorted so equal sets compare equal. */
    options: jsonb('options').$type<{ optionId: number; valueId: number }[]>().notNull().default([]),
    optionsKey: text('options_key').notNull().default(''),
    /** The customer's own words for the line (designators such as "R1-R4", a reference); travels to the order line. */
    reference: text('reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cart_items_line_idx').on(t.cartId, t.productId, t.optionsKey)],
);

/** p = pre-invoice (and the enquiry before it), f = invoice, a = archive. */
export const ORDER_TYPES = ['p', 'f', 'a'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The stored states (src/lib/order-machine.ts); "expired" is read from the clock, never stored. */
export const ORDER_STATUSES = STORED_ORDER_STATES;
export type OrderStatus = StoredOrderState;

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    factorNumber: text('factor_number').notNull().unique(),
    trackingCode: text('tracking_code').notNull().unique(),
    /** Secret for the payment link, so a factor number alone cannot start a payment. */
    orderToken: text('order_token').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type').$type<OrderType>().notNull().default('p'),
    status: text('status').$type<OrderStatus>().notNull().default('awaiting_approval'),
    shippingMethod: text('shipping_method').notNull(),
    shippingStatus: text('shipping_status').notNull().default('pending'),
    shippingDescription: text('shipping_description'),
    shippingTrackingCode: text('shipping_tracking_code'),
    /** Copy of the address at order time: later edits of the address book must not change an invoice. */
    address: jsonb('address').$type<Record<string, unknown>>().notNull(),
    subtotal: rials('subtotal').notNull().default(0),
    vat: rials('vat').notNull().default(0),
    shipping: rials('shipping').notNull().default(0),
    discount: rials('discount').notNull().default(0),
    total: rials('total').notNull().default(0),
    /** The code and percent the enquiry was priced with: the store's confirmation keeps the same percent. */
    discountCode: text('discount_code'),
    discountPercent: integer('discount_percent').notNull().default(0),
    /** Whether this order holds one use of discount_code now (lib/order-machine holdsDiscountUse); flipped only by a conditional UPDATE. */
    discountHeld: boolean('discount_held').notNull().default(false),
    /** The amounts as the customer sent the enquiry, so the pre-invoice can show what the store changed. */
    enquiryAmounts: jsonb('enquiry_amounts').$type<{ subtotal: number; discount: number; shipping: number; vat: number; total: number }>(),
    /** Details for an official invoice, when the customer gave them (company, national ID, economic code). */
    buyer: jsonb('buyer').$type<{ company?: string; nationalId?: string; economicCode?: string }>(),
    customerNote: text('customer_note'),
    staffNote: text('staff_note'),
    ipAddress: text('ip_address'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.type, t.createdAt),
    index('orders_status_idx').on(t.status),
    // Expiry is derived from expires_at only: a stored "expired" would be a second, disagreeing truth.
    check('orders_status_stored', sql.raw(`status IN (${STORED_ORDER_STATES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Name, part number and slug as they were when ordered. */
    product: jsonb('product').$type<{ slug: string; name: string; nameFa: string; partNumber: string }>().notNull(),
    requestedQuantity: integer('requested_quantity').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: rials('unit_price').notNull(),
    /** The unit price when the customer asked (null on rows older than this column: the unit price then). */
    requestedUnitPrice: rials('requested_unit_price'),
    lineTotal: rials('line_total').notNull(),
    available: boolean('available').notNull().default(true),
    note: text('note'),
    /** The cart line's reference (designators, the customer's part reference), printed on the invoice. */
    reference: text('reference'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** Codes staff hand out; used_count only rises through one conditional UPDATE (services/shop/discount-codes.ts). */
export const discountCodes = pgTable('discount_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  percent: integer('percent').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** null: unlimited. */
  usageLimit: integer('usage_limit'),
  usedCount: integer('used_count').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The life of one attempt: src/server/payments/state.ts. */
export const PAYMENT_STATES = ['INIT', 'VERIFYING', 'SUCCEED', 'FAILED', 'CANCELLED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Why an attempt failed or was cancelled, as a code the fail page turns into words. */
export const PAYMENT_FAILURES = ['not_paid', 'out_of_stock', 'changed', 'superseded', 'gateway_refused'] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

/** One row per attempt at a bank gateway. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    gateway: text('gateway').$type<'zarinpal' | 'sadad'>().notNull(),
    amount: rials('amount').notNull(),
    status: text('status').$type<PaymentState>().notNull().default('INIT'),
    /** ZarinPal authority or Sadad token: unique so one bank transaction can never fulfil twice. */
    authority: text('authority'),
    gatewayOrderId: text('gateway_order_id'),
    refId: text('ref_id'),
    cardPan: text('card_pan'),
    /** Set when the bank confirmed money for an invoice that was already paid. */
    flagged: boolean('flagged').notNull().default(false),
    failureReason: text('failure_reason'),
    failureCode: text('failure_code').$type<PaymentFailure>(),
    /**
     * The pre-invoice's confirmation time when the attempt began: staff confirming it again (at another
     * price, or after it was asked for again) makes this attempt stale, and it is never applied.
     */
    orderConfirmedAt: timestamp('order_confirmed_at', { withTimezone: true }),
    /** Units taken from stock while the bank verifies (VERIFYING), so a "not paid" answer gives back exactly these. */
    stockTaken: jsonb('stock_taken').$type<{ productId: number; quantity: number }[]>(),
    requestPayload: jsonb('request_payload'),
    verifyPayload: jsonb('verify_payload'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payments_gateway_authority_idx').on(t.gateway, t.authority), index('payments_order_idx').on(t.orderId)],
);

export const bankReceipts = pgTable(
  'bank_receipts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    paymentDate: timestamp('payment_date', { withTimezone: true }).notNull(),
    price: rials('price').notNull(),
    factorNumber: text('factor_number').notNull(),
    trackingCode: text('tracking_code').notNull(),
    accountNumber: text('account_number').notNull(),
    status: text('status').$type<'pending' | 'accepted' | 'rejected'>().notNull().default('pending'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('bank_receipts_status_idx').on(t.status, t.createdAt)],
);

/** Who did what in the staff console, and when. Append-only. */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('staff_actions_entity_idx').on(t.entity, t.entityId)],
);

/**
 * An order's timeline: every state move (and the order's creation, every shipping change), who made it
 * and why, written in the same transaction as the move. Append-only.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A verb of the state machine, or 'create' / 'shipping'. */
    verb: text('verb').notNull(),
    fromState: text('from_state').$type<ViewedOrderState>(),
    toState: text('to_state').$type<ViewedOrderState>().notNull(),
    actorKind: text('actor_kind').$type<ActorKind>().notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Shown to the customer (the store's reason for a change). */
    reason: text('reason'),
    /** Staff-only particulars (line changes, carrier, tracking code). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
