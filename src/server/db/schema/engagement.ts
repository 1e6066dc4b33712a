import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';
import { createdAt } from './columns';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Shown name; kept for demo and imported reviews that have no account. */
    author: text('author').notNull(),
    rating: integer('rating').notNull(),
    content: text('content').notNull(),
    /** False while a review waits for staff approval (the moderation setting); only approved ones are shown. */
    approved: boolean('approved').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('reviews_product_idx').on(t.productId, t.createdAt), uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId)],
);

/** Product questions; staff answers are children with isAdmin. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    content: text('content').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** False while a question waits for staff approval (the moderation setting). */
    approved: boolean('approved').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('comments_product_idx').on(t.productId, t.parentId, t.createdAt)],
);

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

export const resupplyRequests = pgTable(
  'resupply_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    productName: text('product_name').notNull(),
    number: integer('number').notNull(),
    description: text('description'),
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [index('resupply_status_idx').on(t.status, t.createdAt)],
);

export interface UploadLineDetails {
  mpn?: string | null;
  maker?: string | null;
  value?: string | null;
  footprint?: string | null;
  description?: string | null;
  reference?: string | null;
  /** Codes: why the line needs review (fuzzy, copy, maker, package, variant, no-package, equivalent, text). */
  review?: string[];
  /** Per product id: how it differs from what the line asks for (package, value, maker, quality, rating, part). */
  differences?: Record<string, string[]>;
}

/** A customer's BOM / parts-list upload; identityKey is the public handle in the result URL. */
export const customerUploads = pgTable('customer_uploads', {
  id: serial('id').primaryKey(),
  identityKey: text('identity_key').notNull().unique(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  boardQuantity: integer('board_quantity').notNull().default(1),
  /**
   * SHA-256 of the guest key a guest's browser holds (a cookie set with the upload): with the
   * identityKey, only that browser changes a guest's upload. Null for a signed-in customer's upload.
   */
  guestKeyHash: text('guest_key_hash'),
  /** The file's sheets as read (rows of cells and their row numbers), so it can be read again with other columns. */
  source: jsonb('source').$type<{
    kind: 'xlsx' | 'xls' | 'text';
    delimiter: string | null;
    sheets: { name: string | null; rows: string[][]; lineNos: number[] }[];
  }>(),
  /** How it was read: the sheet, the header row's cells and the column of each role. */
  reading: jsonb('reading').$type<{
    sheetName: string | null;
    sheetNames: (string | null)[];
    headers: string[] | null;
    columns: Record<string, number | null> | null;
  }>(),
  /** Spare parts on top of each line: a percentage, and a fixed number per line. */
  sparePercent: integer('spare_percent').notNull().default(0),
  spareExtra: integer('spare_extra').notNull().default(0),
  createdAt: createdAt(),
});

/** The columns a signed-in customer chose for a file whose header row reads so: used for their next such file. */
export const customerColumnChoices = pgTable(
  'customer_column_choices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The header row's cells, folded and joined. */
    headersKey: text('headers_key').notNull(),
    columns: jsonb('columns').$type<Record<string, number | null>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.headersKey] })],
);

export const customerUploadLines = pgTable(
  'customer_upload_lines',
  {
    id: serial('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => customerUploads.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    raw: jsonb('raw').$type<string[]>().notNull(),
    partNumber: text('part_number').notNull(),
    quantity: integer('quantity').notNull(),
    designators: text('designators'),
    matchStatus: text('match_status').$type<'exact' | 'family' | 'parametric' | 'fuzzy' | 'unmatched'>().notNull(),
    confidence: real('confidence').notNull().default(0),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    alternatives: jsonb('alternatives').$type<number[]>().notNull().default([]),
    selected: boolean('selected').notNull().default(true),
    note: text('note'),
    /** What the line asked for and how sure the match is: maker, value, footprint, the customer's reference, review reasons, differences. */
    details: jsonb('details').$type<UploadLineDetails>().notNull().default({}),
  },
  (t) => [index('customer_upload_lines_upload_idx').on(t.uploadId, t.lineNo)],
);

/** Every catalogue search, for the footer statistics and for learning what customers look for. */
export const searchLog = pgTable(
  'search_log',
  {
    id: serial('id').primaryKey(),
    query: text('query').notNull(),
    categorySlug: text('category_slug'),
    resultsCount: integer('results_count').notNull(),
    source: text('source').$type<'suggestion' | 'listing'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('search_log_created_idx').on(t.createdAt)],
);
