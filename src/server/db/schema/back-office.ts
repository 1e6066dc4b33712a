/** What the back office keeps beside the catalogue: each product's change history and the dollar rates entered. */
import { bigint, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { users } from './accounts';
import { createdAt } from './columns';

/** One row per changed field of one save: who changed a product's price, stock, … and when. */
export const productChanges = pgTable(
  'product_changes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    field: text('field').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** What made the change: "edit", "bulk-percent", "exchange-rate", "import". */
    source: text('source').notNull().default('edit'),
    createdAt: createdAt(),
  },
  (t) => [index('product_changes_product_idx').on(t.productId, t.id)],
);

/** Every dollar rate entered; the newest is the one prices follow. */
export const exchangeRates = pgTable('exchange_rates', {
  id: serial('id').primaryKey(),
  /** Rials per US dollar. */
  rialsPerUsd: bigint('rials_per_usd', { mode: 'number' }).notNull(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  repriced: integer('repriced').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * New prices a reprice by exchange rate computed batch by batch in short transactions, waiting for the
 * one short transaction that switches the catalogue to them (services/back-office/bulk-pricing.ts).
 */
export const repriceStaging = pgTable(
  'reprice_staging',
  {
    runId: text('run_id').notNull(),
    productId: integer('product_id').notNull(),
    /** The price the new one was computed from: a product changed since is recomputed at the switch. */
    beforePrice: bigint('before_price', { mode: 'number' }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    compareAtPrice: bigint('compare_at_price', { mode: 'number' }),
    tiers: jsonb('tiers').$type<{ id: number; price: number; compareAtPrice: number | null }[]>().notNull(),
  },
  (t) => [index('reprice_staging_run_idx').on(t.runId, t.productId)],
);

/** Files staff uploaded: where they are served and, for images, their size and responsive copies. */
export const mediaUploads = pgTable('media_uploads', {
  id: serial('id').primaryKey(),
  /** Public address (/media/uploads/… or the S3 bucket's URL). */
  src: text('src').notNull().unique(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width'),
  height: integer('height'),
  variants: jsonb('variants').$type<{ width: number; webp: string; avif: string }[]>(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  createdAt: createdAt(),
});
