/**
 * The one place where product rows become the API's view models (ProductCard, Product).
 * Every call that answers with products — carousels, related lists, search, the product page, the
 * cart — goes through loadProductCards / loadProduct so a field is computed the same way everywhere.
 *
 * Visibility: by default both loaders return only public products (enable = true and deleted_at null).
 * Staff screens and the cart, which must still show a hidden product, pass `{ includeHidden: true }`.
 */
import { attributeNameFa } from '../../lib/attribute-names';
import type { ImageVariant } from '../../lib/responsive-image';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CategoryRef, PriceTier, Product, ProductCard } from '../../api/schemas/catalogue';
import { availabilityOf } from '../../lib/availability';
import { productDisplayName } from '../../lib/display-name';
import type { Db } from '../db/client';
import { attributes, brands, categories, productAttributeValues, productFiles, productImages, productPrices, products } from '../db/schema';

export interface LoadOptions {
  /** Also return disabled and soft-deleted products (staff and cart use). Default false. */
  includeHidden?: boolean;
}

/** SQL condition for "a shopper may see this product". Exported so list queries filter the same way. */
export const productIsPublic: SQL = and(eq(products.enable, true), isNull(products.deletedAt))!;

/** Whether a shopper may see the product with this slug (its page exists or may be rendered). */
export async function productIsShown(db: Db, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), productIsPublic))
    .limit(1);
  return rows.length > 0;
}

/** Columns a card needs: the product row with its brand, in one joined query. */
export const cardColumns = {
  id: products.id,
  slug: products.slug,
  partNumber: products.partNumber,
  name: products.name,
  nameFa: products.nameFa,
  description: products.description,
  badges: products.badges,
  rating: products.rating,
  reviewsCount: products.reviewsCount,
  quality: products.quality,
  stock: products.stock,
  availabilityDate: products.availabilityDate,
  package: products.package,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  minimumPurchase: products.minimumPurchase,
  threshold: products.threshold,
  enable: products.enable,
  brandSlug: brands.slug,
  brandName: brands.name,
  brandNameFa: brands.nameFa,
  brandImage: brands.image,
};

/**
 * A product's tiers read in the statement that reads its price. Two statements would see two moments:
 * a reprice batch committing between them would pair the old price with the new tiers (or the
 * reverse), on a card and in what checkout charges (shop/priced-products.ts).
 */
const tiersInSameStatement = sql<TierRow[]>`coalesce((
  select json_agg(json_build_object('productId', t.product_id, 'minCount', t.min_count, 'maxCount', t.max_count,
    'price', t.price, 'compareAtPrice', t.compare_at_price))
  from ${productPrices} t where t.product_id = ${products.id}), '[]'::json)`;

export interface CardRow {
  id: number;
  slug: string;
  partNumber: string;
  name: string;
  nameFa: string;
  description: string | null;
  badges: string[];
  rating: number;
  reviewsCount: number;
  quality: 'original' | 'renew' | 'copy' | null;
  stock: number;
  availabilityDate: string | null;
  package: string | null;
  price: number;
  compareAtPrice: number | null;
  minimumPurchase: number;
  threshold: number;
  enable: boolean;
  brandSlug: string | null;
  brandName: string | null;
  brandNameFa: string | null;
  brandImage: string | null;
}

export interface TierRow {
  productId: number;
  minCount: number;
  maxCount: number | null;
  price: number;
  compareAtPrice: number | null;
}
export interface ImageRow {
  productId: number;
  src: string;
  alt: string | null;
  width: number | null;
  height: number | null;
  variants?: ImageVariant[] | null;
}

/**
 * Quantity breaks of a product. A product imported without tiers still gets one open-ended tier from
 * its own price, so the storefront's tier table and quantity pricing never have to special-case "none".
 */
export function toPriceTiers(row: Pick<CardRow, 'price' | 'compareAtPrice' | 'minimumPurchase'>, tiers: TierRow[]): PriceTier[] {
  if (tiers.length === 0) {
    return [{ minCount: row.minimumPurchase, maxCount: null, minPrice: row.price, minCompareAtPrice: row.compareAtPrice }];
  }
  return [...tiers]
    .sort((a, b) => a.minCount - b.minCount)
    .map((t) => ({ minCount: t.minCount, maxCount: t.maxCount, minPrice: t.price, minCompareAtPrice: t.compareAtPrice }));
}

function toImage(img: ImageRow, fallbackAlt: string) {
  const image = { src: img.src, alt: img.alt ?? fallbackAlt, width: img.width, height: img.height };
  return img.variants && img.variants.length > 0 ? { ...image, variants: img.variants } : image;
}

/** Row → card. The only function that decides what a card field means; the full product extends it. */
export function toProductCard(row: CardRow, tiers: TierRow[], images: ImageRow[]): ProductCard {
  const displayName = productDisplayName(row);
  return {
    id: row.id,
    slug: row.slug,
    // Spec §3: the slug doubles as the SKU.
    sku: row.slug,
    name: row.name,
    nameFa: row.nameFa,
    displayName,
    partNumber: row.partNumber,
    description: row.description,
    images: images.map((img) => toImage(img, displayName)),
    badges: row.badges,
    rating: row.rating,
    reviews: row.reviewsCount,
    quality: row.quality,
    availability: availabilityOf(row),
    availabilityDate: row.availabilityDate,
    brand: row.brandSlug
      ? { slug: row.brandSlug, name: row.brandName ?? row.brandSlug, nameFa: row.brandNameFa, image: row.brandImage }
      : null,
    package: row.package,
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    prices: toPriceTiers(row, tiers),
    minimumPurchase: row.minimumPurchase,
    stock: row.stock,
    threshold: row.threshold,
    enable: row.enable,
  };
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

const imageColumns = {
  productId: productImages.productId,
  src: productImages.src,
  alt: productImages.alt,
  width: productImages.width,
  height: productImages.height,
  variants: productImages.variants,
};

/**
 * The statements behind cards, made once per database: the ids travel as one array, so every read has
 * the same text. Built for each call, drizzle's query building took ~6% of the server's thread under the
 * long-tail load at a million products (where cards are not held in memory), and each count of ids was
 * a new statement for PostgreSQL to plan.
 */
function cardStatementsFor(db: Db) {
  const ids = sql`any(${sql.placeholder('ids')}::int[])`;
  const rows = (where: SQL | undefined) =>
    db
      .select({ ...cardColumns, tiers: tiersInSameStatement })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where);
  return {
    shown: rows(and(sql`${products.id} = ${ids}`, productIsPublic)).prepare('product_cards'),
    all: rows(sql`${products.id} = ${ids}`).prepare('product_cards_hidden_too'),
    // DISTINCT ON keeps the first image by sort per product: a card shows one picture.
    images: db
      .selectDistinctOn([productImages.productId], imageColumns)
      .from(productImages)
      .where(sql`${productImages.productId} = ${ids}`)
      .orderBy(productImages.productId, productImages.sort, productImages.id)
      .prepare('product_card_images'),
  };
}
const cardStatements = new WeakMap<Db, ReturnType<typeof cardStatementsFor>>();

/**
 * Cards for the given ids, in the order of `ids` (the caller's ranking), skipping ids that are missing
 * or hidden. Two queries whatever the number of ids: rows with brand and tiers, first image of each.
 */
export async function loadProductCards(db: Db, ids: number[], opts: LoadOptions = {}): Promise<ProductCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  let statements = cardStatements.get(db);
  if (!statements) cardStatements.set(db, (statements = cardStatementsFor(db)));
  const rows = await (opts.includeHidden ? statements.all : statements.shown).execute({ ids: unique });
  if (rows.length === 0) return [];
  const found = rows.map((r) => r.id);
  const images = await statements.images.execute({ ids: found });
  const imagesBy = groupBy(images, (i) => i.productId);
  const byId = new Map(rows.map((r) => [r.id, toProductCard(r as CardRow, r.tiers, imagesBy.get(r.id) ?? [])]));
  const out: ProductCard[] = [];
  for (const id of unique) {
    const card = byId.get(id);
    if (card) out.push(card);
  }
  return out;
}

/** Ids in a materialised path "/3/17/42/" → [3, 17, 42] (root → leaf). */
export function pathIds(path: string): number[] {
  return path
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

export function toCategoryRef(row: { id: number; slug: string; name: string; nameFa: string; depth: number }): CategoryRef {
  return { id: row.id, slug: row.slug, name: row.name, nameFa: row.nameFa, depth: row.depth };
}

interface FileRow {
  kind: string;
  label: string;
  labelEn: string | null;
  file: string | null;
  fileLink: string | null;
  createdAt: Date;
}

/** Files of one kind grouped by their two labels, in first-seen order: [{label, labelEn, attaches:[{file, fileLink, created_at}]}]. */
export function groupFiles(rows: FileRow[], kind: 'footprint' | 'applicationnote') {
  const groups = groupBy(
    rows.filter((r) => r.kind === kind),
    (r) => JSON.stringify([r.label, r.labelEn]),
  );
  return [...groups.values()].map((list) => ({
    label: list[0]!.label,
    labelEn: list[0]!.labelEn,
    attaches: list.map((f) => ({ file: f.file, fileLink: f.fileLink, created_at: f.createdAt.toISOString() })),
  }));
}

interface AttributeRow {
  slug: string;
  name: string;
  nameFa: string | null;
  featured: boolean;
  value: string;
  valueSlug: string;
}

/**
 * The attribute-value rows of several products for groupAttributes, per product in the product
 * page's order: featured attributes first, then by attribute, then value.
 */
export function loadAttributeRows(db: Db, productIds: number[]) {
  return db
    .select({
      productId: productAttributeValues.productId,
      slug: attributes.slug,
      name: attributes.name,
      nameFa: attributes.nameFa,
      featured: attributes.featured,
      value: productAttributeValues.value,
      valueSlug: productAttributeValues.valueSlug,
    })
    .from(productAttributeValues)
    .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
    .where(inArray(productAttributeValues.productId, productIds))
    .orderBy(productAttributeValues.productId, sql`${attributes.featured} desc`, attributes.id, productAttributeValues.valueSlug);
}

/** Attribute-value rows → one entry per attribute with its values, in the order the rows arrive. */
export function groupAttributes(rows: AttributeRow[]): Product['attributes'] {
  return [...groupBy(rows, (r) => r.slug)].map(([slug, list]) => ({
    slug,
    name: list[0]!.name,
    nameFa: attributeNameFa(list[0]!.name, list[0]!.nameFa),
    featured: list[0]!.featured,
    values: list.map((v) => ({ name: v.value, slug: v.valueSlug })),
  }));
}

/** The full product page model, or null when the product does not exist (or is hidden, unless asked). */
/** Columns of a full product page (card columns plus the page's own); needs brands and categories joined. */
export const productPageColumns = {
  ...cardColumns,
  descriptionFa: products.descriptionFa,
  moreDescription: products.moreDescription,
  specification: products.specification,
  categoryId: products.categoryId,
  categoryPath: categories.path,
  datasheetUrl: products.datasheetUrl,
  views: products.views,
  customFields: products.customFields,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/*
 * A product page's lists, each aggregated in the product's own statement as its tiers are: one round
 * trip instead of five. On PGlite each statement costs ~3 ms of its thread's CPU however small, and a
 * product page rendered on its first request waits for these (issue 19: ≤ 150 ms).
 */
type CategoryRow = { id: number; slug: string; name: string; nameFa: string; depth: number };
/** The category's trail: the ids of its materialised path ("/3/17/42/") and its own, root first. */
const crumbsInSameStatement = sql<CategoryRow[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'nameFa', c.name_fa, 'depth', c.depth) order by c.depth)
  from ${categories} c
  where c.id = any(string_to_array(trim(both '/' from ${categories.path}), '/')::int[]) or c.id = ${products.categoryId}), '[]'::json)`;
const imagesInSameStatement = sql<ImageRow[]>`coalesce((
  select json_agg(json_build_object('productId', i.product_id, 'src', i.src, 'alt', i.alt, 'width', i.width, 'height', i.height, 'variants', i.variants) order by i.sort, i.id)
  from ${productImages} i where i.product_id = ${products.id}), '[]'::json)`;
/** Featured attributes (Package, ...) first, then by attribute and value, so the table reads the same each time. */
const attributesInSameStatement = sql<AttributeRow[]>`coalesce((
  select json_agg(json_build_object('slug', a.slug, 'name', a.name, 'nameFa', a.name_fa, 'featured', a.featured, 'value', v.value, 'valueSlug', v.value_slug)
    order by a.featured desc, a.id, v.value_slug)
  from ${productAttributeValues} v join ${attributes} a on a.id = v.attribute_id where v.product_id = ${products.id}), '[]'::json)`;
/** `createdAt` in milliseconds since 1970: JSON has no dates. */
const filesInSameStatement = sql<(Omit<FileRow, 'createdAt'> & { createdAt: number })[]>`coalesce((
  select json_agg(json_build_object('kind', f.kind, 'label', f.label, 'labelEn', f.label_en, 'file', f.file, 'fileLink', f.file_link,
    'createdAt', floor(extract(epoch from f.created_at) * 1000)) order by f.created_at, f.id)
  from ${productFiles} f where f.product_id = ${products.id}), '[]'::json)`;

export async function loadProduct(db: Db, where: { slug: string } | { id: number }, opts: LoadOptions = {}): Promise<Product | null> {
  const match = 'slug' in where ? eq(products.slug, where.slug) : eq(products.id, where.id);
  const [row] = await db
    .select({
      ...productPageColumns,
      tiers: tiersInSameStatement,
      crumbs: crumbsInSameStatement,
      images: imagesInSameStatement,
      attrs: attributesInSameStatement,
      files: filesInSameStatement,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(opts.includeHidden ? match : and(match, productIsPublic))
    .limit(1);
  if (!row) return null;
  const { crumbs, images, attrs } = row;
  const files: FileRow[] = row.files.map((f) => ({ ...f, createdAt: new Date(Number(f.createdAt)) }));

  const card = toProductCard(row as CardRow, row.tiers, images);
  const datasheetFile = files.find((f) => f.kind === 'datasheet');
  return {
    ...card,
    descriptionFa: row.descriptionFa,
    moreDescription: row.moreDescription,
    specification: row.specification,
    categories: crumbs.map(toCategoryRef),
    attributes: groupAttributes(attrs),
    // An uploaded datasheet file wins over the maker's link: ours cannot go stale.
    datasheet: datasheetFile?.file ?? datasheetFile?.fileLink ?? row.datasheetUrl,
    footprints: groupFiles(files, 'footprint'),
    applicationnotes: groupFiles(files, 'applicationnote'),
    views: row.views,
    customFields: row.customFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
