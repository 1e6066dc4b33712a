/**
 * getProduct answered in memory: every visible product's listing columns (price, brand, quality,
 * availability, sales, views, created_at, category, name order, attribute values) held in typed arrays,
 * so a category listing or a search page over the suggestion index's strict matches costs a pass over
 * the set in this thread and no statement. Issue 19: one uncached listing cost ~20 ms of PGlite's single
 * thread, and 50 shoppers queued behind each other there.
 *
 * It answers what listing.ts's SQL answers, in the same order with the same tie-breaks and counts: the
 * SQL stays the fallback (alternative readings of a typo, an index not built yet) and the reference the
 * tests compare with. Orders that depend on the database's collation (product names, brand names,
 * attribute slugs and values) are read from the database as ranks, so the answer holds under any locale.
 * It belongs to one read-cache generation (index-keeper.ts), and `patch` re-reads given
 * products after a change and changes just their rows in place: each order loses and takes back only
 * those rows (sorted-rows.ts), a changed name is placed by asking the database for its neighbours, and
 * the per-category counts (what an unfiltered listing's sidebar shows) are counted again for the
 * categories they left or joined. Milliseconds at a million products, where reading the whole name
 * order again and sorting every order anew took 30–40 s.
 */
import { sql } from 'drizzle-orm';
import type { GetProductQuery } from '../../../api/schemas/search';
import type { MatchKind } from '../../../api/schemas/catalogue';
import { AVAILABILITIES, availabilityOf } from '../../../lib/availability';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { CategoryScope } from './scope';
import type { MatchedRow } from './suggestion-index';
import { moveRow, resorted } from './sorted-rows';
import { sortIndicesInSlices, TimeSlices } from './time-slices';

// Rows read at once while building: bounded memory whatever the catalogue's size.
const BATCH = 20_000;
/** Build loops read the clock every this many steps, and pause when their slice is up (time-slices.ts). */
const CHECK = 1024;
// More changed names than this in one patch: the whole name order is read again (one statement) rather
// than two index probes per category for each of them.
const MAX_PLACED_NAMES = 200;
const IN_STOCK = AVAILABILITIES.indexOf('in-stock');
/** Scopes whose listing facets are kept at once (ListingIndex.scopeFacets): far more than a store's categories. */
const MAX_SCOPE_FACETS = 4096;

/** The listing statement's row (listing.ts's ListingRow), as the index computes it. */
export interface IndexListingRow {
  total: number;
  items: { id: number; kind: MatchKind | null }[];
  base_total: number;
  categories: { id: number; slug: string; name: string; name_fa: string; depth: number; count: number }[];
  brands: { slug: string; name: string; count: number }[];
  qualities: { quality: string | null; count: number }[];
  price_min: number | null;
  price_max: number | null;
  capped: boolean;
}

/** One row of the attribute facets statement (listing.ts's attributeFacets), in its order. */
export interface AttributeFacetRow {
  slug: string;
  name: string;
  name_fa: string | null;
  value_slug: string;
  value: string;
  n: number;
}

interface CategoryDim {
  id: number;
  slug: string;
  name: string;
  name_fa: string;
  depth: number;
  sort: number;
  path: string;
  /** Ids of the path "/3/17/42/": root first, this category last. */
  chain: number[];
}

interface BrandDim {
  id: number;
  slug: string;
  name: string;
  /** Place of its name in the database's order (equal names share it). */
  nameRank: number;
}

interface AttributeDim {
  id: number;
  slug: string;
  name: string;
  name_fa: string | null;
  featured: boolean;
  slugRank: number;
}

/** The small tables a listing names: read whole on build and on every patch. */
interface Dimensions {
  categories: Map<number, CategoryDim>;
  categoryBySlug: Map<string, CategoryDim>;
  /** Categories in (sort, id): the sidebar's order. */
  categoryOrder: Map<number, number>;
  brands: Map<number, BrandDim>;
  brandBySlug: Map<string, number>;
  attributes: Map<number, AttributeDim>;
  attributeBySlug: Map<string, number>;
}

/** One product's columns as read from the database. */
interface ProductRow {
  id: number;
  price: number;
  brand_id: number | null;
  quality: string | null;
  stock: number;
  minimum_purchase: number;
  dated: boolean;
  sales_count: number;
  views: number;
  created: number;
  category_id: number;
  /** The first 52 bits of the name's md5 in hex: a patch places again only the names that changed. */
  name_hash: string;
}

interface AttributeValueRow {
  product_id: number;
  attribute_id: number;
  value_slug: string;
  value: string;
}

/** The columns of every row; rows are never removed between builds, a hidden product is marked invisible. */
interface Columns {
  ids: Int32Array;
  visible: Uint8Array;
  price: Float64Array;
  /** 0: no brand. */
  brand: Int32Array;
  /** Index into `qualities` (0: none recorded). */
  quality: Uint8Array;
  /** Index into AVAILABILITIES. */
  availability: Uint8Array;
  sales: Int32Array;
  views: Int32Array;
  /** created_at in microseconds since 1970 (exact in a double). */
  created: Float64Array;
  category: Int32Array;
  /** Dense rank of the name in the database's collation (whole numbers; a patch places a new name between two). */
  nameRank: Float64Array;
  /** The name's hash (ProductRow.name_hash as a number). */
  nameHash: Float64Array;
  /** Per row, its attribute values (CSR): value key and value text numbers. */
  attrOffsets: Int32Array;
  attrKeys: Int32Array;
  attrTexts: Int32Array;
}

type SortName = 'default' | 'name' | 'price' | 'newest';

/** What an unfiltered listing's sidebar needs from one category's visible products, kept on patch. */
interface CategoryStats {
  count: number;
  /** Products per brand id (those with a brand). */
  brands: Map<number, number>;
  /** Products per quality code. */
  qualities: Map<number, number>;
  priceMin: number;
  priceMax: number;
}

/** Orders of the visible rows, built from the columns (ties by id, as the SQL's). */
interface Orders {
  /** Row of every product id held (visible or hidden), -1 for none. */
  rowOfId: Int32Array;
  /** Visible rows per category, ascending. */
  byCategory: Map<number, Int32Array>;
  stats: Map<number, CategoryStats>;
  perms: Record<SortName, Int32Array>;
  ranks: Record<SortName, Int32Array>;
  visibleCount: number;
}

const qualityNames: (string | null)[] = [null];
const qualityCode = (q: string | null): number => {
  if (q === null) return 0;
  let i = qualityNames.indexOf(q);
  if (i < 0) i = qualityNames.push(q) - 1;
  return i;
};

const VISIBLE = sql`enable and deleted_at is null`;
const VISIBLE_P = 'p.enable and p.deleted_at is null';

async function readDimensions(db: Db): Promise<Dimensions> {
  const cats = rowsOf<{ id: number; slug: string; name: string; name_fa: string; depth: number; sort: number; path: string }>(
    await db.execute(sql`select id, slug, name, name_fa, depth, sort, path from categories order by sort, id`),
  );
  const categories = new Map<number, CategoryDim>();
  const categoryOrder = new Map<number, number>();
  cats.forEach((c, i) => {
    categories.set(c.id, { ...c, chain: c.path.split('/').filter(Boolean).map(Number) });
    categoryOrder.set(c.id, i);
  });
  const brandRows = rowsOf<{ id: number; slug: string; name: string; r: number }>(
    await db.execute(sql`select id, slug, name, dense_rank() over (order by name)::int as r from brands`),
  );
  const brands = new Map(brandRows.map((b) => [b.id, { id: b.id, slug: b.slug, name: b.name, nameRank: b.r }]));
  const attrRows = rowsOf<{ id: number; slug: string; name: string; name_fa: string | null; featured: boolean; r: number }>(
    await db.execute(sql`select id, slug, name, name_fa, featured, dense_rank() over (order by slug)::int as r from attributes`),
  );
  const attributes = new Map(attrRows.map((a) => [a.id, { ...a, slugRank: a.r }]));
  return {
    categories,
    categoryBySlug: new Map([...categories.values()].map((c) => [c.slug, c])),
    categoryOrder,
    brands,
    brandBySlug: new Map(brandRows.map((b) => [b.slug, b.id])),
    attributes,
    attributeBySlug: new Map(attrRows.map((a) => [a.slug, a.id])),
  };
}

const PRODUCT_COLUMNS = sql`id, price::float8 as price, brand_id, quality, stock, minimum_purchase,
  availability_date is not null as dated, sales_count, views,
  (extract(epoch from created_at) * 1000000)::float8 as created, category_id, substr(md5(name), 1, 13) as name_hash`;

/** Interned attribute value keys (attribute, value slug) and value texts with their collation ranks. */
class AttributeValues {
  readonly keyOf = new Map<string, number>();
  readonly keyAttribute: number[] = [];
  readonly keySlug: string[] = [];
  readonly textOf = new Map<string, number>();
  readonly texts: string[] = [];
  textRank = new Int32Array(0);

  key(attributeId: number, slug: string): number {
    const k = `${attributeId}\u0000${slug}`;
    let n = this.keyOf.get(k);
    if (n === undefined) {
      n = this.keyAttribute.push(attributeId) - 1;
      this.keySlug.push(slug);
      this.keyOf.set(k, n);
    }
    return n;
  }

  text(value: string): number {
    let n = this.textOf.get(value);
    if (n === undefined) {
      n = this.texts.push(value) - 1;
      this.textOf.set(value, n);
    }
    return n;
  }

  /** Ranks of every text in the database's order, read when a text is new to the index. */
  async rank(db: Db): Promise<void> {
    if (this.textRank.length === this.texts.length) return;
    const rows = rowsOf<{ value: string; r: number }>(
      await db.execute(
        sql`select value, dense_rank() over (order by value)::int as r from (select distinct value from product_attribute_values) v`,
      ),
    );
    const ranks = new Int32Array(this.texts.length);
    for (const r of rows) {
      const t = this.textOf.get(r.value);
      if (t !== undefined) ranks[t] = r.r;
    }
    this.textRank = ranks;
  }
}

async function readNameRanks(db: Db, slices?: TimeSlices): Promise<Map<number, number>> {
  const rows = rowsOf<{ id: number; r: number }>(
    await db.execute(sql`select id, dense_rank() over (order by name)::int as r from products where ${VISIBLE}`),
  );
  const ranks = new Map<number, number>();
  for (let i = 0; i < rows.length; i++) {
    if (slices && i % CHECK === 0 && slices.due()) await slices.pause();
    ranks.set(rows[i]!.id, rows[i]!.r);
  }
  return ranks;
}

export class ListingIndex {
  private constructor(
    private dims: Dimensions,
    private cols: Columns,
    private orders: Orders,
    private readonly values: AttributeValues,
    private readonly buildMs: number,
  ) {}

  /**
   * A listing's attribute facets by scope (and how many attributes it shows): they depend on the scope's
   * rows only, not on the shopper's filters, sort or page, and counting them walked every product of the
   * scope on every listing request (ten times the rows at a million products). Emptied by every patch.
   */
  private readonly scopeFacets = new Map<string, AttributeFacetRow[]>();
  /** Values made from this index's state alone (remember), emptied by every patch as scopeFacets. */
  private readonly remembered = new Map<string, unknown>();
  /**
   * countFacets' counts and smallest texts by value key, all zero between calls (the thread runs one at
   * a time): a Map of objects per search page cost a tenth of the page's time.
   */
  private keyCounts = new Int32Array(0);
  private keyTexts = new Int32Array(0);
  /** matchedRows' marks by row, all zero between calls. */
  private rowMarks = new Uint8Array(0);

  /** Visible products held. */
  get size(): number {
    return this.orders.visibleCount;
  }

  /**
   * Reads the visible products (in batches by id) with their attribute values and builds the index, in
   * slices of the thread's time (time-slices.ts): it runs on the server's thread, beside the requests it
   * serves (its orders sorted in one go held the thread for seconds at a million products).
   */
  static async build(db: Db): Promise<ListingIndex> {
    const t0 = performance.now();
    const slices = new TimeSlices();
    const dims = await readDimensions(db);
    const values = new AttributeValues();
    const products: ProductRow[] = [];
    const attrs: number[][] = [];
    let after = 0;
    for (;;) {
      const rows = rowsOf<ProductRow>(
        await db.execute(sql`select ${PRODUCT_COLUMNS} from products where ${VISIBLE} and id > ${after} order by id limit ${BATCH}`),
      );
      if (rows.length) {
        const first = products.length;
        const rowOf = new Map<number, number>();
        for (const [i, r] of rows.entries()) {
          if (i % CHECK === 0 && slices.due()) await slices.pause();
          rowOf.set(r.id, first + i);
          products.push(r);
          attrs.push([]);
        }
        const pav = rowsOf<AttributeValueRow>(
          await db.execute(sql`select product_id, attribute_id, value_slug, value from product_attribute_values
            where product_id between ${rows[0]!.id} and ${rows[rows.length - 1]!.id}`),
        );
        for (const [i, v] of pav.entries()) {
          if (i % CHECK === 0 && slices.due()) await slices.pause();
          const row = rowOf.get(v.product_id);
          if (row !== undefined) attrs[row]!.push(values.key(v.attribute_id, v.value_slug), values.text(v.value));
        }
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    const nameRanks = await readNameRanks(db, slices);
    await values.rank(db);
    const cols = await columnsOf(products, attrs, nameRanks, slices);
    return new ListingIndex(dims, cols, await ordersOf(cols, slices), values, performance.now() - t0);
  }

  /**
   * Re-reads the given products (and the small tables) after a change and changes their rows in place: a
   * product now hidden leaves every order, a new one joins, a changed one moves. All reads come first,
   * then one synchronous step changes the index (a search never sees half a patch).
   */
  async patch(db: Db, productIds: readonly number[]): Promise<void> {
    const dims = await readDimensions(db);
    const ids = [...new Set(productIds)];
    if (!ids.length) {
      this.dims = dims;
      this.forgetScopes();
      return;
    }
    const idArray = `{${ids.join(',')}}`;
    const fresh = rowsOf<ProductRow>(
      await db.execute(sql`select ${PRODUCT_COLUMNS} from products where ${VISIBLE} and id = any(${idArray}::int[])`),
    );
    const pav = rowsOf<AttributeValueRow>(
      await db.execute(sql`select product_id, attribute_id, value_slug, value from product_attribute_values
        where product_id = any(${idArray}::int[])`),
    );
    const attrsById = new Map<number, number[]>();
    for (const v of pav) {
      let list = attrsById.get(v.product_id);
      if (!list) attrsById.set(v.product_id, (list = []));
      list.push(this.values.key(v.attribute_id, v.value_slug), this.values.text(v.value));
    }
    // Names to place: new products, products shown again, and changed names.
    const old = this.cols;
    const placing = fresh.filter((f) => {
      const row = this.rowOf(f.id);
      return row < 0 || !old.visible[row] || old.nameHash[row] !== Number.parseInt(f.name_hash, 16);
    });
    const placed = placing.length ? await this.placeNames(db, placing, ids) : new Map<number, number>();
    const allRanks = placed ? null : await readNameRanks(db);
    await this.values.rank(db);
    this.apply(dims, ids, fresh, attrsById, placed, allRanks);
  }

  /**
   * Where each name of `placing` falls in the held name order, as a rank: an equal name's rank, or a
   * number between the rank of the greatest smaller name and the next (names new together ordered among
   * themselves). The database compares, so its collation decides; its per-category name index finds
   * the neighbours (two probes per category). Null when the whole order is cheaper to read again, or a
   * neighbour is not held (it changed too, and is not patched yet).
   */
  private async placeNames(db: Db, placing: ProductRow[], patched: number[]): Promise<Map<number, number> | null> {
    if (placing.length > MAX_PLACED_NAMES) return null;
    const all = `{${patched.join(',')}}`;
    const rows = rowsOf<{ id: number; sub: number; below: number | null; equal: number | null }>(
      await db.execute(sql`select c.id, dense_rank() over (order by c.name)::int as sub,
        (select x.id from categories k cross join lateral (
            select p.id, p.name from products p
            where p.category_id = k.id and ${sql.raw(VISIBLE_P)} and p.name < c.name and p.id <> all(${all}::int[])
            order by p.name desc, p.id desc limit 1) x
          order by x.name desc limit 1) as below,
        (select x.id from categories k cross join lateral (
            select p.id from products p
            where p.category_id = k.id and ${sql.raw(VISIBLE_P)} and p.name = c.name and p.id <> all(${all}::int[])
            limit 1) x
          limit 1) as equal
        from products c where c.id = any(${`{${placing.map((p) => p.id).join(',')}}`}::int[])`),
    );
    const heldRank = (id: number): number | null => {
      const row = this.rowOf(id);
      return row >= 0 && this.cols.visible[row] ? this.cols.nameRank[row]! : null;
    };
    const most = Math.max(0, ...rows.map((r) => r.sub));
    const out = new Map<number, number>();
    for (const r of rows) {
      if (r.equal !== null) {
        const rank = heldRank(r.equal);
        if (rank === null) return null;
        out.set(r.id, rank);
      } else {
        const below = r.below === null ? 0 : heldRank(r.below);
        if (below === null) return null;
        out.set(r.id, below + r.sub / (most + 1));
      }
    }
    return out;
  }

  /** The row of a product id held (visible or hidden), -1 for none. */
  private rowOf(id: number): number {
    return id < this.orders.rowOfId.length ? this.orders.rowOfId[id]! : -1;
  }

  /** patch's synchronous step: columns, attribute values, orders, category lists and counts. */
  private apply(
    dims: Dimensions,
    ids: number[],
    fresh: ProductRow[],
    attrsById: Map<number, number[]>,
    placed: Map<number, number> | null,
    allRanks: Map<number, number> | null,
  ): void {
    this.forgetScopes();
    const freshById = new Map(fresh.map((r) => [r.id, r]));
    const added = fresh.filter((f) => this.rowOf(f.id) < 0).length;
    const c = added ? grownColumns(this.cols, added) : this.cols;
    const orders = this.orders;
    let rowOfId = orders.rowOfId;
    let maxId = rowOfId.length - 1;
    for (const f of fresh) if (f.id > maxId) maxId = f.id;
    if (maxId >= rowOfId.length) {
      rowOfId = new Int32Array(maxId + 1).fill(-1);
      rowOfId.set(orders.rowOfId);
    }
    const wasVisible = new Set<number>();
    const oldCategory = new Map<number, number>();
    const affected = new Set<number>();
    const rows: number[] = [];
    let next = this.cols.ids.length;
    for (const id of ids) {
      let row = id < rowOfId.length ? rowOfId[id]! : -1;
      const f = freshById.get(id);
      if (row < 0) {
        if (!f) continue;
        row = next++;
        rowOfId[id] = row;
      } else if (c.visible[row]) {
        wasVisible.add(row);
        oldCategory.set(row, c.category[row]!);
        affected.add(c.category[row]!);
      }
      rows.push(row);
      if (!f) {
        c.visible[row] = 0;
        continue;
      }
      setColumns(c, row, f);
      c.visible[row] = 1;
      affected.add(f.category_id);
      const rank = placed?.get(id);
      if (rank !== undefined) c.nameRank[row] = rank;
    }
    if (allRanks) for (let row = 0; row < c.ids.length; row++) c.nameRank[row] = allRanks.get(c.ids[row]!) ?? 0;
    // Attribute values: the patched rows' lists replaced, the others copied as they are.
    // Attribute values: only rows whose lists changed are written (the lists copied once for all of them).
    const patchedAttrs = new Map<number, number[]>();
    for (const row of rows) {
      const list = c.visible[row] ? (attrsById.get(c.ids[row]!) ?? []) : [];
      if (!sameAttributes(c, row, list)) patchedAttrs.set(row, list);
    }
    if (patchedAttrs.size) replaceAttributes(c, patchedAttrs);
    const visible = (row: number) => c.visible[row] === 1;
    const compare = comparisons(c);
    let perms: Record<SortName, Int32Array>;
    let ranks: Record<SortName, Int32Array>;
    const marks = new Uint8Array(c.ids.length);
    for (const row of rows) marks[row] = 1;
    const only = rows[0]!;
    if (rows.length === 1 && wasVisible.has(only) && visible(only) && !allRanks) {
      // The usual change (one product edited, its stock taken): moved in place in each order.
      for (const name of Object.keys(compare) as SortName[]) moveRow(orders.perms[name], orders.ranks[name], only, compare[name]);
      perms = orders.perms;
      ranks = orders.ranks;
    } else {
      // Orders: the patched rows out of each, the visible ones back in their place.
      perms = {} as Record<SortName, Int32Array>;
      ranks = {} as Record<SortName, Int32Array>;
      for (const name of Object.keys(compare) as SortName[]) {
        // Every name read again: the name order sorted anew (a bulk rename, more than MAX_PLACED_NAMES).
        perms[name] =
          name === 'name' && allRanks
            ? Int32Array.from(rowsWhere(c.ids.length, visible)).sort(compare.name)
            : resorted(orders.perms[name], rows, visible, marks, compare[name]);
        ranks[name] = placesOf(perms[name], c.ids.length);
      }
    }
    // Placed names fall between whole ranks: numbered again 1, 2, 3… along the order.
    if (placed?.size || allRanks) denseRanks(c.nameRank, perms.name);
    const byCategory = new Map(orders.byCategory);
    const stats = new Map(orders.stats);
    for (const cat of affected) {
      // Its list changes only when a row left or joined it; its counts are counted again either way.
      const joinedOrLeft = rows.some(
        (row) => (wasVisible.has(row) && oldCategory.get(row) === cat) !== (visible(row) && c.category[row] === cat),
      );
      let list = byCategory.get(cat) ?? new Int32Array(0);
      if (joinedOrLeft) {
        const kept = Array.from(list).filter((r) => !marks[r]);
        for (const row of rows) if (visible(row) && c.category[row] === cat) kept.push(row);
        list = Int32Array.from(kept).sort();
      }
      if (list.length) {
        byCategory.set(cat, list);
        stats.set(cat, statsOf(c, list));
      } else {
        byCategory.delete(cat);
        stats.delete(cat);
      }
    }
    let visibleCount = orders.visibleCount;
    for (const row of rows) visibleCount += (c.visible[row] ? 1 : 0) - (wasVisible.has(row) ? 1 : 0);
    this.dims = dims;
    this.cols = c;
    this.orders = { rowOfId, byCategory, stats, perms, ranks, visibleCount };
  }

  /** Bytes held in typed arrays and an estimate of the maps, for the logs and benchmarks. */
  memoryBytes(): number {
    const typed = [
      ...Object.values(this.cols),
      this.orders.rowOfId,
      ...this.orders.byCategory.values(),
      ...Object.values(this.orders.perms),
      ...Object.values(this.orders.ranks),
    ] as ArrayBufferView[];
    let bytes = typed.reduce((s, a) => s + a.byteLength, 0);
    bytes += this.values.keySlug.length * 64 + this.values.texts.length * 64;
    return bytes;
  }

  get buildTimeMs(): number {
    return this.buildMs;
  }

  /** resolveScope (scope.ts) from the held categories: the category and every one below it; undefined for an unknown slug. */
  scopeOf(slug: string): CategoryScope | undefined {
    const c = this.dims.categoryBySlug.get(slug);
    if (!c) return undefined;
    const ids = [...this.dims.categories.values()].filter((d) => d.path.startsWith(c.path)).map((d) => d.id);
    return { id: c.id, slug: c.slug, path: c.path, depth: c.depth, ids };
  }

  /** A category listing (no search text): catalogueListingSql's answer. */
  listing(q: GetProductQuery, scope: CategoryScope | null): IndexListingRow {
    const { byCategory, stats } = this.orders;
    const dims = this.dims;
    const cats = scope ? scope.ids.filter((id) => byCategory.has(id)) : [...byCategory.keys()];
    // The sidebar from the counts kept per category: no pass over the products.
    const childLevel = scope ? scope.depth + 1 : 0;
    const perChild = new Map<number, number>();
    const perBrand = new Map<number, number>();
    const perQuality = new Map<number, number>();
    let baseTotal = 0;
    let priceMin = Infinity;
    let priceMax = -Infinity;
    for (const cat of cats) {
      const st = stats.get(cat)!;
      baseTotal += st.count;
      const child = dims.categories.get(cat)?.chain[childLevel];
      if (child !== undefined) perChild.set(child, (perChild.get(child) ?? 0) + st.count);
      for (const [brand, n] of st.brands) perBrand.set(brand, (perBrand.get(brand) ?? 0) + n);
      for (const [quality, n] of st.qualities) perQuality.set(quality, (perQuality.get(quality) ?? 0) + n);
      if (st.priceMin < priceMin) priceMin = st.priceMin;
      if (st.priceMax > priceMax) priceMax = st.priceMax;
    }
    const offset = (q.page - 1) * q.limit;
    const pass = this.filterOf(q);
    let total = baseTotal;
    let page: number[];
    if (pass) {
      // Filters: one pass over the scope's rows (not the catalogue's, unless the scope is all of it).
      const filtered = new Int32Array(baseTotal);
      let kept = 0;
      for (const cat of cats) {
        const list = byCategory.get(cat)!;
        for (let i = 0; i < list.length; i++) if (pass(list[i]!)) filtered[kept++] = list[i]!;
      }
      total = kept;
      page = this.listingPage(q, filtered.subarray(0, kept), offset);
    } else {
      page = this.unfilteredPage(q, scope ? cats : null, baseTotal, offset);
    }
    return {
      total,
      items: page.map((row) => ({ id: this.cols.ids[row]!, kind: null })),
      base_total: baseTotal,
      ...this.sidebar(perChild, perBrand, perQuality),
      price_min: baseTotal ? priceMin : null,
      price_max: baseTotal ? priceMax : null,
      capped: false,
    };
  }

  /** An unfiltered listing's page: the held order itself (the whole catalogue), or walked keeping the scope's rows. */
  private unfilteredPage(q: GetProductQuery, cats: number[] | null, size: number, offset: number): number[] {
    if (offset >= size) return [];
    const [order, backwards] = LISTING_ORDERS[q.sort];
    const perm = this.orders.perms[order];
    const end = Math.min(size, offset + q.limit);
    if (!cats) return Array.from({ length: end - offset }, (_, i) => perm[backwards ? perm.length - 1 - offset - i : offset + i]!);
    if (size * 16 < this.orders.visibleCount) {
      const rows = new Int32Array(size);
      let at = 0;
      for (const cat of cats) {
        const list = this.orders.byCategory.get(cat)!;
        rows.set(list, at);
        at += list.length;
      }
      return this.listingPage(q, rows, offset);
    }
    // A wide scope: the order walked until the page is full (a sixteenth or more of the rows are in it).
    let maxCategory = 0;
    for (const cat of cats) if (cat > maxCategory) maxCategory = cat;
    const inScope = new Uint8Array(maxCategory + 1);
    for (const cat of cats) inScope[cat] = 1;
    const category = this.cols.category;
    const picked: number[] = [];
    let seen = 0;
    for (let i = 0; i < perm.length && seen < end; i++) {
      const row = perm[backwards ? perm.length - 1 - i : i]!;
      const cat = category[row]!;
      if (cat > maxCategory || !inScope[cat]) continue;
      if (seen++ >= offset) picked.push(row);
    }
    return picked;
  }

  /** The sidebar's categories, brands and qualities from their counts, in the SQL's orders. */
  private sidebar(
    perChild: Map<number, number>,
    perBrand: Map<number, number>,
    perQuality: Map<number, number>,
  ): Pick<IndexListingRow, 'categories' | 'brands' | 'qualities'> {
    const dims = this.dims;
    const categories = [...perChild.entries()]
      .filter(([id, n]) => n && dims.categories.has(id))
      .sort(([a], [b]) => dims.categoryOrder.get(a)! - dims.categoryOrder.get(b)!)
      .map(([id, count]) => {
        const cat = dims.categories.get(id)!;
        return { id, slug: cat.slug, name: cat.name, name_fa: cat.name_fa, depth: cat.depth, count };
      });
    const brands = [...perBrand.entries()]
      .filter(([id, n]) => n && dims.brands.has(id))
      .map(([id, count]) => ({ b: dims.brands.get(id)!, count }))
      .sort((x, y) => y.count - x.count || x.b.nameRank - y.b.nameRank || x.b.id - y.b.id)
      .map(({ b, count }) => ({ slug: b.slug, name: b.name, count }));
    const qualities = [...perQuality.entries()]
      .filter(([, n]) => n)
      .map(([code, count]) => ({ quality: qualityNames[code]!, count }))
      .sort((x, y) => y.count - x.count || nullsLastCompare(x.quality, y.quality));
    return { categories, brands, qualities };
  }

  /** The search page over the strict matches of the suggestion index: listingSql's answer with `matched`. */
  search(q: GetProductQuery, scope: CategoryScope | null, matched: MatchedRow[]): IndexListingRow {
    const byRow = new Map<number, MatchedRow>();
    const rows: number[] = [];
    for (const m of matched) {
      const row = this.rowOf(m.id);
      if (row < 0 || !this.cols.visible[row] || byRow.has(row)) continue;
      byRow.set(row, m);
      rows.push(row);
    }
    return this.answer(q, scope, Int32Array.from(rows), byRow);
  }

  /**
   * `make()` for `key` once until the next patch: for what depends on this index's state and the key
   * alone (a category page's sidebar, whatever its sort or page).
   */
  remember<T>(key: string, make: () => T): T {
    if (this.remembered.has(key)) return this.remembered.get(key) as T;
    if (this.remembered.size >= MAX_SCOPE_FACETS) this.remembered.clear();
    const value = make();
    this.remembered.set(key, value);
    return value;
  }

  private forgetScopes(): void {
    this.scopeFacets.clear();
    this.remembered.clear();
  }

  /** The attribute facets over the same base set as `listing` / `search` (attributeFacets' rows, in its order). */
  attributeFacets(scope: CategoryScope | null, matched: MatchedRow[] | null, topAttributes: number): AttributeFacetRow[] {
    if (matched) return this.countFacets(this.matchedRows(matched), topAttributes);
    const key = `${topAttributes}:${scope ? scope.ids.join(',') : '*'}`;
    let facets = this.scopeFacets.get(key);
    if (!facets) {
      // Bounded by the categories there are; a store with more scopes than this only recounts more often.
      if (this.scopeFacets.size >= MAX_SCOPE_FACETS) this.scopeFacets.clear();
      facets = this.countFacets(this.scopeRows(scope), topAttributes);
      this.scopeFacets.set(key, facets);
    }
    return facets;
  }

  private countFacets(rows: Int32Array, topAttributes: number): AttributeFacetRow[] {
    const c = this.cols;
    const textRank = this.values.textRank;
    const keys = this.values.keyAttribute.length;
    if (this.keyCounts.length < keys) {
      this.keyCounts = new Int32Array(Math.ceil(keys * 1.25));
      this.keyTexts = new Int32Array(this.keyCounts.length);
    }
    const counts = this.keyCounts;
    const texts = this.keyTexts;
    // The keys met, in the order met; their slots are read, then zeroed.
    const met: number[] = [];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      for (let k = c.attrOffsets[row]!; k < c.attrOffsets[row + 1]!; k++) {
        const key = c.attrKeys[k]!;
        const text = c.attrTexts[k]!;
        if (counts[key] === 0) {
          met.push(key);
          texts[key] = text;
        } else if (textRank[text]! < textRank[texts[key]!]!) texts[key] = text;
        counts[key]!++;
      }
    }
    const found = new Map<number, { n: number; text: number }>();
    for (const key of met) {
      found.set(key, { n: counts[key]!, text: texts[key]! });
      counts[key] = 0;
    }
    return this.topFacets(found, topAttributes);
  }

  /** The values counted, of the `topAttributes` attributes that come first (featured, then most counted). */
  private topFacets(counts: Map<number, { n: number; text: number }>, topAttributes: number): AttributeFacetRow[] {
    const perAttribute = new Map<number, number>();
    for (const [key, { n }] of counts) {
      const a = this.values.keyAttribute[key]!;
      perAttribute.set(a, (perAttribute.get(a) ?? 0) + n);
    }
    const attrs = this.dims.attributes;
    const top = new Set(
      [...perAttribute.entries()]
        .filter(([a]) => attrs.has(a))
        .sort(([a, na], [b, nb]) => Number(attrs.get(b)!.featured) - Number(attrs.get(a)!.featured) || nb - na || a - b)
        .slice(0, topAttributes)
        .map(([a]) => a),
    );
    const out: (AttributeFacetRow & { rank: number; textRank: number })[] = [];
    for (const [key, { n, text }] of counts) {
      const a = this.values.keyAttribute[key]!;
      if (!top.has(a)) continue;
      const attr = attrs.get(a)!;
      out.push({
        slug: attr.slug,
        name: attr.name,
        name_fa: attr.name_fa,
        value_slug: this.values.keySlug[key]!,
        value: this.values.texts[text]!,
        n,
        rank: attr.slugRank,
        textRank: this.values.textRank[text]!,
      });
    }
    out.sort((x, y) => x.rank - y.rank || y.n - x.n || x.textRank - y.textRank || codePointCompare(x.value_slug, y.value_slug));
    return out.map(({ rank: _rank, textRank: _textRank, ...r }) => r);
  }

  private matchedRows(matched: MatchedRow[]): Int32Array {
    if (this.rowMarks.length < this.cols.ids.length) this.rowMarks = new Uint8Array(this.cols.ids.length);
    const marks = this.rowMarks;
    const rows = new Int32Array(matched.length);
    let n = 0;
    for (const m of matched) {
      const row = this.rowOf(m.id);
      if (row >= 0 && this.cols.visible[row] && !marks[row]) {
        marks[row] = 1;
        rows[n++] = row;
      }
    }
    for (let i = 0; i < n; i++) marks[rows[i]!] = 0;
    return rows.subarray(0, n);
  }

  /** Visible rows in the scope's categories (all categories without one). */
  private scopeRows(scope: CategoryScope | null): Int32Array {
    const { byCategory } = this.orders;
    const lists = scope
      ? scope.ids.map((id) => byCategory.get(id)).filter((l): l is Int32Array => l !== undefined)
      : [...byCategory.values()];
    const out = new Int32Array(lists.reduce((s, l) => s + l.length, 0));
    let at = 0;
    for (const l of lists) {
      out.set(l, at);
      at += l.length;
    }
    return out;
  }

  private answer(
    q: GetProductQuery,
    scope: CategoryScope | null,
    base: Int32Array,
    matched: Map<number, MatchedRow> | null,
  ): IndexListingRow {
    const c = this.cols;
    const dims = this.dims;
    const pass = this.filterOf(q);
    const childLevel = scope ? scope.depth + 1 : 0;
    // A search page counts its matches (at most a few thousand rows); listings use the counts kept per category.
    let maxCategory = 0;
    for (const id of dims.categories.keys()) if (id > maxCategory) maxCategory = id;
    const childOf = new Int32Array(maxCategory + 1).fill(-1);
    for (const cat of dims.categories.values()) childOf[cat.id] = cat.chain[childLevel] ?? -1;
    const perChildCount = new Int32Array(maxCategory + 1);
    let maxBrand = 0;
    for (const id of dims.brands.keys()) if (id > maxBrand) maxBrand = id;
    const perBrandCount = new Int32Array(maxBrand + 1);
    const perQualityCount = new Int32Array(qualityNames.length);
    let priceMin = Infinity;
    let priceMax = -Infinity;
    let capped = false;
    const filteredRows = new Int32Array(base.length);
    let kept = 0;
    const { category, brand: brandOf, quality: qualityOf, price: prices } = c;
    for (let i = 0; i < base.length; i++) {
      const row = base[i]!;
      const cat = category[row]!;
      const child = cat < childOf.length ? childOf[cat]! : -1;
      if (child >= 0) perChildCount[child]!++;
      const brand = brandOf[row]!;
      if (brand && brand <= maxBrand) perBrandCount[brand]!++;
      perQualityCount[qualityOf[row]!]!++;
      const price = prices[row]!;
      if (price < priceMin) priceMin = price;
      if (price > priceMax) priceMax = price;
      if (!pass || pass(row)) filteredRows[kept++] = row;
    }
    const filtered = filteredRows.subarray(0, kept);
    // The base is the matched rows (search), each once.
    if (matched) for (const m of matched.values()) if (m.overflow) capped = true;
    const perChild = new Map<number, number>();
    perChildCount.forEach((n, id) => n && perChild.set(id, n));
    const perBrand = new Map<number, number>();
    perBrandCount.forEach((n, id) => n && perBrand.set(id, n));
    const perQuality = new Map<number, number>();
    perQualityCount.forEach((n, code) => n && perQuality.set(code, n));
    const offset = (q.page - 1) * q.limit;
    const page = matched ? this.searchPage(q, filtered, matched, offset) : this.listingPage(q, filtered, offset);
    return {
      total: filtered.length,
      items: page.map((row) => ({ id: c.ids[row]!, kind: matched?.get(row)?.kind ?? null })),
      base_total: base.length,
      ...this.sidebar(perChild, perBrand, perQuality),
      price_min: base.length ? priceMin : null,
      price_max: base.length ? priceMax : null,
      capped,
    };
  }

  /** listingOrder's page: ties by id in the sort's direction, so name_desc and price_desc walk their order backwards. */
  private listingPage(q: GetProductQuery, filtered: Int32Array, offset: number): number[] {
    const want = offset + q.limit;
    if (offset >= filtered.length) return [];
    const [order, backwards] = LISTING_ORDERS[q.sort];
    const perm = this.orders.perms[order];
    const rank = this.orders.ranks[order];
    const visible = this.orders.visibleCount;
    let picked: number[];
    if (filtered.length * 16 < visible) {
      // A narrow set: its rows' places sorted.
      const places = Int32Array.from(filtered, (row) => rank[row]!).sort();
      if (backwards) places.reverse();
      picked = Array.from(places.subarray(offset, want), (p) => perm[p]!);
    } else {
      // A wide set: the order walked, keeping its rows, until the page is full.
      const mark = new Uint8Array(this.cols.ids.length);
      for (let i = 0; i < filtered.length; i++) mark[filtered[i]!] = 1;
      picked = [];
      let seen = 0;
      for (let i = 0; i < perm.length && seen < want; i++) {
        const row = perm[backwards ? perm.length - 1 - i : i]!;
        if (!mark[row]) continue;
        if (seen++ >= offset) picked.push(row);
      }
    }
    return picked;
  }

  /** orderSql's page with search text: relevance first by default; name and price descending tie by id ascending. */
  private searchPage(q: GetProductQuery, filtered: Int32Array, matched: Map<number, MatchedRow>, offset: number): number[] {
    const c = this.cols;
    const id = (r: number) => c.ids[r]!;
    const popularity = (a: number, b: number) =>
      Number(c.availability[b] === IN_STOCK) - Number(c.availability[a] === IN_STOCK) ||
      c.sales[b]! - c.sales[a]! ||
      c.views[b]! - c.views[a]! ||
      id(a) - id(b);
    const compare: Record<GetProductQuery['sort'], (a: number, b: number) => number> = {
      name_asc: (a, b) => c.nameRank[a]! - c.nameRank[b]! || id(a) - id(b),
      name_desc: (a, b) => c.nameRank[b]! - c.nameRank[a]! || id(a) - id(b),
      price_asc: (a, b) => c.price[a]! - c.price[b]! || id(a) - id(b),
      price_desc: (a, b) => c.price[b]! - c.price[a]! || id(a) - id(b),
      newest: (a, b) => c.created[b]! - c.created[a]! || id(b) - id(a),
      default: (a, b) => {
        const x = matched.get(a)!;
        const y = matched.get(b)!;
        return x.rank - y.rank || y.score - x.score || popularity(a, b);
      },
    };
    if (q.sort === 'default') return this.relevancePage(filtered, matched, offset, q.limit);
    return Array.from(filtered.sort(compare[q.sort]).subarray(offset, offset + q.limit));
  }

  /**
   * The default search order (match rank, score descending, then the held popularity order) as one number
   * per row, sorted natively: the comparison above looked up both rows' matches on every step, a tenth
   * of a search page's time. Scores become their places among this page's distinct scores.
   */
  private relevancePage(filtered: Int32Array, matched: Map<number, MatchedRow>, offset: number, limit: number): number[] {
    const place = this.orders.ranks.default;
    const perm = this.orders.perms.default;
    const places = perm.length;
    const distinct = Float64Array.from(new Set(Array.from(filtered, (row) => matched.get(row)!.score))).sort();
    const scoreStep = new Map<number, number>();
    // Descending: the best score is step 0.
    for (let i = 0; i < distinct.length; i++) scoreStep.set(distinct[i]!, distinct.length - 1 - i);
    const keys = new Float64Array(filtered.length);
    for (let i = 0; i < filtered.length; i++) {
      const row = filtered[i]!;
      const m = matched.get(row)!;
      keys[i] = (m.rank * distinct.length + scoreStep.get(m.score)!) * places + place[row]!;
    }
    keys.sort();
    return Array.from(keys.subarray(offset, offset + limit), (key) => perm[key % places]!);
  }

  /** The shopper's filters (filterConditions in listing.ts) as a test on a row. */
  private filterOf(q: GetProductQuery): ((row: number) => boolean) | null {
    const c = this.cols;
    const tests: ((row: number) => boolean)[] = [];
    const min = q.filter_price?.min;
    const max = q.filter_price?.max;
    if (min != null) tests.push((row) => c.price[row]! >= min);
    if (max != null) tests.push((row) => c.price[row]! <= max);
    if (q.filter_brand?.length) {
      const brands = new Set(q.filter_brand.map((s) => this.dims.brandBySlug.get(s)).filter((id) => id !== undefined));
      tests.push((row) => c.brand[row] !== 0 && brands.has(c.brand[row]!));
    }
    if (q.filter_quality?.length) {
      const allowed = new Set(q.filter_quality.map((s) => (s === 'none' ? 0 : qualityNames.indexOf(s))).filter((code) => code >= 0));
      tests.push((row) => allowed.has(c.quality[row]!));
    }
    if (q.filter_availability?.length) {
      const allowed = new Set(q.filter_availability.map((a) => AVAILABILITIES.indexOf(a)));
      tests.push((row) => allowed.has(c.availability[row]!));
    }
    for (const attr of q.filter_attributes ?? []) {
      const attributeId = this.dims.attributeBySlug.get(attr.slug);
      const keys = new Set<number>();
      if (attributeId !== undefined) {
        for (const slug of attr.values) {
          const key = this.values.keyOf.get(`${attributeId}\u0000${slug}`);
          if (key !== undefined) keys.add(key);
        }
      }
      tests.push((row) => {
        for (let k = c.attrOffsets[row]!; k < c.attrOffsets[row + 1]!; k++) if (keys.has(c.attrKeys[k]!)) return true;
        return false;
      });
    }
    if (!tests.length) return null;
    if (tests.length === 1) return tests[0]!;
    return (row) => {
      for (const t of tests) if (!t(row)) return false;
      return true;
    };
  }
}

/** Each listing sort as one of the held orders, and whether it walks it backwards (listingOrder in listing.ts). */
const LISTING_ORDERS: Record<GetProductQuery['sort'], [SortName, boolean]> = {
  default: ['default', false],
  name_asc: ['name', false],
  name_desc: ['name', true],
  price_asc: ['price', false],
  price_desc: ['price', true],
  newest: ['newest', false],
};

/** PostgreSQL's order of text under COLLATE "C": by code point (JS's < compares UTF-16 units). */
function codePointCompare(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

const nullsLastCompare = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : codePointCompare(a, b));

function setColumns(cols: Columns, i: number, p: ProductRow): void {
  cols.ids[i] = p.id;
  cols.price[i] = Number(p.price);
  cols.brand[i] = p.brand_id ?? 0;
  cols.quality[i] = qualityCode(p.quality);
  cols.availability[i] = AVAILABILITIES.indexOf(
    availabilityOf({ stock: p.stock, minimumPurchase: p.minimum_purchase, availabilityDate: p.dated ? 'dated' : null }),
  );
  cols.sales[i] = p.sales_count;
  cols.views[i] = p.views;
  cols.created[i] = Number(p.created);
  cols.category[i] = p.category_id;
  cols.nameHash[i] = Number.parseInt(p.name_hash, 16);
}

function emptyColumns(n: number, attributeValues: number): Columns {
  return {
    ids: new Int32Array(n),
    visible: new Uint8Array(n).fill(1),
    price: new Float64Array(n),
    brand: new Int32Array(n),
    quality: new Uint8Array(n),
    availability: new Uint8Array(n),
    sales: new Int32Array(n),
    views: new Int32Array(n),
    created: new Float64Array(n),
    category: new Int32Array(n),
    nameRank: new Float64Array(n),
    nameHash: new Float64Array(n),
    attrOffsets: new Int32Array(n + 1),
    attrKeys: new Int32Array(attributeValues),
    attrTexts: new Int32Array(attributeValues),
  };
}

/** The columns with room for `more` rows at the end (new products), hidden until set. */
function grownColumns(c: Columns, more: number): Columns {
  const n = c.ids.length;
  const out = emptyColumns(n + more, 0);
  for (const key of Object.keys(c) as (keyof Columns)[]) {
    if (key === 'attrKeys' || key === 'attrTexts') out[key] = c[key];
    else if (key !== 'attrOffsets') (out[key] as Int32Array).set(c[key] as Int32Array);
  }
  out.visible.fill(0, n);
  out.attrOffsets.set(c.attrOffsets);
  out.attrOffsets.fill(c.attrOffsets[n]!, n + 1);
  return out;
}

/**
 * The attribute value lists (CSR) with the given rows' lists replaced (pairs of value key, value text):
 * the rows between two replaced ones are copied as one block (a million small copies took a second).
 */
function replaceAttributes(c: Columns, lists: Map<number, number[]>): void {
  const n = c.ids.length;
  const replaced = [...lists.keys()].sort((x, y) => x - y);
  let total = c.attrOffsets[n]!;
  for (const row of replaced) total += lists.get(row)!.length / 2 - (c.attrOffsets[row + 1]! - c.attrOffsets[row]!);
  const offsets = new Int32Array(n + 1);
  const keys = new Int32Array(total);
  const texts = new Int32Array(total);
  let from = 0;
  let shift = 0;
  // Rows from..row-1 kept, their offsets moved by what the replaced rows before them added or removed.
  const copyUpTo = (row: number) => {
    for (let r = from; r < row; r++) offsets[r + 1] = c.attrOffsets[r + 1]! + shift;
    const start = c.attrOffsets[from]!;
    const end = c.attrOffsets[row]!;
    keys.set(c.attrKeys.subarray(start, end), start + shift);
    texts.set(c.attrTexts.subarray(start, end), start + shift);
  };
  for (const row of replaced) {
    copyUpTo(row);
    const list = lists.get(row)!;
    const at = offsets[row]!;
    for (let k = 0; k < list.length; k += 2) {
      keys[at + k / 2] = list[k]!;
      texts[at + k / 2] = list[k + 1]!;
    }
    offsets[row + 1] = at + list.length / 2;
    shift = offsets[row + 1]! - c.attrOffsets[row + 1]!;
    from = row + 1;
  }
  copyUpTo(n);
  c.attrOffsets = offsets;
  c.attrKeys = keys;
  c.attrTexts = texts;
}

function sameAttributes(c: Columns, row: number, list: number[]): boolean {
  const start = c.attrOffsets[row]!;
  if (c.attrOffsets[row + 1]! - start !== list.length / 2) return false;
  for (let k = 0; k < list.length; k += 2)
    if (c.attrKeys[start + k / 2] !== list[k] || c.attrTexts[start + k / 2] !== list[k + 1]) return false;
  return true;
}

async function columnsOf(products: ProductRow[], attrs: number[][], nameRanks: Map<number, number>, slices: TimeSlices): Promise<Columns> {
  const n = products.length;
  let total = 0;
  for (const list of attrs) total += list.length / 2;
  const cols = emptyColumns(n, total);
  const { attrOffsets, attrKeys, attrTexts } = cols;
  for (let i = 0; i < n; i++) attrOffsets[i + 1] = attrOffsets[i]! + attrs[i]!.length / 2;
  for (let i = 0; i < n; i++) {
    if (i % CHECK === 0 && slices.due()) await slices.pause();
    const p = products[i]!;
    setColumns(cols, i, p);
    cols.nameRank[i] = nameRanks.get(p.id) ?? 0;
    const list = attrs[i]!;
    for (let k = 0; k < list.length; k += 2) {
      attrKeys[attrOffsets[i]! + k / 2] = list[k]!;
      attrTexts[attrOffsets[i]! + k / 2] = list[k + 1]!;
    }
  }
  return cols;
}

/** Each held order's comparison of two rows (ties by id, as the SQL's). */
function comparisons(c: Columns): Record<SortName, (a: number, b: number) => number> {
  const id = (r: number) => c.ids[r]!;
  return {
    default: (a, b) =>
      Number(c.availability[b] === IN_STOCK) - Number(c.availability[a] === IN_STOCK) ||
      c.sales[b]! - c.sales[a]! ||
      c.views[b]! - c.views[a]! ||
      id(a) - id(b),
    name: (a, b) => c.nameRank[a]! - c.nameRank[b]! || id(a) - id(b),
    price: (a, b) => c.price[a]! - c.price[b]! || id(a) - id(b),
    newest: (a, b) => c.created[b]! - c.created[a]! || id(b) - id(a),
  };
}

function rowsWhere(n: number, keep: (row: number) => boolean): number[] {
  const out: number[] = [];
  for (let row = 0; row < n; row++) if (keep(row)) out.push(row);
  return out;
}

/** Each row's place in `perm` (-1: not in it). */
function placesOf(perm: Int32Array, rows: number): Int32Array {
  const rank = new Int32Array(rows).fill(-1);
  for (let place = 0; place < perm.length; place++) rank[perm[place]!] = place;
  return rank;
}

/** Each visible row's place in every held order, sorted in slices of the thread's time. */
async function sortedInSlices(c: Columns, visibleRows: Int32Array, slices: TimeSlices) {
  const compare = comparisons(c);
  const perms = {} as Record<SortName, Int32Array>;
  const ranks = {} as Record<SortName, Int32Array>;
  for (const name of Object.keys(compare) as SortName[]) {
    const order = compare[name];
    // Every order ties by id, so this is the one order Int32Array#sort would give.
    const places = await sortIndicesInSlices(visibleRows.length, (a, b) => order(visibleRows[a]!, visibleRows[b]!), slices);
    const perm = new Int32Array(places.length);
    for (let i = 0; i < places.length; i++) perm[i] = visibleRows[places[i]!]!;
    perms[name] = perm;
    ranks[name] = placesOf(perm, c.ids.length);
    if (slices.due()) await slices.pause();
  }
  return { perms, ranks };
}

/** Ranks numbered 1, 2, 3… along `perm` (sorted by rank), equal ranks staying equal. */
function denseRanks(rank: Float64Array, perm: Int32Array): void {
  let n = 0;
  let previous = Number.NaN;
  for (let i = 0; i < perm.length; i++) {
    const row = perm[i]!;
    if (rank[row] !== previous) {
      previous = rank[row]!;
      n++;
    }
    rank[row] = n;
  }
}

/** One category's counts over its visible rows. */
function statsOf(c: Columns, rows: Int32Array): CategoryStats {
  const stats: CategoryStats = { count: rows.length, brands: new Map(), qualities: new Map(), priceMin: Infinity, priceMax: -Infinity };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const brand = c.brand[row]!;
    if (brand) stats.brands.set(brand, (stats.brands.get(brand) ?? 0) + 1);
    const quality = c.quality[row]!;
    stats.qualities.set(quality, (stats.qualities.get(quality) ?? 0) + 1);
    const price = c.price[row]!;
    if (price < stats.priceMin) stats.priceMin = price;
    if (price > stats.priceMax) stats.priceMax = price;
  }
  return stats;
}

async function ordersOf(c: Columns, slices: TimeSlices): Promise<Orders> {
  const n = c.ids.length;
  let maxId = 0;
  for (let i = 0; i < n; i++) if (c.ids[i]! > maxId) maxId = c.ids[i]!;
  const rowOfId = new Int32Array(maxId + 1).fill(-1);
  const visibleRows: number[] = [];
  const perCategory = new Map<number, number[]>();
  for (let row = 0; row < n; row++) {
    if (row % CHECK === 0 && slices.due()) await slices.pause();
    rowOfId[c.ids[row]!] = row;
    if (!c.visible[row]) continue;
    visibleRows.push(row);
    let list = perCategory.get(c.category[row]!);
    if (!list) perCategory.set(c.category[row]!, (list = []));
    list.push(row);
  }
  const byCategory = new Map<number, Int32Array>();
  const stats = new Map<number, CategoryStats>();
  for (const [id, rows] of perCategory) {
    if (slices.due()) await slices.pause();
    const list = Int32Array.from(rows);
    byCategory.set(id, list);
    stats.set(id, statsOf(c, list));
  }
  const { perms, ranks } = await sortedInSlices(c, Int32Array.from(visibleRows), slices);
  return { rowOfId, byCategory, stats, perms, ranks, visibleCount: visibleRows.length };
}
