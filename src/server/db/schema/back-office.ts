/** What the back office keeps beside the catalogue: each product's change history and the dollar rates entered. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

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
 * A reprice by a new dollar rate, applied batch by batch in short transactions (each product with all
 * its tiers in one), so PGlite's single connection is never held for the whole catalogue. The cursor
 * moves in the same transaction as the prices it covers: a run cut short by a crash resumes where its
 * last batch committed and reprices no product twice (services/back-office/exchange-rate-run.ts).
 */
export const repriceRuns = pgTable(
  'reprice_runs',
  {
    id: serial('id').primaryKey(),
    rialsPerUsd: bigint('rials_per_usd', { mode: 'number' }).notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The last product id whose price this run has settled (products are walked in id order). */
    afterProductId: integer('after_product_id').notNull().default(0),
    repriced: integer('repriced').notNull().default(0),
    /** True until the last batch commits; the partial unique index lets only one run be open at a time. */
    running: boolean('running').notNull().default(true),
    createdAt: createdAt(),
    /** Moves with every batch: an open run left untouched for a while has lost its process and is taken over. */
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reprice_runs_one_running_idx')
      .on(t.running)
      .where(sql`${t.running}`),
  ],
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
