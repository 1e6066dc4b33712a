import {
  boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';
import { createdAt } from './columns';

export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Shown name; kept for demo and imported reviews that have no account. */
  author: text('author').notNull(),
  rating: integer('rating').notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('reviews_product_idx').on(t.productId, t.createdAt),
  uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
]);

/** Product questions; staff answers are children with isAdmin. */
export const comments = pgTable('comments', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
  author: text('author').notNull(),
  content: text('content').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('comments_product_idx').on(t.productId, t.parentId, t.createdAt)]);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  comment: text('comment').notNull(),
  ipAddress: text('ip_address'),
  createdAt: createdAt(),
});

export const resupplyRequests = pgTable('resupply_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  productName: text('product_name').notNull(),
  number: integer('number').notNull(),
  description: text('description'),
  status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
  createdAt: createdAt(),
}, (t) => [index('resupply_status_idx').on(t.status, t.createdAt)]);

/** A customer's BOM / parts-list upload; identityKey is the public handle in the result URL. */
export const customerUploads = pgTable('customer_uploads', {
  id: serial('id').primaryKey(),
  identityKey: text('identity_key').notNull().unique(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  boardQuantity: integer('board_quantity').notNull().default(1),
  createdAt: createdAt(),
});

export const customerUploadLines = pgTable('customer_upload_lines', {
  id: serial('id').primaryKey(),
  uploadId: integer('upload_id').notNull().references(() => customerUploads.id, { onDelete: 'cascade' }),
  lineNo: integer('line_no').notNull(),
  raw: jsonb('raw').$type<string[]>().notNull(),
  partNumber: text('part_number').notNull(),
  quantity: integer('quantity').notNull(),
  designators: text('designators'),
  matchStatus: text('match_status').$type<'exact' | 'family' | 'fuzzy' | 'unmatched'>().notNull(),
  confidence: real('confidence').notNull().default(0),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  alternatives: jsonb('alternatives').$type<number[]>().notNull().default([]),
  selected: boolean('selected').notNull().default(true),
  note: text('note'),
}, (t) => [index('customer_upload_lines_upload_idx').on(t.uploadId, t.lineNo)]);

/** Every catalogue search, for the footer statistics and for learning what customers look for. */
export const searchLog = pgTable('search_log', {
  id: serial('id').primaryKey(),
  query: text('query').notNull(),
  categorySlug: text('category_slug'),
  resultsCount: integer('results_count').notNull(),
  source: text('source').$type<'suggestion' | 'listing'>().notNull(),
  createdAt: createdAt(),
}, (t) => [index('search_log_created_idx').on(t.createdAt)]);
