import { bigint, boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The local bank sandbox's sessions (ZarinPal authorities, Sadad tokens), kept in the database so every
 * instance on one PostgreSQL answers for a payment another instance started: the shopper's browser and
 * the server's verify call may each land on any of them behind a proxy. Times are the sandbox clock's
 * milliseconds (tests move that clock), not the database's.
 */
export const paymentSandboxSessions = pgTable(
  'payment_sandbox_sessions',
  {
    id: serial('id').primaryKey(),
    bank: text('bank').$type<'zarinpal' | 'sadad'>().notNull(),
    /** ZarinPal's authority or Sadad's token. */
    reference: text('reference').notNull(),
    /** Sadad's OrderId, which the bank refuses twice (1011); null for ZarinPal. */
    orderId: text('order_id'),
    merchantId: text('merchant_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').$type<'IRR' | 'IRT'>().notNull().default('IRR'),
    /** ZarinPal's callback_url or Sadad's ReturnUrl. */
    returnUrl: text('return_url').notNull(),
    state: text('state').$type<'pending' | 'paid' | 'failed'>().notNull().default('pending'),
    paidAt: bigint('paid_at', { mode: 'number' }),
    verifiedAt: bigint('verified_at', { mode: 'number' }),
    reversed: boolean('reversed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_sandbox_sessions_reference_idx').on(t.bank, t.reference),
    uniqueIndex('payment_sandbox_sessions_order_idx').on(t.bank, t.orderId),
  ],
);
