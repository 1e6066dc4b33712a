/**
 * The header dropdown's matches answered in memory: the strict match branches of match-sql.ts (exact
 * part number, family prefix, family infix, every query word a word prefix) over the visible products,
 * held as sorted keys and interned words, so a keystroke costs tens of microseconds of this thread and
 * no statement. Issue 19: an uncached suggestion cost ~11 ms of a PostgreSQL backend plus ~5–10 ms here.
 *
 * It reads the same columns the SQL reads (pn_key, search_text, stock, sales_count, category_id) and ranks
 * the same way; what it cannot answer (no strict match: typos, keyboard-layout slips) goes to the SQL as
 * before. It belongs to one read-cache generation: a catalogue change (a write here, or a NOTIFY from
 * another instance, catalogue-version.ts) bumps the generation and the index stops answering at once.
 * When the change was to some products only, the keeper (index-keeper.ts) patches them in place
 * (patch): stock, sales, category and visibility are changed on their row, and a product whose part
 * number or words changed (or a new one) moves to a small overlay that every lookup scans beside the
 * built structures; past MAX_OVERLAY such products, or for any other change, a new index is built.
 */
import { sql } from 'drizzle-orm';
import type { MatchKind, ProductCard, SuggestionResponse } from '../../../api/schemas/catalogue';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { loadProductCards } from '../product-views';
import { equivalentsOf } from '../../../lib/search-synonyms';
import { FuzzyKeys } from './fuzzy-match';
import { alternativePlans, MIN_FAMILY_KEY, MIN_FUZZY_KEY, type SearchPlan } from './plan';
import { moveRow, smallestInOrder } from './sorted-rows';
import { PackedCards } from './packed-cards';
import { sortIndicesInSlices, TimeSlices } from './time-slices';
import { isShared, shared } from '../shared-json';

// The same cut-offs as the SQL (match-sql.ts): infix lookups need a key this long with a digit in it.
const MIN_INFIX_KEY = 4;
/**
 * A text lookup's leading word gathers and sorts its rows when they are fewer than the built rows over
 * this; more are marked as bits and walked in order (builtTextRows).
 */
const TEXT_GATHER_SHARE = 256;
// Rows read at once while building: bounded memory whatever the catalogue's size.
const BATCH = 20_000;
/**
 * Products whose text changed since the build (or added since) are held in an overlay that each lookup
 * scans whole: past this many, a new build is cheaper than the scans.
 */
export const MAX_OVERLAY = 2_000;
/**
 * Up to this many products the products' cards themselves are held too, packed outside the heap at
 * about 1 KB each (packed-cards.ts): the dropdown's items and the search page's and listings' cards, so
 * an answer needs no statement at all. On PGlite every statement waits for the one database thread; on
 * PostgreSQL at a million products reading them took ~0.5 ms of this thread per answer. Past it the
 * items come from the card cache and the database.
 */
export const ITEMS_IN_MEMORY_MAX = 2_000_000;

// A branch's order (score desc, then in stock, sales, id) as one number a native sort orders: the
// float4 score scaled to an integer above the row's popularity rank (exact for scores ≥ 2⁻⁶ and up to 4M rows).
const SCORE_SCALE = 2 ** 30;
const RANK_SPACE = 2 ** 22;

/** A dropdown item without its match label. */
export type SuggestionItem = Omit<SuggestionResponse['items'][number], 'match'>;

/** A card's dropdown fields only: the answer carries nothing the dropdown does not show. */
export const toSuggestionItem = (c: SuggestionItem): SuggestionItem => ({
  id: c.id,
  images: c.images,
  name: c.name,
  nameFa: c.nameFa,
  partNumber: c.partNumber,
  slug: c.slug,
  quality: c.quality,
  availability: c.availability,
  availabilityDate: c.availabilityDate,
  prices: c.prices,
  price: c.price,
  enable: c.enable,
  stock: c.stock,
});

const itemOfCard = new WeakMap<SuggestionItem, SuggestionItem>();
/** toSuggestionItem made once per card object, shared (shared-json.ts) as the card is: its JSON is made once too. */
export function suggestionItemOf(card: SuggestionItem): SuggestionItem {
  let item = itemOfCard.get(card);
  if (!item) {
    item = toSuggestionItem(card);
    if (isShared(card)) shared(item);
    itemOfCard.set(card, item);
  }
  return item;
}

/** A sort key's part for the score: a higher score sorts first, then the row's place in the popularity order. */
const scorePartOf = (score: number) => (SCORE_SCALE - Math.round(score * SCORE_SCALE)) * RANK_SPACE;

export interface IndexedMatch {
  /** Row number in the index (products in ascending id). */
  row: number;
  rank: number;
  kind: MatchKind;
  score: number;
  /** Its branch had more rows than it hands on (match-sql.ts's overflow): counts are lower bounds. */
  overflow: boolean;
}

/** A match as the search page's statement takes it (matchedSql's columns). */
export interface MatchedRow {
  id: number;
  rank: number;
  kind: MatchKind;
  score: number;
  overflow: boolean;
}

export interface IndexAnswer {
  total: number;
  items: { id: number; kind: MatchKind }[];
  /** The items' cards, when the index holds them (ITEMS_IN_MEMORY_MAX). */
  cards: SuggestionItem[] | null;
}

/** Sorted unique strings: the half-open range of those that start with `prefix` (code-unit order, as PostgreSQL's C order for these). */
function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  let top = sorted.length;
  while (end < top) {
    const mid = (end + top) >>> 1;
    if (sorted[mid]!.startsWith(prefix)) end = mid + 1;
    else top = mid;
  }
  return [lo, end];
}

/** byLength and lengthStart of the index (a counting sort by length keeps each length's keys sorted). */
function keyPositionsByLength(sortedKeys: readonly string[]): [Int32Array, Int32Array] {
  let longest = 0;
  for (const key of sortedKeys) if (key.length > longest) longest = key.length;
  const start = new Int32Array(longest + 2);
  for (const key of sortedKeys) start[key.length + 1]!++;
  for (let length = 1; length < start.length; length++) start[length]! += start[length - 1]!;
  const next = start.slice();
  const byLength = new Int32Array(sortedKeys.length);
  for (let place = 0; place < sortedKeys.length; place++) byLength[next[sortedKeys[place]!.length]!++] = place;
  return [byLength, start];
}

/** prefixRange over the places lo..hi-1 of byLength (keys of one length, sorted). */
function prefixRangeOfLength(
  sortedKeys: readonly string[],
  byLength: Int32Array,
  lo: number,
  hi: number,
  prefix: string,
): [number, number] {
  const keyAt = (i: number) => sortedKeys[byLength[i]!]!;
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (keyAt(mid) < prefix) a = mid + 1;
    else b = mid;
  }
  let end = a;
  let top = hi;
  while (end < top) {
    const mid = (end + top) >>> 1;
    if (keyAt(mid).startsWith(prefix)) end = mid + 1;
    else top = mid;
  }
  return [a, end];
}

/** A product as the index reads it: the columns the SQL matches and ranks on. */
interface ProductRow {
  id: number;
  pn_key: string;
  search_text: string | null;
  stock: number;
  sales_count: number;
  category_id: number;
}

/** Visible products only: enabled and not deleted, as every branch of match-sql.ts asks. */
const VISIBLE = sql`enable and deleted_at is null`;

const readRows = async (db: Db, where: ReturnType<typeof sql>, limit?: number) =>
  rowsOf<ProductRow>(
    await db.execute(sql`select id, pn_key, search_text, stock, sales_count, category_id from products
      where ${VISIBLE} and ${where} order by id ${limit === undefined ? sql`` : sql`limit ${limit}`}`),
  );

/** The SQL's generated word columns: string_to_array(btrim(part), ' ') without empty strings, as a set. */
const wordsOf = (part: string) => [
  ...new Set(
    part
      .replace(/^ +| +$/g, '')
      .split(' ')
      .filter(Boolean),
  ),
];

/** All words, the name's, the head's (the parts of search_text before ' | ' and ' ^ '). */
const wordListsOf = (text: string | null): [string[], string[], string[]] => {
  const t = text ?? '';
  return [wordsOf(t), wordsOf(t.split(' | ')[0] ?? ''), wordsOf(t.split(' ^ ')[0] ?? '')];
};

/** A product whose part number or words differ from the built structures': matched by scanning. */
interface OverlayText {
  pnKey: string;
  /** All words, the name's, the head's. */
  lists: [string[], string[], string[]];
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((w, i) => w === b[i]);

export class SuggestionIndex {
  /** Per row: 1 while the product is visible (a patch hides a disabled or deleted product's row). */
  private visible: Uint8Array;
  private visibleCount: number;
  /** Rows whose text is in the overlay: the built structures' entries for them are skipped. */
  private inOverlay: Uint8Array;
  private overlay = new Map<number, OverlayText>();
  /** The overlay's rows in id order (text and infix candidates are taken in id order). */
  private overlayRows: number[] = [];
  /** Rows added after the build, by product id (built rows are found by binary search of ids). */
  private addedRows = new Map<number, number>();
  /** Rows the built structures cover (0..builtRows-1, ascending id). */
  private readonly builtRows: number;
  /** Places in sortedKeys ordered by (key length, key): a prefix's keys of one length are one range of it. */
  private readonly byLength: Int32Array;
  /** Per key length, where its places start in byLength; the next length's start is where they end. */
  private readonly lengthStart: Int32Array;
  /** Scratch bit sets of rows (builtTextRows), all zero between lookups: the thread runs one at a time. */
  private readonly rowBits: Int32Array[] = [];
  /** bestOfLength's popularity places of one range's rows (scratch; the thread runs one lookup at a time). */
  private placeScratch = new Int32Array(0);
  /** Per built row, its place in sortedKeys: whether its key starts with a prefix is whether it lies in the prefix's range. */
  private readonly placeOfRow: Int32Array;

  private constructor(
    /** Product id per row, ascending over the built rows; rows added by patches follow. */
    private ids: Int32Array,
    private inStock: Uint8Array,
    private sales: Float64Array,
    private categoryIds: Int32Array,
    private readonly pnKeys: string[],
    /** Rows ordered by pn_key: exact and prefix lookups are binary searches. */
    private readonly byKey: Int32Array,
    private readonly sortedKeys: string[],
    /** Every distinct word of search_text, sorted: a word prefix is a range of word numbers. */
    private readonly words: string[],
    /** Per row, three sorted lists of word numbers: all words, the name's, the head's (offsets 3 per row). */
    private readonly wordOffsets: Int32Array,
    private readonly rowWords: Int32Array,
    /** Per word number, the rows holding it, ascending (CSR): a prefix range's rows are one slice. */
    private readonly postingOffsets: Int32Array,
    private readonly postings: Int32Array,
    /** Per row, its card (packed-cards.ts), or null when the catalogue is too large to hold them. */
    private readonly items: PackedCards | null,
    /** Per row, its place in (in stock desc, sales desc, id): every branch's tie-break. */
    private popularity: Int32Array,
    private rowByPopularity: Int32Array,
    /** pg_trgm trigrams of the built rows' keys → rows: the fuzzy branch (fuzzy-match.ts) and the infix one's pieces. */
    private readonly fuzzyKeys: FuzzyKeys,
  ) {
    this.builtRows = ids.length;
    [this.byLength, this.lengthStart] = keyPositionsByLength(sortedKeys);
    this.placeOfRow = new Int32Array(byKey.length);
    byKey.forEach((row, place) => (this.placeOfRow[row] = place));
    this.visible = new Uint8Array(ids.length).fill(1);
    this.visibleCount = ids.length;
    this.inOverlay = new Uint8Array(ids.length);
  }

  /** Visible products held. */
  get size(): number {
    return this.visibleCount;
  }

  /** Bytes the held cards take outside the heap (0 when the catalogue is too large to hold them). */
  get cardBytes(): number {
    return this.items?.bytes ?? 0;
  }

  /** Products matched by scanning since the build (changed text, or added). */
  get overlaySize(): number {
    return this.overlay.size;
  }

  /**
   * Reads the visible products (in batches by id) and builds the index, in slices of the thread's time
   * (time-slices.ts): it runs on the server's thread, beside the requests it serves.
   */
  static async build(db: Db): Promise<SuggestionIndex> {
    const slices = new TimeSlices();
    /** Loops read the clock every this many steps, and pause when their slice is up (no await otherwise: a million rows). */
    const CHECK = 1024;
    const [{ n: visible } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from products where ${VISIBLE}`),
    );
    const items = visible <= ITEMS_IN_MEMORY_MAX ? new PackedCards() : null;
    const ids: number[] = [];
    const inStock: number[] = [];
    const sales: number[] = [];
    const categoryIds: number[] = [];
    const pnKeys: string[] = [];
    // Words get provisional numbers in order of appearance, renumbered in sorted order once all are seen.
    const wordNumber = new Map<string, number>();
    const provisional: number[][] = [];
    const numberOf = (w: string) => {
      let n = wordNumber.get(w);
      if (n === undefined) wordNumber.set(w, (n = wordNumber.size));
      return n;
    };
    let after = 0;
    for (;;) {
      const rows = await readRows(db, sql`id > ${after}`, BATCH);
      for (const [k, r] of rows.entries()) {
        if (k % CHECK === 0 && slices.due()) await slices.pause();
        ids.push(r.id);
        inStock.push(r.stock > 0 ? 1 : 0);
        sales.push(Number(r.sales_count));
        categoryIds.push(r.category_id);
        pnKeys.push(r.pn_key);
        for (const list of wordListsOf(r.search_text)) provisional.push(list.map(numberOf));
      }
      if (items) {
        // The cards as every other answer computes them (product-views.ts), in row order.
        const cards = new Map(
          (
            await loadProductCards(
              db,
              rows.map((r) => r.id),
            )
          ).map((c) => [c.id, c]),
        );
        for (const r of rows) items.push(cards.get(r.id));
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    const n = ids.length;
    // Word numbers are given in order of appearance: the unsorted list's index is the provisional number.
    const unsorted = [...wordNumber.keys()];
    const wordOrder = await sortIndicesInSlices(unsorted.length, (a, b) => byCodeUnits(unsorted[a]!, unsorted[b]!), slices);
    const words = Array.from(wordOrder, (provisionalNumber) => unsorted[provisionalNumber]!);
    const renumber = new Int32Array(words.length);
    wordOrder.forEach((provisionalNumber, i) => (renumber[provisionalNumber] = i));
    const wordOffsets = new Int32Array(3 * n + 1);
    let total = 0;
    for (let i = 0; i < provisional.length; i++) {
      wordOffsets[i] = total;
      total += provisional[i]!.length;
    }
    wordOffsets[3 * n] = total;
    const rowWords = new Int32Array(total);
    const counts = new Int32Array(words.length + 1);
    for (let i = 0; i < provisional.length; i++) {
      if (i % CHECK === 0 && slices.due()) await slices.pause();
      const list = provisional[i]!.map((w) => renumber[w]!).sort((a, b) => a - b);
      rowWords.set(list, wordOffsets[i]!);
      // Postings come from the "all words" list only (every third list).
      if (i % 3 === 0) for (const w of list) counts[w + 1]!++;
    }
    provisional.length = 0;
    const postingOffsets = new Int32Array(words.length + 1);
    for (let w = 0; w < words.length; w++) postingOffsets[w + 1] = postingOffsets[w]! + counts[w + 1]!;
    const postings = new Int32Array(postingOffsets[words.length]!);
    const fill = postingOffsets.slice(0, words.length);
    for (let row = 0; row < n; row++) {
      if (row % CHECK === 0 && slices.due()) await slices.pause();
      for (let k = wordOffsets[3 * row]!; k < wordOffsets[3 * row + 1]!; k++) postings[fill[rowWords[k]!]!++] = row;
    }
    const byKey = await sortIndicesInSlices(n, (a, b) => (pnKeys[a]! < pnKeys[b]! ? -1 : pnKeys[a]! > pnKeys[b]! ? 1 : a - b), slices);
    const sortedKeys = Array.from(byKey, (row) => pnKeys[row]!);
    const rowByPopularity = await sortIndicesInSlices(
      n,
      (a, b) => inStock[b]! - inStock[a]! || sales[b]! - sales[a]! || ids[a]! - ids[b]!,
      slices,
    );
    const popularity = new Int32Array(n);
    rowByPopularity.forEach((row, place) => (popularity[row] = place));
    const fuzzyKeys = await FuzzyKeys.build(pnKeys, slices);
    return new SuggestionIndex(
      Int32Array.from(ids),
      Uint8Array.from(inStock),
      Float64Array.from(sales),
      Int32Array.from(categoryIds),
      pnKeys,
      byKey,
      sortedKeys,
      words,
      wordOffsets,
      rowWords,
      postingOffsets,
      postings,
      items,
      popularity,
      rowByPopularity,
      fuzzyKeys,
    );
  }

  /**
   * Brings these products up to date: reads them as build does (visible ones only; the rest are hidden),
   * then changes the index in one synchronous step. False when the overlay would grow past MAX_OVERLAY:
   * the keeper builds anew.
   */
  async patch(db: Db, productIds: readonly number[]): Promise<boolean> {
    if (productIds.length === 0) return true;
    const rows: ProductRow[] = [];
    for (let i = 0; i < productIds.length; i += BATCH) {
      const chunk = productIds.slice(i, i + BATCH);
      rows.push(
        ...(await readRows(
          db,
          sql`id in (${sql.join(
            chunk.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )),
      );
    }
    const cards =
      this.items && rows.length
        ? await loadProductCards(
            db,
            rows.map((r) => r.id),
          )
        : [];
    // Nothing changes before this point: a failed read leaves the index as it was.
    const cardOf = new Map(cards.map((c) => [c.id, c]));
    const fresh = new Map(rows.map((r) => [r.id, r]));
    let overlay = this.overlay.size;
    for (const r of rows) {
      const row = this.rowOf(r.id);
      if (row === undefined || this.inOverlay[row] || this.pnKeys[row] !== r.pn_key || !this.sameText(row, r.search_text)) overlay++;
    }
    if (overlay > MAX_OVERLAY) return false;
    for (const id of productIds) {
      const r = fresh.get(id);
      const row = this.rowOf(id);
      if (!r) {
        // Disabled, deleted, or never there: hidden from every lookup; its row stays for a comeback.
        if (row !== undefined && this.visible[row]) {
          this.visible[row] = 0;
          this.visibleCount--;
        }
        continue;
      }
      this.apply(row ?? this.addRow(r.id), r, cardOf.get(r.id));
    }
    this.overlayRows = [...this.overlay.keys()].sort((a, b) => this.ids[a]! - this.ids[b]!);
    return true;
  }

  /** The row of a product id, if the index has one. */
  private rowOf(id: number): number | undefined {
    let lo = 0;
    let hi = this.builtRows;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.builtRows && this.ids[lo] === id ? lo : this.addedRows.get(id);
  }

  /** Whether a built row's word lists are those of `text` (word numbers ascend in word order). */
  private sameText(row: number, text: string | null): boolean {
    const lists = wordListsOf(text);
    return lists.every((list, which) => {
      const from = this.wordOffsets[3 * row + which]!;
      const held = Array.from(this.rowWords.subarray(from, this.wordOffsets[3 * row + which + 1]!), (w) => this.words[w]!);
      return sameWords(held, [...list].sort(byCodeUnits));
    });
  }

  /** A product new to the index (or visible again after the build left it out): a row at the end, in the overlay. */
  private addRow(id: number): number {
    const row = this.ids.length;
    const grow = <A extends Int32Array | Uint8Array | Float64Array>(a: A, make: (n: number) => A): A => {
      const b = make(row + 1);
      b.set(a);
      return b;
    };
    this.ids = grow(this.ids, (n) => new Int32Array(n));
    this.ids[row] = id;
    this.inStock = grow(this.inStock, (n) => new Uint8Array(n));
    this.sales = grow(this.sales, (n) => new Float64Array(n));
    this.categoryIds = grow(this.categoryIds, (n) => new Int32Array(n));
    this.visible = grow(this.visible, (n) => new Uint8Array(n));
    this.inOverlay = grow(this.inOverlay, (n) => new Uint8Array(n));
    this.pnKeys.push('');
    this.items?.push(undefined);
    // Last in popularity until apply() moves it to its place.
    this.popularity = grow(this.popularity, (n) => new Int32Array(n));
    this.popularity[row] = row;
    this.rowByPopularity = grow(this.rowByPopularity, (n) => new Int32Array(n));
    this.rowByPopularity[row] = row;
    this.addedRows.set(id, row);
    return row;
  }

  /** One product's columns onto its row: visibility, ranking, category, card, and its text (overlay when changed). */
  private apply(row: number, r: ProductRow, card: ProductCard | undefined): void {
    if (!this.visible[row]) {
      this.visible[row] = 1;
      this.visibleCount++;
    }
    this.categoryIds[row] = r.category_id;
    this.items?.set(row, card);
    const inStock = r.stock > 0 ? 1 : 0;
    const sales = Number(r.sales_count);
    if (this.inStock[row] !== inStock || this.sales[row] !== sales || row >= this.builtRows) {
      this.inStock[row] = inStock;
      this.sales[row] = sales;
      this.reorder(row);
    }
    const textChanged = this.inOverlay[row] || row >= this.builtRows || this.pnKeys[row] !== r.pn_key || !this.sameText(row, r.search_text);
    if (textChanged) {
      this.inOverlay[row] = 1;
      this.overlay.set(row, { pnKey: r.pn_key, lists: wordListsOf(r.search_text) });
    }
    this.pnKeys[row] = r.pn_key;
  }

  /** Moves a row whose stock or sales changed to its place in the popularity order (a shift of the rows between). */
  private reorder(row: number): void {
    moveRow(
      this.rowByPopularity,
      this.popularity,
      row,
      (a, b) => this.inStock[b]! - this.inStock[a]! || this.sales[b]! - this.sales[a]! || this.ids[a]! - this.ids[b]!,
    );
  }

  /** Whether an overlay row's list `which` has a word starting with one of `prefixes`. */
  private overlayHas(row: number, which: 0 | 1 | 2, prefixes: readonly string[]): boolean {
    return this.overlay.get(row)!.lists[which].some((w) => prefixes.some((p) => w.startsWith(p)));
  }

  /** Whether row's list `which` (0 all, 1 name, 2 head) has a word in one of the ranges. */
  private hasWordIn(row: number, which: 0 | 1 | 2, ranges: [number, number][]): boolean {
    const from = this.wordOffsets[3 * row + which]!;
    const to = this.wordOffsets[3 * row + which + 1]!;
    for (const [lo, hi] of ranges) {
      for (let k = from; k < to; k++) {
        const w = this.rowWords[k]!;
        if (w >= hi) break;
        if (w >= lo) return true;
      }
    }
    return false;
  }

  /** The word-number ranges a query word matches as a prefix, its equivalents included (prefixQuery in match-sql.ts). */
  private rangesOf(token: string): [number, number][] {
    return equivalentsOf(token)
      .map((w) => prefixRange(this.words, w))
      .filter(([lo, hi]) => hi > lo);
  }

  /**
   * Sort keys of the best `wanted` allowed built rows whose key is `len` long and starts with `key` (all
   * of them when it is cheaper), best first by popularity. A short prefix such as "AT" has 140,000 keys
   * at a million products: rather than rank them all, this walks the rows from the most popular, and
   * stops at the `wanted`-th match — a walk expected to take wanted × rows / matches steps, so it is
   * taken only when that is well under the matches' number, and abandoned for the plain scan if
   * the matches lie far down the order (a category's few, or products out of stock).
   */
  private bestOfLength(key: string, len: number, wanted: number, allowed: (row: number) => boolean, score: number): number[] {
    if (len >= this.lengthStart.length - 1) return [];
    const [lo, hi] = prefixRangeOfLength(this.sortedKeys, this.byLength, this.lengthStart[len]!, this.lengthStart[len + 1]!, key);
    const matches = hi - lo;
    const out: number[] = [];
    if (matches > wanted && wanted * this.builtRows < (matches * matches) / 4) {
      const order = this.rowByPopularity;
      const steps = Math.min(order.length, matches);
      for (let place = 0; place < steps; place++) {
        const row = order[place]!;
        if (row >= this.builtRows) continue;
        const pn = this.pnKeys[row]!;
        if (pn.length === len && pn.startsWith(key) && allowed(row)) {
          out.push(this.sortKey(row, score));
          if (out.length === wanted) return out;
        }
      }
      out.length = 0;
    }
    // Every match read, but only the best `wanted` made into sort keys: at a million products a short key's
    // range holds up to ~25,000 rows of one length, and sorting all their keys (top) cost more than reading them.
    if (this.placeScratch.length < matches) this.placeScratch = new Int32Array(matches);
    const places = this.placeScratch;
    let n = 0;
    for (let i = lo; i < hi; i++) {
      const row = this.byKey[this.byLength[i]!]!;
      if (allowed(row)) places[n++] = this.popularity[row]!;
    }
    const best = smallestInOrder(places, n, wanted);
    // A row's sort key is its score's part and its place in the popularity order (sortKey).
    const scorePart = scorePartOf(score);
    for (let i = 0; i < best; i++) out.push(scorePart + places[i]!);
    return out;
  }

  private sortKey(row: number, score: number): number {
    return scorePartOf(score) + this.popularity[row]!;
  }

  /** Best rows of one branch (sort keys) in the final order, at most `limit`. */
  private top(keys: number[], limit: number): { row: number; score: number }[] {
    const best = Float64Array.from(keys).sort().subarray(0, limit);
    return Array.from(best, (key) => ({
      row: this.rowByPopularity[key % RANK_SPACE]!,
      score: (SCORE_SCALE - Math.floor(key / RANK_SPACE)) / SCORE_SCALE,
    }));
  }

  /**
   * The strict matches of a plan, best reading per product, in the SQL's order (rank, score, in stock,
   * sales, id): what suggestionSql's `m` holds when no fuzzy branch runs.
   */
  match(plan: SearchPlan, perBranch: number, candidates: number, categories: ReadonlySet<number> | null): IndexedMatch[] {
    const { key } = plan;
    const allowed = (row: number) => this.visible[row] === 1 && (!categories || categories.has(this.categoryIds[row]!));
    // The built structures' entries of rows in the overlay are out of date: those rows are scanned instead.
    const builtAllowed = (row: number) => this.inOverlay[row] === 0 && allowed(row);
    const overlay = this.overlayRows.filter(allowed);
    const best = new Map<number, IndexedMatch>();
    const keep = (rank: number, kind: MatchKind, list: number[], capped = false) => {
      const overflow = list.length > perBranch || (capped && list.length >= candidates);
      for (const { row, score } of this.top(list, perBranch)) {
        const had = best.get(row);
        if (!had || rank < had.rank || (rank === had.rank && score > had.score)) best.set(row, { row, rank, kind, score, overflow });
      }
    };
    if (key.length >= 1) {
      const familyScore = (len: number) => Math.fround(Math.fround(key.length) / Math.fround(len));
      // A branch's best rows and one more (which tells it overflows), length by length: a shorter key
      // scores higher, so no longer key can pass the rows found once there are enough.
      const wanted = perBranch + 1;
      const exact = this.bestOfLength(key, key.length, wanted, builtAllowed, 1);
      const family: number[] = [];
      if (key.length >= MIN_FAMILY_KEY) {
        for (let len = key.length + 1; len < this.lengthStart.length - 1 && family.length < wanted; len++) {
          family.push(...this.bestOfLength(key, len, wanted - family.length, builtAllowed, familyScore(len)));
        }
      }
      const add = (row: number, len: number) => {
        if (len === key.length) exact.push(this.sortKey(row, 1));
        else if (key.length >= MIN_FAMILY_KEY) family.push(this.sortKey(row, familyScore(len)));
      };
      for (const row of overlay) {
        const pn = this.pnKeys[row]!;
        if (pn.startsWith(key)) add(row, pn.length);
      }
      keep(0, 'exact', exact);
      if (key.length >= MIN_FAMILY_KEY) keep(1, 'family', family);
    }
    if (key.length >= MIN_INFIX_KEY && /\d/.test(key)) {
      // The rarest three-letter piece of the key narrows the rows (the fuzzy postings: a piece of a key is
      // one of its inner trigrams), the next rarest's rows (as bits) narrow them further; each is then
      // checked whole, with the keys the postings do not hold.
      let odd: readonly number[] = [];
      const lists: Int32Array[] = [];
      for (let i = 0; i + 3 <= key.length; i++) {
        const found = this.fuzzyKeys.rowsWithPiece(key.slice(i, i + 3));
        odd = found.odd;
        lists.push(found.built);
      }
      lists.sort((a, b) => a.length - b.length);
      const list = lists[0] ?? new Int32Array(0);
      const next = lists[1];
      const bits = next && next.length <= list.length * 4 ? this.markRowList(0, next) : null;
      const isInfix = (row: number) => {
        const pn = this.pnKeys[row]!;
        return !pn.startsWith(key) && pn.includes(key);
      };
      // Most rows holding the pieces of "STM32F" start with it (40,000 at a million products): their place
      // in the key order rules them out without reading their keys.
      const [lo, hi] = prefixRange(this.sortedKeys, key);
      const isBuiltInfix = (row: number) => {
        const place = this.placeOfRow[row]!;
        return (place < lo || place >= hi) && this.pnKeys[row]!.includes(key);
      };
      const built: number[] = [];
      try {
        for (let i = 0, j = 0; (i < list.length || j < odd.length) && built.length < candidates;) {
          const fromList = j >= odd.length || (i < list.length && list[i]! < odd[j]!);
          const row = fromList ? list[i++]! : odd[j++]!;
          if (fromList && bits && (bits[row >>> 5]! & (1 << (row & 31))) === 0) continue;
          if (builtAllowed(row) && isBuiltInfix(row)) built.push(row);
        }
      } finally {
        if (bits) bits.fill(0);
      }
      const infix = this.firstById(built, overlay.filter(isInfix), candidates).map((row) =>
        this.sortKey(row, Math.fround(Math.fround(Math.fround(0.8) * key.length) / this.pnKeys[row]!.length)),
      );
      keep(1, 'family', infix, true);
    }
    if (!plan.partOnly) keep(2, 'text', this.textMatches(plan.tokens, candidates, builtAllowed, overlay), true);
    const ranked = [...best.values()];
    return ranked.sort(
      (a, b) =>
        a.rank - b.rank ||
        b.score - a.score ||
        this.inStock[b.row]! - this.inStock[a.row]! ||
        this.sales[b.row]! - this.sales[a.row]! ||
        this.ids[a.row]! - this.ids[b.row]!,
    );
  }

  /** The first `limit` rows by product id of two lists each in id order (built rows, overlay rows). */
  private firstById(built: number[], overlay: number[], limit: number): number[] {
    if (overlay.length === 0) return built.slice(0, limit);
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (out.length < limit && (i < built.length || j < overlay.length)) {
      if (j >= overlay.length || (i < built.length && this.ids[built[i]!]! < this.ids[overlay[j]!]!)) out.push(built[i++]!);
      else out.push(overlay[j++]!);
    }
    return out;
  }

  /** Rows where every query word (or an equivalent) starts a word: the first `candidates` by id, scored as textScore. */
  private textMatches(tokens: string[], candidates: number, allowed: (row: number) => boolean, overlay: number[]) {
    const prefixes = tokens.map((t) => equivalentsOf(t));
    const inOverlay = overlay.filter((row) => prefixes.every((p) => this.overlayHas(row, 0, p)));
    const ranges = tokens.map((t) => this.rangesOf(t));
    const built = this.builtTextRows(ranges, candidates, allowed);
    return this.firstById(built, inOverlay, candidates).map((row) => {
      let sum = 0;
      if (this.inOverlay[row]) {
        for (const p of prefixes) sum += this.overlayHas(row, 2, p) ? 1 : this.overlayHas(row, 1, p) ? 0.7 : 0.3;
      } else {
        for (const rs of ranges) sum += this.hasWordIn(row, 2, rs) ? 1 : this.hasWordIn(row, 1, rs) ? 0.7 : 0.3;
      }
      return this.sortKey(row, Math.fround(sum / tokens.length));
    });
  }

  /** The built rows where every query word starts a word: the first `candidates` in row (id) order. */
  private builtTextRows(ranges: [number, number][][], candidates: number, allowed: (row: number) => boolean): number[] {
    if (ranges.some((r) => r.length === 0)) return [];
    // The query word with the fewest rows proposes candidates; the others are checked on each row.
    const size = (rs: [number, number][]) => rs.reduce((s, [lo, hi]) => s + this.postingOffsets[hi]! - this.postingOffsets[lo]!, 0);
    const sizes = ranges.map(size);
    let lead = 0;
    for (let i = 1; i < ranges.length; i++) if (sizes[i]! < sizes[lead]!) lead = i;
    let used = 0;
    // Another word's rows as bits when that costs less than reading each candidate's words: two words
    // that seldom meet ("ترانزیستور ولتاژ" at a million products) read 40,000 candidates' words otherwise.
    const checks = ranges.flatMap((rs, i) => {
      if (i === lead) return [];
      if (sizes[i]! > sizes[lead]! * 8) return [(row: number) => this.hasWordIn(row, 0, rs)];
      const bits = this.markRows(used++, rs);
      return [(row: number) => (bits[row >>> 5]! & (1 << (row & 31))) !== 0];
    });
    const out: number[] = [];
    const test = (row: number) => {
      if (allowed(row) && checks.every((holds) => holds(row))) out.push(row);
    };
    try {
      if (sizes[lead]! * TEXT_GATHER_SHARE < this.builtRows) {
        // Few rows: gathered and sorted by row (id) order.
        const rows: number[] = [];
        for (const [lo, hi] of ranges[lead]!) {
          for (let k = this.postingOffsets[lo]!; k < this.postingOffsets[hi]!; k++) rows.push(this.postings[k]!);
        }
        const sorted = Int32Array.from(rows).sort();
        for (let i = 0; i < sorted.length && out.length < candidates; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) test(sorted[i]!);
      } else {
        // A short prefix such as "in" covers most products: its rows marked, then walked in row order
        // (32 rows a step) until the candidates are found. Past 1/256 of the rows this is cheaper than
        // sorting them: over the bench's family and text lookups at a million products, a share of 256 took
        // 45–60% less time than 16.
        const bits = this.markRows(used++, ranges[lead]!);
        for (let w = 0; w < bits.length && out.length < candidates; w++) {
          for (let word = bits[w]!; word !== 0 && out.length < candidates; word &= word - 1)
            test((w << 5) | (31 - Math.clz32(word & -word)));
        }
      }
    } finally {
      for (let k = 0; k < used; k++) this.rowBits[k]!.fill(0);
    }
    return out;
  }

  private scratchBits(k: number): Int32Array {
    while (this.rowBits.length <= k) this.rowBits.push(new Int32Array((this.builtRows + 31) >>> 5));
    return this.rowBits[k]!;
  }

  /** Scratch bit set number `k` (one bit per built row) with the rows of `list` set; cleared by the caller. */
  private markRowList(k: number, list: Int32Array): Int32Array {
    const bits = this.scratchBits(k);
    for (let i = 0; i < list.length; i++) bits[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
    return bits;
  }

  /** Scratch bit set number `k` (one bit per built row) with the rows of the word ranges set; cleared by the caller. */
  private markRows(k: number, ranges: [number, number][]): Int32Array {
    const bits = this.scratchBits(k);
    for (const [lo, hi] of ranges) {
      for (let i = this.postingOffsets[lo]!; i < this.postingOffsets[hi]!; i++) {
        const row = this.postings[i]!;
        bits[row >>> 5]! |= 1 << (row & 31);
      }
    }
    return bits;
  }

  /**
   * match-sql.ts's fuzzy branch: part numbers like the typed key (pg_trgm), looked for only when the
   * plan has no strict match in scope nor, inside a category, anywhere (strictAnywhere: then it is no
   * typo, the part is elsewhere). The first `candidates` matches by id are scored and the best
   * `perBranch` kept, as the SQL's capped branches. Null when the lookup is too large to make here
   * (fuzzy-match.ts FUZZY_MAX_POSTINGS): the SQL answers.
   */
  private fuzzyMatch(
    plan: SearchPlan,
    perBranch: number,
    candidates: number,
    categories: ReadonlySet<number> | null,
  ): IndexedMatch[] | null {
    const { key } = plan;
    if (key.length < MIN_FUZZY_KEY) return [];
    if (categories && this.match(plan, 1, 1, null).length > 0) return [];
    const allowed = (row: number) => this.visible[row] === 1 && (!categories || categories.has(this.categoryIds[row]!));
    const builtAllowed = (row: number) => this.inOverlay[row] === 0 && allowed(row);
    const found = this.fuzzyKeys.lookup(key, (row) => this.pnKeys[row]!, builtAllowed, this.overlayRows.filter(allowed), candidates);
    if (!found) return null;
    const scores = new Map<number, number>();
    for (const hit of [...found.built, ...found.scanned]) scores.set(hit.row, hit.score);
    const first = this.firstById(
      found.built.map((h) => h.row),
      found.scanned.map((h) => h.row),
      candidates,
    );
    const overflow = first.length > perBranch || first.length >= candidates;
    return this.top(
      first.map((row) => this.sortKey(row, scores.get(row)!)),
      perBranch,
    ).map(({ row, score }) => ({ row, rank: 3, kind: 'fuzzy' as const, score, overflow }));
  }

  /** Every match of one reading as matchedSql selects it: the strict ones, or when there are none the fuzzy ones. Null: ask the SQL. */
  matchAll(plan: SearchPlan, perBranch: number, candidates: number, categories: ReadonlySet<number> | null): IndexedMatch[] | null {
    const strict = this.match(plan, perBranch, candidates, categories);
    return strict.length ? strict : this.fuzzyMatch(plan, perBranch, candidates, categories);
  }

  /**
   * The first reading of the query that matches anything (the typed one, then alternativePlans: Persian
   * words joined, the other keyboard layout), as suggest.ts and listing.ts ask the SQL one reading after
   * the other; `matches` empty when none does. Null when a reading's fuzzy lookup is left to the SQL.
   */
  matchReadings(
    plan: SearchPlan,
    perBranch: number,
    candidates: number,
    categories: ReadonlySet<number> | null,
  ): { plan: SearchPlan; matches: IndexedMatch[] } | null {
    for (const reading of [plan, ...alternativePlans(plan)]) {
      const matches = this.matchAll(reading, perBranch, candidates, categories);
      if (!matches) return null;
      if (matches.length) return { plan: reading, matches };
    }
    return { plan, matches: [] };
  }

  /** The search page's strict matches (getProduct with text), each branch cut as match-sql.ts cuts it. */
  matchedRows(plan: SearchPlan, perBranch: number, candidates: number, categories: ReadonlySet<number> | null): MatchedRow[] {
    return this.match(plan, perBranch, candidates, categories).map((m) => this.matchedRow(m));
  }

  /** The search page's matches of the first reading that has any, fuzzy ones included (matchReadings); null: ask the SQL. */
  matchedReadings(
    plan: SearchPlan,
    perBranch: number,
    candidates: number,
    categories: ReadonlySet<number> | null,
  ): { plan: SearchPlan; rows: MatchedRow[] } | null {
    const found = this.matchReadings(plan, perBranch, candidates, categories);
    return found && { plan: found.plan, rows: found.matches.map((m) => this.matchedRow(m)) };
  }

  private matchedRow(m: IndexedMatch): MatchedRow {
    return { id: this.ids[m.row]!, rank: m.rank, kind: m.kind, score: m.score, overflow: m.overflow };
  }

  /**
   * The whole cards of `ids` (visible products, in that order) when the index holds them, for the search
   * page and listings; null when it holds none or one is missing (the card cache and the database answer).
   */
  cardsOf(ids: number[]): ProductCard[] | null {
    if (!this.items) return null;
    const out: ProductCard[] = [];
    for (const id of new Set(ids)) {
      // rowOf finds products added since the build too; a hidden one's old card is not shown.
      const row = this.rowOf(id);
      const card = row !== undefined && this.visible[row] ? this.items.get(row) : undefined;
      if (!card) return null;
      out.push(card);
    }
    return out;
  }

  /** The dropdown's answer over the strict matches only: at most `limit` matches counted, the best `take` returned (suggestionSql). */
  answer(plan: SearchPlan, q: { limit: number; take: number }, categories: ReadonlySet<number> | null, candidates: number): IndexAnswer {
    return this.answerOf(this.match(plan, Math.max(q.limit, q.take), Math.max(candidates, q.limit, q.take), categories), q);
  }

  /**
   * The dropdown's whole answer: the first reading with matches, strict or fuzzy (matchReadings), and
   * that reading; null when the SQL must answer (a fuzzy lookup too large to make here).
   */
  answerReadings(
    plan: SearchPlan,
    q: { limit: number; take: number },
    categories: ReadonlySet<number> | null,
    candidates: number,
  ): (IndexAnswer & { plan: SearchPlan }) | null {
    const found = this.matchReadings(plan, Math.max(q.limit, q.take), Math.max(candidates, q.limit, q.take), categories);
    return found && { ...this.answerOf(found.matches, q), plan: found.plan };
  }

  private answerOf(matches: IndexedMatch[], q: { limit: number; take: number }): IndexAnswer {
    const shown = matches.slice(0, q.take);
    const cards = this.items ? shown.map((m) => this.items!.get(m.row)).filter((c): c is ProductCard => c !== undefined) : null;
    return {
      total: Math.min(matches.length, q.limit),
      items: shown.map((m) => ({ id: this.ids[m.row]!, kind: m.kind })),
      // A card missing (a row changed between the two reads) sends the whole answer to the cards' own path.
      cards: cards && cards.length === shown.length ? cards : null,
    };
  }
}
