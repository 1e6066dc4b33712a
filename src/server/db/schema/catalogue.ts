import { sql } from 'drizzle-orm';
import {
  customType,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, rials, updatedAt } from './columns';

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  nameFa: text('name_fa'),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    nameFa: text('name_fa').notNull(),
    /** 0 for top level. Kept in the row so menus and selects need no recursive query. */
    depth: integer('depth').notNull().default(0),
    /** Materialised path of ids, "/3/17/42/": a subtree is one LIKE prefix match. */
    path: text('path').notNull().default('/'),
    sort: integer('sort').notNull().default(0),
    image: text('image'),
    /** Enabled products in this category and all below it; refreshed after every catalogue write. */
    itemsCount: integer('items_count').notNull().default(0),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId), index('categories_path_idx').on(t.path)],
);

/** PostgreSQL tsvector; only ever written by the database itself (generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const QUALITIES = ['original', 'renew', 'copy'] as const;
export type Quality = (typeof QUALITIES)[number];

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    partNumber: text('part_number').notNull(),
    name: text('name').notNull(),
    nameFa: text('name_fa').notNull(),
    description: text('description'),
    descriptionFa: text('description_fa'),
    moreDescription: text('more_description'),
    specification: text('specification'),
    /** The Markdown staff wrote in the console for the two fields above (their HTML is made from it); null when written as HTML. */
    moreDescriptionMarkdown: text('more_description_markdown'),
    specificationMarkdown: text('specification_markdown'),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    package: text('package'),
    quality: text('quality').$type<Quality | null>(),
    /** Unit price of the first tier, integer rials. */
    price: rials('price').notNull(),
    compareAtPrice: rials('compare_at_price'),
    minimumPurchase: integer('minimum_purchase').notNull().default(1),
    stock: integer('stock').notNull().default(0),
    threshold: integer('threshold').notNull().default(500),
    availabilityDate: date('availability_date', { mode: 'string' }),
    enable: boolean('enable').notNull().default(true),
    badges: text('badges')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: real('rating').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    views: integer('views').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    datasheetUrl: text('datasheet_url'),
    /**
     * Exchange-rate pricing: the supplier's price in US cents and the store's margin in percent. When
     * both are set, entering a new dollar rate reprices the product (src/lib/exchange-pricing.ts).
     */
    basePriceUsdCents: integer('base_price_usd_cents'),
    marginPercent: real('margin_percent'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** Part number reduced to upper-case letters and digits ("LM-358 n" → "LM358N"). */
    pnKey: text('pn_key').notNull(),
    /** Every searchable text of the product, normalised once on write (see src/lib/search-text.ts). */
    searchText: text('search_text').notNull(),
    /**
     * The words of search_text as a tsvector, made without a text-search parser so the tokens are exactly
     * our folded words; a query word matches a word start as a prefix lexeme ('word':*), through GIN.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`array_to_tsvector(array_remove(string_to_array(btrim(search_text), ' '), ''))`,
    ),
    /** The same for what names the product (before " | "): relevance checks each query word against it. */
    nameVector: tsvector('name_vector').generatedAlwaysAs(
      sql`array_to_tsvector(array_remove(string_to_array(btrim(split_part(search_text, ' | ', 1)), ' '), ''))`,
    ),
    /** The same for the first words of each name (before " ^ "), where a shop says what the thing is. */
    headVector: tsvector('head_vector').generatedAlwaysAs(
      sql`array_to_tsvector(array_remove(string_to_array(btrim(split_part(search_text, ' ^ ', 1)), ' '), ''))`,
    ),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_updated_idx').on(t.updatedAt),
    index('products_price_idx').on(t.price),
    index('products_pn_key_prefix_idx').using('btree', sql`${t.pnKey} text_pattern_ops`),
    index('products_pn_key_trgm_idx').using('gin', sql`${t.pnKey} gin_trgm_ops`),
    index('products_search_vector_idx').using('gin', t.searchVector),
    // What the hot reads of shoppers walk, over visible products only: part-number prefixes with what
    // their ranking needs (index-only), and each listing order per category (a page is an early-stopped walk).
    index('products_visible_pn_key_idx')
      .using('btree', sql`${t.pnKey} text_pattern_ops`, t.stock, t.salesCount, t.id)
      .where(sql`enable and deleted_at is null`),
    index('products_listing_default_idx')
      .on(
        t.categoryId,
        sql`((${t.stock} > 0 and ${t.stock} >= greatest(${t.minimumPurchase}, 1))) desc`,
        sql`${t.salesCount} desc`,
        sql`${t.views} desc`,
        t.id,
      )
      .where(sql`enable and deleted_at is null`),
    index('products_listing_name_idx')
      .on(t.categoryId, t.name, t.id)
      .where(sql`enable and deleted_at is null`),
    index('products_listing_price_idx')
      .on(t.categoryId, t.price, t.id)
      .where(sql`enable and deleted_at is null`),
    index('products_listing_newest_idx')
      .on(t.categoryId, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`enable and deleted_at is null`),
  ],
);

/**
 * Visible products per category, brand and quality with their price range: the sidebar of a category
 * listing sums a few rows of this instead of counting every product. Rewritten with items_count after
 * every catalogue write (refreshCategoryCounts); nothing else changes these dimensions of a product.
 */
export const categoryFacets = pgTable(
  'category_facets',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id'),
    quality: text('quality').$type<Quality | null>(),
    products: integer('products').notNull(),
    priceMin: rials('price_min').notNull(),
    priceMax: rials('price_max').notNull(),
  },
  (t) => [index('category_facets_category_idx').on(t.categoryId)],
);

/** Quantity price breaks. maxCount null = open-ended last tier. */
export const productPrices = pgTable(
  'product_prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minCount: integer('min_count').notNull(),
    maxCount: integer('max_count'),
    price: rials('price').notNull(),
    compareAtPrice: rials('compare_at_price'),
  },
  (t) => [index('product_prices_product_idx').on(t.productId, t.minCount)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Path under the uploads folder, or an absolute URL. */
    src: text('src').notNull(),
    alt: text('alt'),
    width: integer('width'),
    height: integer('height'),
    sort: integer('sort').notNull().default(0),
    /** Responsive copies made from an upload: [{ width, webp, avif }], smallest first. */
    variants: jsonb('variants').$type<{ width: number; webp: string; avif: string }[]>(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sort)],
);

export const attributes = pgTable('attributes', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  nameFa: text('name_fa'),
  featured: boolean('featured').notNull().default(false),
  /** Unit its values are given in ("V", "mA", "Ω"); null for plain words. */
  unit: text('unit'),
});

export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    valueSlug: text('value_slug').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeId, t.valueSlug] }),
    index('pav_attribute_value_idx').on(t.attributeId, t.valueSlug),
  ],
);

export const PRODUCT_FILE_KINDS = ['datasheet', 'footprint', 'applicationnote'] as const;
export type ProductFileKind = (typeof PRODUCT_FILE_KINDS)[number];

export const productFiles = pgTable(
  'product_files',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ProductFileKind>().notNull(),
    label: text('label').notNull(),
    /** The label for English and Russian pages; null: only the Persian label exists (those pages say so). */
    labelEn: text('label_en'),
    /** Stored upload path (served by us) — or null when only an external link exists. */
    file: text('file'),
    fileLink: text('file_link'),
    createdAt: createdAt(),
  },
  (t) => [index('product_files_product_idx').on(t.productId, t.kind)],
);

/** The departments (header) menu: items with an optional menu or megamenu below them. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    url: text('url').notNull(),
    submenuType: text('submenu_type').$type<'menu' | 'megamenu' | null>(),
    /** Megamenu size: sm, nl, lg, xl. */
    size: text('size').$type<'sm' | 'nl' | 'lg' | 'xl' | null>(),
    /** Megamenu column this link belongs to. */
    column: integer('column').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('departments_parent_idx').on(t.parentId, t.sort)],
);
