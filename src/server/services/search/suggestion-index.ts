/**
 * The header dropdown's matches answered in memory: the strict match branches of match-sql.ts (exact
 * part number, family prefix, family infix, every query word a word prefix) over the visible products,
 * held as sorted keys and interned words, so a keystroke costs tens of microseconds of this thread and
 * no statement. Issue 19: an uncached suggestion cost ~11 ms of a PostgreSQL backend plus ~5–10 ms here.
 *
 * It reads the same columns the SQL reads (pn_key, search_text, stock, sales_count, category_id) and ranks
 * the same way; what it cannot answer (no strict match: typos, keyboard-layout slips) goes to the SQL as
 * before. It belongs to one read-cache generation: any catalogue change (a write here, or a NOTIFY from
 * another instance, catalogue-version.ts) bumps the generation, the index stops answering at once, and a
 * fresh one is built in the background.
 */
import { sql } from 'drizzle-orm';
import type { MatchKind, ProductCard, SuggestionResponse } from '../../../api/schemas/catalogue';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { loadProductCards } from '../product-views';
import { equivalentsOf } from '../../../lib/search-synonyms';
import { MIN_FAMILY_KEY, type SearchPlan } from './plan';

// The same cut-offs as the SQL (match-sql.ts): infix lookups need a key this long with a digit in it.
const MIN_INFIX_KEY = 4;
// Rows read at once while building: bounded memory whatever the catalogue's size.
const BATCH = 20_000;
/**
 * Up to this many products the products' cards themselves are held too (the dropdown's items and the
 * search page's and listings' cards), so an answer needs no statement at all: on PGlite every statement waits for the one database thread, behind the
 * search pages' and listings' queries. Past it the items come from the card cache and the database.
 */
export const ITEMS_IN_MEMORY_MAX = 250_000;

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

export class SuggestionIndex {
  private constructor(
    /** Product id per row, ascending. */
    private readonly ids: Int32Array,
    private readonly inStock: Uint8Array,
    private readonly sales: Float64Array,
    private readonly categoryIds: Int32Array,
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
    /** Three-letter pieces of pn_key → rows, for the infix branch. */
    private readonly trigrams: Map<string, Int32Array>,
    private readonly marks: Uint8Array,
    /** Per row, the dropdown item, or null when the catalogue is too large to hold them. */
    private readonly items: (ProductCard | undefined)[] | null,
    /** Per row, its place in (in stock desc, sales desc, id): every branch's tie-break. */
    private readonly popularity: Int32Array,
    private readonly rowByPopularity: Int32Array,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /** Reads the visible products (in batches by id) and builds the index. */
  static async build(db: Db): Promise<SuggestionIndex> {
    const [{ n: visible } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from products where enable and deleted_at is null`),
    );
    const items: (ProductCard | undefined)[] | null = visible <= ITEMS_IN_MEMORY_MAX ? [] : null;
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
    // The SQL's generated columns: string_to_array(btrim(part), ' ') without empty strings, as a set.
    const wordsOf = (part: string) => [
      ...new Set(
        part
          .replace(/^ +| +$/g, '')
          .split(' ')
          .filter(Boolean)
          .map(numberOf),
      ),
    ];
    let after = 0;
    for (;;) {
      const rows = rowsOf<{
        id: number;
        pn_key: string;
        search_text: string | null;
        stock: number;
        sales_count: number;
        category_id: number;
      }>(
        await db.execute(sql`select id, pn_key, search_text, stock, sales_count, category_id from products
          where enable and deleted_at is null and id > ${after} order by id limit ${BATCH}`),
      );
      for (const r of rows) {
        ids.push(r.id);
        inStock.push(r.stock > 0 ? 1 : 0);
        sales.push(Number(r.sales_count));
        categoryIds.push(r.category_id);
        pnKeys.push(r.pn_key);
        const text = r.search_text ?? '';
        provisional.push(wordsOf(text), wordsOf(text.split(' | ')[0] ?? ''), wordsOf(text.split(' ^ ')[0] ?? ''));
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
    const words = [...wordNumber.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const renumber = new Int32Array(words.length);
    words.forEach((w, i) => (renumber[wordNumber.get(w)!] = i));
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
      for (let k = wordOffsets[3 * row]!; k < wordOffsets[3 * row + 1]!; k++) postings[fill[rowWords[k]!]!++] = row;
    }
    const byKey = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) =>
      pnKeys[a]! < pnKeys[b]! ? -1 : pnKeys[a]! > pnKeys[b]! ? 1 : a - b,
    );
    const sortedKeys = Array.from(byKey, (row) => pnKeys[row]!);
    const grams = new Map<string, number[]>();
    for (let row = 0; row < n; row++) {
      const key = pnKeys[row]!;
      const seen = new Set<string>();
      for (let i = 0; i + 3 <= key.length; i++) {
        const g = key.slice(i, i + 3);
        if (seen.has(g)) continue;
        seen.add(g);
        let list = grams.get(g);
        if (!list) grams.set(g, (list = []));
        list.push(row);
      }
    }
    const rowByPopularity = Int32Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => inStock[b]! - inStock[a]! || sales[b]! - sales[a]! || ids[a]! - ids[b]!,
    );
    const popularity = new Int32Array(n);
    rowByPopularity.forEach((row, place) => (popularity[row] = place));
    const trigrams = new Map<string, Int32Array>();
    for (const [g, list] of grams) trigrams.set(g, Int32Array.from(list));
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
      trigrams,
      new Uint8Array(n),
      items,
      popularity,
      rowByPopularity,
    );
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

  private sortKey(row: number, score: number): number {
    return (SCORE_SCALE - Math.round(score * SCORE_SCALE)) * RANK_SPACE + this.popularity[row]!;
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
    const allowed = (row: number) => !categories || categories.has(this.categoryIds[row]!);
    const best = new Map<number, IndexedMatch>();
    const keep = (rank: number, kind: MatchKind, list: number[], capped = false) => {
      const overflow = list.length > perBranch || (capped && list.length >= candidates);
      for (const { row, score } of this.top(list, perBranch)) {
        const had = best.get(row);
        if (!had || rank < had.rank || (rank === had.rank && score > had.score)) best.set(row, { row, rank, kind, score, overflow });
      }
    };
    if (key.length >= 1) {
      const [lo, hi] = prefixRange(this.sortedKeys, key);
      const exact: number[] = [];
      const family: number[] = [];
      for (let i = lo; i < hi; i++) {
        const row = this.byKey[i]!;
        if (!allowed(row)) continue;
        const len = this.sortedKeys[i]!.length;
        if (len === key.length) exact.push(this.sortKey(row, 1));
        else if (key.length >= MIN_FAMILY_KEY) family.push(this.sortKey(row, Math.fround(Math.fround(key.length) / Math.fround(len))));
      }
      keep(0, 'exact', exact);
      if (key.length >= MIN_FAMILY_KEY) keep(1, 'family', family);
    }
    if (key.length >= MIN_INFIX_KEY && /\d/.test(key)) {
      // The rarest three-letter piece of the key narrows the rows; each is then checked whole.
      let rows: Int32Array | undefined;
      for (let i = 0; i + 3 <= key.length; i++) {
        const list = this.trigrams.get(key.slice(i, i + 3));
        if (!list) {
          rows = new Int32Array(0);
          break;
        }
        if (!rows || list.length < rows.length) rows = list;
      }
      const infix: number[] = [];
      for (const row of rows ?? []) {
        if (infix.length >= candidates) break;
        const pn = this.pnKeys[row]!;
        if (!allowed(row) || pn.startsWith(key) || !pn.includes(key)) continue;
        infix.push(this.sortKey(row, Math.fround(Math.fround(Math.fround(0.8) * key.length) / pn.length)));
      }
      keep(1, 'family', infix, true);
    }
    if (!plan.partOnly) keep(2, 'text', this.textMatches(plan.tokens, candidates, allowed), true);
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

  /** Rows where every query word (or an equivalent) starts a word: the first `candidates` by id, scored as textScore. */
  private textMatches(tokens: string[], candidates: number, allowed: (row: number) => boolean) {
    const ranges = tokens.map((t) => this.rangesOf(t));
    if (ranges.some((r) => r.length === 0)) return [];
    // The query word with the fewest rows proposes candidates; the others are checked on each row's words.
    const size = (rs: [number, number][]) => rs.reduce((s, [lo, hi]) => s + this.postingOffsets[hi]! - this.postingOffsets[lo]!, 0);
    let lead = 0;
    for (let i = 1; i < ranges.length; i++) if (size(ranges[i]!) < size(ranges[lead]!)) lead = i;
    const out: number[] = [];
    const test = (row: number) => {
      if (!allowed(row) || !ranges.every((rs, i) => i === lead || this.hasWordIn(row, 0, rs))) return;
      let sum = 0;
      for (const rs of ranges) sum += this.hasWordIn(row, 2, rs) ? 1 : this.hasWordIn(row, 1, rs) ? 0.7 : 0.3;
      out.push(this.sortKey(row, Math.fround(sum / tokens.length)));
    };
    const marks = this.marks;
    if (size(ranges[lead]!) * 16 < marks.length) {
      // Few rows: gathered and sorted by row (id) order.
      const rows: number[] = [];
      for (const [lo, hi] of ranges[lead]!) {
        for (let k = this.postingOffsets[lo]!; k < this.postingOffsets[hi]!; k++) rows.push(this.postings[k]!);
      }
      const sorted = Int32Array.from(rows).sort();
      for (let i = 0; i < sorted.length && out.length < candidates; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) test(sorted[i]!);
    } else {
      // A short prefix such as "in" covers most products: its rows marked, then walked in row order
      // until the candidates are found.
      for (const [lo, hi] of ranges[lead]!) {
        for (let k = this.postingOffsets[lo]!; k < this.postingOffsets[hi]!; k++) marks[this.postings[k]!] = 1;
      }
      for (let row = 0; row < marks.length && out.length < candidates; row++) if (marks[row]) test(row);
      marks.fill(0);
    }
    return out;
  }

  /** The search page's strict matches (getProduct with text), each branch cut as match-sql.ts cuts it. */
  matchedRows(plan: SearchPlan, perBranch: number, candidates: number, categories: ReadonlySet<number> | null): MatchedRow[] {
    return this.match(plan, perBranch, candidates, categories).map((m) => ({
      id: this.ids[m.row]!,
      rank: m.rank,
      kind: m.kind,
      score: m.score,
      overflow: m.overflow,
    }));
  }

  /**
   * The whole cards of `ids` (visible products, in that order) when the index holds them, for the search
   * page and listings; null when it holds none or one is missing (the card cache and the database answer).
   */
  cardsOf(ids: number[]): ProductCard[] | null {
    if (!this.items) return null;
    const out: ProductCard[] = [];
    for (const id of new Set(ids)) {
      let lo = 0;
      let hi = this.ids.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.ids[mid]! < id) lo = mid + 1;
        else hi = mid;
      }
      const card = this.ids[lo] === id ? this.items[lo] : undefined;
      if (!card) return null;
      out.push(card);
    }
    return out;
  }

  /** The dropdown's answer: at most `limit` matches counted, the best `take` returned (suggestionSql). */
  answer(plan: SearchPlan, q: { limit: number; take: number }, categories: ReadonlySet<number> | null, candidates: number): IndexAnswer {
    const matches = this.match(plan, Math.max(q.limit, q.take), Math.max(candidates, q.limit, q.take), categories);
    const shown = matches.slice(0, q.take);
    const cards = this.items ? shown.map((m) => this.items![m.row]).filter((c): c is ProductCard => c !== undefined) : null;
    return {
      total: Math.min(matches.length, q.limit),
      items: shown.map((m) => ({ id: this.ids[m.row]!, kind: m.kind })),
      // A card missing (a row changed between the two reads) sends the whole answer to the cards' own path.
      cards: cards && cards.length === shown.length ? cards : null,
    };
  }
}
