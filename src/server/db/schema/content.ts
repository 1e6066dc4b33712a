import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const PAGE_KINDS = ['policy', 'returns', 'faq', 'about', 'help', 'other'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** Store-written pages (terms, returns, FAQ, about ...), one row per language. Body is trusted HTML from staff. */
export const contentPages = pgTable(
  'content_pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    locale: text('locale').$type<'fa' | 'en'>().notNull(),
    kind: text('kind').$type<PageKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The Markdown staff wrote in the console (body is its sanitised HTML); null when written as HTML. */
    bodyMarkdown: text('body_markdown'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_pages_slug_locale_idx').on(t.slug, t.locale), index('content_pages_updated_idx').on(t.updatedAt)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    excerpt: text('excerpt').notNull(),
    excerptEn: text('excerpt_en'),
    body: text('body').notNull(),
    bodyEn: text('body_en'),
    /** The Markdown staff wrote in the console for body and bodyEn (those hold its sanitised HTML); null when written as HTML. */
    bodyMarkdown: text('body_markdown'),
    bodyEnMarkdown: text('body_en_markdown'),
    image: text('image'),
    category: text('category').notNull(),
    author: text('author').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_idx').on(t.publishedAt), index('blog_posts_updated_idx').on(t.updatedAt)],
);

/** Site-wide banner messages (the `messages` call): announcements such as holiday hours. */
export const siteMessages = pgTable('site_messages', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  textEn: text('text_en'),
  kind: text('kind').$type<'info' | 'warning' | 'success'>().notNull().default('info'),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Home page slides (the large carousel) and banners (the smaller promotions under it). */
export const homeSlides = pgTable(
  'home_slides',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'slide' | 'banner'>().notNull(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    text: text('text'),
    textEn: text('text_en'),
    image: text('image'),
    url: text('url'),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('home_slides_kind_idx').on(t.kind, t.sort)],
);

/** Help files staff point at (HowToBuy, UsersPanelGuide): overrides HELP_FILES_BASE_URL's default address. */
export const helpFiles = pgTable('help_files', {
  name: text('name').primaryKey(),
  url: text('url').notNull(),
  updatedAt: updatedAt(),
});

/** Store settings staff change in the console (e.g. whether reviews wait for approval). */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * When each part every page shows (menu, banner messages, help links, home slides) last changed:
 * catalogue_version and export/changes read it, so the incremental rebuild carries those changes too.
 */
export const siteRevisions = pgTable('site_revisions', {
  area: text('area').$type<'menu' | 'messages' | 'help' | 'slides' | 'brands' | 'pages'>().primaryKey(),
  updatedAt: updatedAt(),
});
