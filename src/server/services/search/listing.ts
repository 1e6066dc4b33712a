import { sql, type SQL } from 'drizzle-orm';
import { attributeNameFa } from '../../../lib/attribute-names';
import type { Filter, MatchKind, ProductCard, ProductList } from '../../../api/schemas/catalogue';
import type { GetProductQuery } from '../../../api/schemas/search';
import { IN_STOCK_SQL } from '../../../lib/availability';
import { rialsToToman, tomanToRials } from '../../../lib/money';
import { roundedPriceRange } from '../../../lib/price-range';
import type { Db } from '../../db/client';
import { loadProductCards } from '../product-views';
import { matchedSql, withIndexScans } from './match-sql';
import { alternativePlans, planSearch, type SearchPlan } from './plan';
import { resolveScopeFrom, scopeIdsSql, type CategoryScope } from './scope';
import { rowsOf } from '../../db/rows';
import type { SearchFastPaths } from './suggest';
import type { MatchedRow } from './suggestion-index';
import type { AttributeFacetRow, ListingIndex } from './listing-index';
import { shared, sharedWith } from '../shared-json';

// Attribute counts over a huge unscoped set cost much and help nobody; offer them once the set is narrow.
const ATTRIBUTE_FACETS_MAX_SET = 20_000;
const ATTRIBUTE_FACETS = 12;
const VALUES_PER_ATTRIBUTE = 30;

/** Products the shopper may see, with what filters and ordering need; limited to the scope and the search. */
const BASE_COLUMNS = [
  'name',
  'price',
  'brand_id',
  'quality',
  'stock',
  'minimum_purchase',
  'availability_date',
  'sales_count',
  'views',
  'created_at',
  'category_id',
  'enable',
  'deleted_at',
] as const;

// A search ranks, counts and facets at most this many matches per match branch (exact, family, text…):
// past that, `capped` tells the shopper the count is a lower bound ("1,000+").
export const SEARCH_CANDIDATES = 1000;

/**
 * The matches handed in from the in-memory index (suggestion-index.ts) as the rows matchedSql would
 * select: the products read by primary key, no word or trigram index searched.
 */
function matchedRowsSql(rows: MatchedRow[]): SQL {
  const array = (values: (string | number | boolean)[]) => `{${values.join(',')}}`;
  return sql`select m.id, m.rank, m.kind, m.score, m.overflow, ${sql.raw(BASE_COLUMNS.map((c) => `p."${c}"`).join(', '))}
    from unnest(${array(rows.map((r) => r.id))}::int[], ${array(rows.map((r) => r.rank))}::int[], ${array(rows.map((r) => r.kind))}::text[],
      ${array(rows.map((r) => r.score))}::real[], ${array(rows.map((r) => r.overflow))}::bool[]) as m(id, rank, kind, score, overflow)
    join products p on p.id = m.id`;
}

function baseSql(plan: SearchPlan | null, scope: CategoryScope | null, matched?: MatchedRow[] | null): SQL {
  const limits = { perBranch: SEARCH_CANDIDATES, candidates: SEARCH_CANDIDATES, ...(scope ? { categoryIds: scope.ids } : {}) };
  const source = plan ? sql`(${matched ? matchedRowsSql(matched) : matchedSql(plan, BASE_COLUMNS, limits)})` : sql`products`;
  const matchCols = plan
    ? sql`p.rank, p.kind, p.score, p.overflow`
    : sql`0 as rank, null::text as kind, 0::real as score, false as overflow`;
  const inScope = scope && !plan ? sql`and p.category_id = any(${scopeIdsSql(scope)})` : sql``;
  return sql`select p.id, p.name, p.price, p.brand_id, p.quality, p.stock, p.minimum_purchase, p.availability_date, p.sales_count,
      p.views, p.created_at, c.path, ${matchCols}
    from ${source} p join categories c on c.id = p.category_id
    where p.enable and p.deleted_at is null ${inScope}`;
}

function filtersSql(q: GetProductQuery): SQL {
  const parts = filterConditions(q);
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/** The shopper's filters as conditions on products aliased `b`. */
function filterConditions(q: GetProductQuery): SQL[] {
  const parts: SQL[] = [];
  if (q.filter_price?.min != null) parts.push(sql`b.price >= ${q.filter_price.min}`);
  if (q.filter_price?.max != null) parts.push(sql`b.price <= ${q.filter_price.max}`);
  if (q.filter_brand?.length) {
    parts.push(
      sql`b.brand_id in (select id from brands where slug in (${sql.join(
        q.filter_brand.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    );
  }
  if (q.filter_quality?.length) {
    const named = q.filter_quality.filter((x) => x !== 'none');
    const ors: SQL[] = [];
    if (named.length)
      ors.push(
        sql`b.quality in (${sql.join(
          named.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
    if (q.filter_quality.includes('none')) ors.push(sql`b.quality is null`);
    parts.push(sql`(${sql.join(ors, sql` or `)})`);
  }
  if (q.filter_availability?.length) {
    const ors = q.filter_availability.map((a) =>
      a === 'in-stock'
        ? sql.raw(IN_STOCK_SQL('b'))
        : a === 'pre-order'
          ? sql.raw(`(not ${IN_STOCK_SQL('b')} and b.availability_date is not null)`)
          : sql.raw(`(not ${IN_STOCK_SQL('b')} and b.availability_date is null)`),
    );
    parts.push(sql`(${sql.join(ors, sql` or `)})`);
  }
  for (const attr of q.filter_attributes ?? []) {
    parts.push(sql`exists (select 1 from product_attribute_values v join attributes a on a.id = v.attribute_id
      where v.product_id = b.id and a.slug = ${attr.slug}
      and v.value_slug in (${sql.join(
        attr.values.map((s) => sql`${s}`),
        sql`, `,
      )}))`);
  }
  return parts;
}

function orderSql(sort: GetProductQuery['sort'], searching: boolean): SQL {
  // Within equal relevance, what a buyer can actually buy comes first, then what others buy.
  const popularity = sql.raw(`${IN_STOCK_SQL('f')} desc, f.sales_count desc, f.views desc, f.id`);
  switch (sort) {
    case 'name_asc':
      return sql`f.name asc, f.id`;
    case 'name_desc':
      return sql`f.name desc, f.id`;
    case 'price_asc':
      return sql`f.price asc, f.id`;
    case 'price_desc':
      return sql`f.price desc, f.id`;
    case 'newest':
      return sql`f.created_at desc, f.id desc`;
    default:
      return searching ? sql`f.rank, f.score desc, ${popularity}` : popularity;
  }
}

/**
 * A listing's order on products aliased `t`. Ties go by id in the direction of the sort, so every order is
 * one walk of an index of products_listing_*_idx (per category) and a page stops as soon as it is full.
 */
function listingOrder(sort: GetProductQuery['sort'], t: string): SQL {
  switch (sort) {
    case 'name_asc':
      return sql.raw(`${t}.name asc, ${t}.id`);
    case 'name_desc':
      return sql.raw(`${t}.name desc, ${t}.id desc`);
    case 'price_asc':
      return sql.raw(`${t}.price asc, ${t}.id`);
    case 'price_desc':
      return sql.raw(`${t}.price desc, ${t}.id desc`);
    case 'newest':
      return sql.raw(`${t}.created_at desc, ${t}.id desc`);
    default:
      return sql.raw(`${IN_STOCK_SQL(t)} desc, ${t}.sales_count desc, ${t}.views desc, ${t}.id`);
  }
}

/**
 * A category listing without search text: the page is the first rows of each category's index walk in
 * the listing's order (top-K per category, then merged), and the sidebar sums category_facets, counts
 * kept on write, instead of counting every product of the subtree.
 */
export function catalogueListingSql(q: GetProductQuery, scope: CategoryScope | null, categoryIds: number[]): SQL {
  const offset = (q.page - 1) * q.limit;
  const ids = sql`${`{${categoryIds.join(',')}}`}::int[]`;
  const filters = filterConditions(q);
  const filtered = filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const children = scope ? sql`c.parent_id = ${scope.id}` : sql`c.parent_id is null`;
  return sql`
    with cf as materialized (select brand_id, quality, products, price_min, price_max from category_facets where category_id = any(${ids})),
    pg as (select x.id, row_number() over (order by ${listingOrder(q.sort, 'x')}) as ord
      from unnest(${ids}) as cat(id) cross join lateral (
        select b.id, b.name, b.price, b.stock, b.minimum_purchase, b.sales_count, b.views, b.created_at
        from products b where b.category_id = cat.id and b.enable and b.deleted_at is null ${filtered}
        order by ${listingOrder(q.sort, 'b')} limit ${offset + q.limit}) x
      order by ${listingOrder(q.sort, 'x')} limit ${q.limit} offset ${offset})
    select
      ${
        filters.length
          ? sql`(select count(*)::int from products b where b.category_id = any(${ids}) and b.enable and b.deleted_at is null ${filtered})`
          : sql`(select coalesce(sum(products), 0)::int from cf)`
      } as total,
      (select json_agg(json_build_object('id', id, 'kind', null) order by ord) from pg) as items,
      (select coalesce(sum(products), 0)::int from cf) as base_total,
      (select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'name_fa', c.name_fa,
              'depth', c.depth, 'count', c.items_count) order by c.sort, c.id)
         from categories c where ${children} and c.items_count > 0) as categories,
      (select json_agg(json_build_object('slug', br.slug, 'name', br.name, 'count', x.n) order by x.n desc, br.name, br.id)
         from (select brand_id, sum(products)::int as n from cf where brand_id is not null group by 1) x
         join brands br on br.id = x.brand_id) as brands,
      (select json_agg(json_build_object('quality', quality, 'count', n) order by n desc, quality collate "C")
         from (select quality, sum(products)::int as n from cf group by 1) x) as qualities,
      (select min(price_min) from cf) as price_min,
      (select max(price_max) from cf) as price_max,
      false as capped
  `;
}

interface ListingRow {
  total: number;
  items: { id: number; kind: MatchKind | null }[] | null;
  base_total: number;
  categories: { id: number; slug: string; name: string; name_fa: string; depth: number; count: number }[] | null;
  brands: { slug: string; name: string; count: number }[] | null;
  qualities: { quality: string | null; count: number }[] | null;
  price_min: number | null;
  price_max: number | null;
  /** A match branch had more rows than a search reads: total and counts are lower bounds. */
  capped: boolean;
}

async function allCategoryIds(db: Db): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(sql`select id from categories`)).map((r) => r.id);
}

/** One round trip: the page, the total after filters, and the sidebar's counts over the unfiltered set. */
async function runListing(db: Db, q: GetProductQuery, plan: SearchPlan | null, scope: CategoryScope | null, matched?: MatchedRow[] | null) {
  const result = matched
    ? await db.execute(listingSql(q, plan, scope, matched))
    : plan
      ? await withIndexScans(db, (tx) => tx.execute(listingSql(q, plan, scope)))
      : await db.execute(catalogueListingSql(q, scope, scope ? scope.ids : await allCategoryIds(db)));
  return rowsOf<ListingRow>(result)[0]!;
}

/** The one statement behind a listing page; exported so benchmarks can time it without HTTP. */
export function listingSql(q: GetProductQuery, plan: SearchPlan | null, scope: CategoryScope | null, matched?: MatchedRow[] | null): SQL {
  const childSegment = (scope?.depth ?? -1) + 3; // path "/a/b/c/": split_part index of the next level down
  const offset = (q.page - 1) * q.limit;
  return sql`
    with b as materialized (${baseSql(plan, scope, matched)}),
    f as materialized (select * from b ${filtersSql(q)}),
    pg as (select f.id, f.kind, row_number() over (order by ${orderSql(q.sort, plan !== null)}) as ord
           from f order by ${orderSql(q.sort, plan !== null)} limit ${q.limit} offset ${offset})
    select
      (select count(*)::int from f) as total,
      (select json_agg(json_build_object('id', id, 'kind', kind) order by ord) from pg) as items,
      (select count(*)::int from b) as base_total,
      (select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'name_fa', c.name_fa,
              'depth', c.depth, 'count', x.n) order by c.sort, c.id)
         from (select split_part(path, '/', ${childSegment}) as cid, count(*)::int as n from b group by 1) x
         join categories c on c.id::text = x.cid) as categories,
      (select json_agg(json_build_object('slug', br.slug, 'name', br.name, 'count', x.n) order by x.n desc, br.name, br.id)
         from (select brand_id, count(*)::int as n from b where brand_id is not null group by 1) x
         join brands br on br.id = x.brand_id) as brands,
      (select json_agg(json_build_object('quality', quality, 'count', n) order by n desc, quality collate "C")
         from (select quality, count(*)::int as n from b group by 1) x) as qualities,
      (select min(price) from b) as price_min,
      (select max(price) from b) as price_max,
      (select coalesce(bool_or(overflow), false) from b) as capped
  `;
}

async function attributeFacets(
  db: Db,
  plan: SearchPlan | null,
  scope: CategoryScope | null,
  q: GetProductQuery,
  matched: MatchedRow[] | null,
): Promise<Filter[]> {
  const result = await db.execute(sql`
    with b as materialized (${baseSql(plan, scope, matched)}),
    counts as (
      select a.id, a.slug, a.name, a.name_fa, a.featured, v.value_slug, min(v.value) as value, count(*)::int as n
      from b join product_attribute_values v on v.product_id = b.id join attributes a on a.id = v.attribute_id
      group by a.id, v.value_slug),
    top_attrs as (select id from counts group by id order by bool_or(featured) desc, sum(n) desc, id limit ${ATTRIBUTE_FACETS})
    select c.* from counts c join top_attrs t on t.id = c.id order by c.slug, c.n desc, c.value, c.value_slug collate "C"`);
  return attributeFilters(rowsOf<AttributeFacetRow>(result), q);
}

/**
 * Values sort naturally ("2.2k" before "10k" is not alphabetical, but numbers first reads right). Made
 * once: making a collator cost more than the whole sort, on every listing and search page.
 */
const VALUE_ORDER = new Intl.Collator('en', { numeric: true });

/** The attribute facets' rows (in the statement's order) as the sidebar's check filters. */
function attributeFilters(rows: AttributeFacetRow[], q: GetProductQuery): Filter[] {
  const chosen = new Map((q.filter_attributes ?? []).map((a) => [a.slug, a.values]));
  const groups = new Map<string, Extract<Filter, { type: 'check' }>>();
  for (const r of rows) {
    let g = groups.get(r.slug);
    if (!g) {
      g = {
        type: 'check',
        slug: `attr_${r.slug}`,
        name: r.name,
        nameFa: attributeNameFa(r.name, r.name_fa),
        items: [],
        value: chosen.get(r.slug) ?? [],
      };
      groups.set(r.slug, g);
    }
    if (g.items.length < VALUES_PER_ATTRIBUTE) g.items.push({ slug: r.value_slug, name: r.value, count: r.n });
  }
  for (const g of groups.values()) g.items.sort((a, b) => VALUE_ORDER.compare(a.name, b.name));
  return [...groups.values()];
}

/** Whether the shopper chose any sidebar filter (each shows as its group's `value`). */
function choosesFilters(q: GetProductQuery): boolean {
  return Boolean(
    q.filter_price?.min != null ||
    q.filter_price?.max != null ||
    q.filter_brand?.length ||
    q.filter_quality?.length ||
    q.filter_availability?.length ||
    q.filter_attributes?.length,
  );
}

const QUALITY_NAMES: Record<string, string> = { original: 'Original', renew: 'Renew', copy: 'Copy' };

function buildFilters(row: ListingRow, q: GetProductQuery, scope: CategoryScope | null): Filter[] {
  const filters: Filter[] = [];
  filters.push({
    type: 'category',
    slug: 'category',
    name: 'Categories',
    items: (row.categories ?? []).map((c) => ({ id: c.id, slug: c.slug, name: c.name, nameFa: c.name_fa, depth: c.depth, count: c.count })),
    value: scope?.slug ?? null,
  });
  if (row.price_min !== null && row.price_max !== null) {
    const [lo, hi] = roundedPriceRange(rialsToToman(Number(row.price_min)), rialsToToman(Number(row.price_max)));
    const min = tomanToRials(lo);
    const max = tomanToRials(hi);
    filters.push({
      type: 'range',
      slug: 'price',
      name: 'Price',
      min,
      max,
      value: [q.filter_price?.min ?? min, q.filter_price?.max ?? max],
    });
  }
  filters.push({
    type: 'check',
    slug: 'brand',
    name: 'Brand',
    nameFa: 'برند',
    items: row.brands ?? [],
    value: q.filter_brand ?? [],
  });
  filters.push({
    type: 'check',
    slug: 'quality',
    name: 'Quality',
    nameFa: 'کیفیت',
    // A product with no quality recorded has none to choose: "unbranded" is not a quality, so it is no filter item.
    items: (row.qualities ?? [])
      .filter((x): x is { quality: string; count: number } => x.quality !== null && x.quality in QUALITY_NAMES)
      .map((x) => ({ slug: x.quality, name: QUALITY_NAMES[x.quality]!, count: x.count }))
      .sort((a, b) => b.count - a.count),
    value: q.filter_quality ?? [],
  });
  return filters;
}

export interface ListingResult extends ProductList {
  /** The query as it was understood, when it differs from what was typed (keyboard layout slip). */
  interpretedAs?: string;
  /** The normalised text that was searched, for the search log. */
  searched: string | null;
}

/** getProduct: a catalogue listing, optionally a search, with sidebar filters. */
export async function listProducts(db: Db, q: GetProductQuery, fast?: SearchFastPaths): Promise<ListingResult> {
  // The whole answer in memory when the listing index is current: a category listing, or the search page
  // over the suggestion index's strict matches. Anything else (a typo's fuzzy branch, other readings) is the SQL's.
  const listing = fast?.listingsInMemory !== false ? (fast?.listing.current() ?? null) : null;
  const scope = await resolveScopeFrom(listing, db, q.filter_category);
  const text = q.filter_searchPart || q.filter_part || '';
  const partOnly = Boolean(q.filter_searchPart) && !q.filter_part;
  let plan = planSearch(text, partOnly);
  // The matches from the in-memory index when it is current: strict, else fuzzy part numbers, else the
  // first other reading that has any (suggestion-index.ts matchedReadings). Null (index not current, or
  // a fuzzy lookup too large for this thread) leaves the search to the SQL.
  const index = plan ? fast?.index.current() : null;
  const found = plan && index ? index.matchedReadings(plan, SEARCH_CANDIDATES, SEARCH_CANDIDATES, scope ? new Set(scope.ids) : null) : null;
  let matched: MatchedRow[] | null = found ? found.rows : null;
  let interpretedAs: string | undefined;
  if (found && found.plan !== plan) {
    plan = found.plan;
    interpretedAs = plan.raw;
  }
  const inMemory: ListingIndex | null = listing && (!plan || matched) ? listing : null;
  let row: ListingRow = inMemory
    ? matched
      ? inMemory.search(q, scope, matched)
      : inMemory.listing(q, scope)
    : await runListing(db, q, plan, scope, matched);
  if (plan && !found && row.base_total === 0) {
    for (const alt of alternativePlans(plan)) {
      const altRow = await runListing(db, q, alt, scope);
      if (altRow.base_total > 0) {
        row = altRow;
        plan = alt;
        matched = null;
        interpretedAs = alt.raw;
        break;
      }
    }
  }
  const ids = (row.items ?? []).map((i) => i.id);
  const kinds = new Map((row.items ?? []).map((i) => [i.id, i.kind]));
  // The cards held by the suggestion index (catalogues up to ITEMS_IN_MEMORY_MAX), else the card cache.
  const loaded = fast ? (fast.index.current()?.cardsOf(ids) ?? (await fast.cards.load(db, ids))) : await loadProductCards(db, ids);
  const shown: ProductCard[] = loaded.map((card) => {
    const kind = kinds.get(card.id);
    return kind ? sharedWith(card, 'match', kind) : card;
  });
  const withAttributes = row.base_total > 0 && (scope !== null || plan !== null) && row.base_total <= ATTRIBUTE_FACETS_MAX_SET;
  // The sidebar from the listing index alone (no statement): the category filters, then the attribute facets.
  const sidebarFrom = (index: ListingIndex): Filter[] => {
    const filters = buildFilters(row, q, scope);
    if (withAttributes) filters.push(...attributeFilters(index.attributeFacets(scope, matched, ATTRIBUTE_FACETS), q));
    return filters;
  };
  let filters: Filter[];
  if (inMemory && !plan && !choosesFilters(q)) {
    // A category page without search text or chosen filters: its sidebar is the scope's alone, the same on
    // every sort and page, so it is made (and written as JSON, shared-json.ts) once until the index changes.
    filters = inMemory.remember(`filters:${scope ? scope.id : '*'}`, () => shared(sidebarFrom(inMemory)));
  } else if (inMemory && (matched || !interpretedAs)) {
    filters = sidebarFrom(inMemory);
  } else {
    filters = buildFilters(row, q, scope);
    if (withAttributes) filters.push(...(await attributeFacets(db, plan, scope, q, matched)));
  }
  const total = row.total;
  const pages = Math.max(1, Math.ceil(total / q.limit));
  const from = total === 0 || q.page > pages ? 0 : (q.page - 1) * q.limit + 1;
  return {
    items: shown,
    page: q.page,
    limit: q.limit,
    total,
    pages,
    from,
    to: from === 0 ? 0 : from + shown.length - 1,
    sort: q.sort,
    filters,
    ...(interpretedAs ? { interpretedAs } : {}),
    ...(row.capped ? { capped: true as const } : {}),
    searched: plan?.folded ?? null,
  };
}
