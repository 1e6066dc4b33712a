/**
 * Fuzzy part-number matches in memory: match-sql.ts's fuzzy branch (pg_trgm's `pn_key % key or
 * key <% pn_key`, the greater of similarity and word_similarity at least FUZZY_MIN_SCORE) answered
 * over the suggestion index's part-number keys, so a typo costs no statement (issue 19: on PGlite these
 * queued on its one database thread for seconds under load).
 *
 * Keys are upper-case letters and digits (partNumberKey), so each pg_trgm trigram of a padded key
 * ("  LM358 ") is a number below 37³ and the postings are one flat array per trigram (CSR), rows
 * ascending. A lookup counts shared trigrams only over the rarest of the query's trigrams: a key
 * passes only with at least `minCommon` shared trigrams (both scores are at most shared / query
 * trigrams), so it must hold one of the (query trigrams − minCommon + 1) rarest; the commonest ("  L",
 * the first letter) are checked by binary search on the rows found. Rows are counted in windows of
 * ascending row numbers, so a lookup stops once the caller's first `limit` rows (by id) are certain. A
 * row's shared count and its key's distinct trigrams (kept per row) give its similarity exactly and
 * bound its word_similarity (fewestSharedToPass: a key much longer than the query needs 0.45 of the
 * query's trigrams); only rows that can pass by those are scored exactly (trigram-similarity.ts).
 * The same postings serve the infix branch's three-letter pieces (rowsWithPiece).
 */
import {
  extentSimilarity,
  fewestSharedToPass,
  fuzzyPasses,
  similarity,
  similarityOfCounts,
  wordSimilarity,
} from '../../../lib/trigram-similarity';
import type { TimeSlices } from './time-slices';

// Below this a fuzzy part-number match is more noise than help (pg_trgm similarity, 0..1); match-sql.ts asks the same.
export const FUZZY_MIN_SCORE = 0.3;
/**
 * Postings a lookup may count (the rarest lists of its trigrams): past this the lookup hands the typo to
 * the SQL rather than hold the server's thread (a few milliseconds at most; see sql-reasons.ts).
 */
export const FUZZY_MAX_POSTINGS = 1_500_000;

const SYMBOLS = 37; // space, 0-9, A-Z
const CODES = SYMBOLS ** 3;
/** Rows a lookup counts at a time (consecutive row numbers), so it can stop once it has found enough. */
const WINDOW = 8192;

/** A key character's number: space 0, digits 1-10, letters 11-36; -1 for anything else. */
function symbolOf(code: number): number {
  if (code === 32) return 0;
  if (code >= 48 && code <= 57) return code - 47;
  if (code >= 65 && code <= 90) return code - 54;
  return -1;
}

/** Whether a key is made of upper-case letters and digits only (what partNumberKey writes). */
const isPlainKey = (key: string) => /^[A-Z0-9]*$/.test(key);

/**
 * The padded key's trigrams as numbers, in order, repeats kept (pg_trgm's order for one word); empty for
 * an empty key. Only for plain keys.
 */
function codesInOrder(key: string, out: number[] = []): number[] {
  out.length = 0;
  if (!key.length) return out;
  // The padding is two spaces before and one after (symbol 0). No closure here: it runs once per
  // candidate row of a lookup, and the server's TypeScript loader names every closure it makes.
  let a = 0;
  let b = 0;
  for (let i = 0; i <= key.length; i++) {
    const c = i < key.length ? symbolOf(key.charCodeAt(i)) : 0;
    out.push((a * SYMBOLS + b) * SYMBOLS + c);
    a = b;
    b = c;
  }
  return out;
}

export interface FuzzyHit {
  row: number;
  /** greatest(similarity, word_similarity), float4. */
  score: number;
}

export class FuzzyKeys {
  /** Scratch of one lookup, left zeroed (or -1) after it: the thread runs one lookup at a time. */
  private readonly counts: Uint8Array;
  private readonly wanted = new Uint8Array(CODES);
  private readonly lastSeen = new Int32Array(CODES).fill(-1);
  private readonly seq: number[] = [];
  private readonly touched = new Int32Array(WINDOW);
  private readonly inQuery = (code: number) => this.wanted[code] === 1;

  private constructor(
    /** Per trigram number, its rows' slice of `rows` (CSR). */
    private readonly offsets: Int32Array,
    private readonly rows: Int32Array,
    /** Per built row, its key's distinct trigrams (0 for an odd row): similarity from a shared count alone. */
    private readonly distinct: Uint8Array,
    /** Rows whose key is not plain (none from partNumberKey) or too long: scored on every lookup. */
    private readonly odd: number[],
    rowCount: number,
  ) {
    this.counts = new Uint8Array(rowCount);
  }

  /** Postings of every built row's key (rows 0..keys.length-1), in slices of the thread's time. */
  static async build(keys: readonly string[], slices: TimeSlices): Promise<FuzzyKeys> {
    const CHECK = 4096;
    const perCode = new Int32Array(CODES + 1);
    const stamp = new Int32Array(CODES).fill(-1);
    const distinct = new Uint8Array(keys.length);
    const odd: number[] = [];
    const seq: number[] = [];
    for (let row = 0; row < keys.length; row++) {
      if (row % CHECK === 0 && slices.due()) await slices.pause();
      const key = keys[row]!;
      // A key of more than 253 characters may have more distinct trigrams than a byte holds.
      if (!isPlainKey(key) || key.length > 253) {
        odd.push(row);
        continue;
      }
      let count = 0;
      for (const code of codesInOrder(key, seq)) {
        if (stamp[code] === row) continue;
        stamp[code] = row;
        perCode[code + 1]!++;
        count++;
      }
      distinct[row] = count;
    }
    for (let c = 0; c < CODES; c++) perCode[c + 1]! += perCode[c]!;
    const rows = new Int32Array(perCode[CODES]!);
    const fill = perCode.slice(0, CODES);
    stamp.fill(-1);
    for (let row = 0; row < keys.length; row++) {
      if (row % CHECK === 0 && slices.due()) await slices.pause();
      if (distinct[row] === 0) continue;
      for (const code of codesInOrder(keys[row]!, seq)) {
        if (stamp[code] === row) continue;
        stamp[code] = row;
        rows[fill[code]!++] = row;
      }
    }
    return new FuzzyKeys(perCode, rows, distinct, odd, keys.length);
  }

  /** Bytes held (postings and scratch), for the index's size notes. */
  get bytes(): number {
    return (
      this.offsets.byteLength +
      this.rows.byteLength +
      this.distinct.byteLength +
      this.counts.byteLength +
      this.wanted.byteLength +
      this.lastSeen.byteLength
    );
  }

  /**
   * The built rows holding a three-character piece of a key (rows ascending; the same postings as the
   * fuzzy lookups: a plain piece is an inner trigram of every key it occurs in), and the rows whose keys
   * are not indexed (`odd`, ascending), which the caller checks itself.
   */
  rowsWithPiece(piece: string): { built: Int32Array; odd: readonly number[] } {
    const [a, b, c] = [0, 1, 2].map((i) => symbolOf(piece.charCodeAt(i)));
    if (piece.length !== 3 || a! <= 0 || b! <= 0 || c! <= 0) return { built: new Int32Array(0), odd: this.odd };
    const code = (a! * SYMBOLS + b!) * SYMBOLS + c!;
    return { built: this.rows.subarray(this.offsets[code]!, this.offsets[code + 1]!), odd: this.odd };
  }

  /**
   * The built rows (allowed by `builtAllowed`) and `scanned` rows (the overlay: keys read from `keyOf`)
   * whose key is a fuzzy match of `key`, each list in row order; the built list stops at `limit` rows (the
   * caller keeps the first `limit` by id, and built rows are in id order). Null when the lookup would
   * count more than FUZZY_MAX_POSTINGS postings (the caller asks the SQL).
   */
  lookup(
    key: string,
    keyOf: (row: number) => string,
    builtAllowed: (row: number) => boolean,
    scanned: readonly number[],
    limit = Number.POSITIVE_INFINITY,
  ): { built: FuzzyHit[]; scanned: FuzzyHit[] } | null {
    // Shared counts are bytes: a key longer than any part number is left to the SQL.
    if (!isPlainKey(key) || !key.length || key.length > 200) return null;
    const query = [...new Set(codesInOrder(key))];
    const nq = query.length;
    // Both scores are at most shared / nq: fewer shared trigrams than this cannot reach FUZZY_MIN_SCORE.
    const minCommon = Math.max(1, Math.ceil(nq * FUZZY_MIN_SCORE - 1e-9));
    const lists = query.map((code) => [this.offsets[code]!, this.offsets[code + 1]!] as const).sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
    const counted = lists.slice(0, nq - minCommon + 1);
    const probed = lists.slice(nq - minCommon + 1);
    let work = 0;
    for (const [lo, hi] of counted) work += hi - lo;
    if (work > FUZZY_MAX_POSTINGS) return null;
    // Per distinct-trigram count of a key, the shared trigrams it needs (fewestSharedToPass), and whether
    // word_similarity can matter (its bound shared / nq above the exact similarity).
    const need = new Float64Array(256).fill(-1);
    const needed = (n: number) => (need[n]! >= 0 ? need[n]! : (need[n] = Math.max(minCommon, fewestSharedToPass(nq, n, FUZZY_MIN_SCORE))));
    for (const code of query) this.wanted[code] = 1;
    const counts = this.counts;
    const touched = this.touched;
    let inWindow = 0;
    try {
      const built: FuzzyHit[] = [];
      const cursor = counted.map(([lo]) => lo);
      const probeAt = probed.map(([lo]) => lo);
      // Rows in windows of ascending row numbers, so the lookup stops once `limit` rows are found: each
      // window counts its share of every counted list, then walks its rows in order.
      for (;;) {
        let start = Number.POSITIVE_INFINITY;
        for (let i = 0; i < counted.length; i++) if (cursor[i]! < counted[i]![1]) start = Math.min(start, this.rows[cursor[i]!]!);
        if (start === Number.POSITIVE_INFINITY || built.length >= limit) break;
        const end = start + WINDOW;
        inWindow = 0;
        for (let i = 0; i < counted.length; i++) {
          const hi = counted[i]![1];
          let k = cursor[i]!;
          for (; k < hi; k++) {
            const row = this.rows[k]!;
            if (row >= end) break;
            const had = counts[row]!;
            counts[row] = had + 1;
            if (had === 0) touched[inWindow++] = row;
          }
          cursor[i] = k;
        }
        const inOrder = touched.subarray(0, inWindow).sort();
        for (let t = 0; t < inWindow && built.length < limit; t++) {
          const row = inOrder[t]!;
          const fewest = needed(this.distinct[row]!);
          let shared = counts[row]!;
          if (shared + probed.length < fewest || !builtAllowed(row)) continue;
          for (let i = 0; i < probed.length; i++) {
            if (this.holds(probed[i]![1], probeAt, i, row)) shared++;
            else if (shared + probed.length - i - 1 < fewest) break;
          }
          if (shared < fewest) continue;
          const score = this.scoreCounted(keyOf(row), shared, nq, this.distinct[row]!);
          if (score !== null) built.push({ row, score });
        }
        for (let t = 0; t < inWindow; t++) counts[touched[t]!] = 0;
        inWindow = 0;
      }
      const others: FuzzyHit[] = [];
      for (const row of [...scanned, ...this.odd.filter(builtAllowed)].sort((a, b) => a - b)) {
        const score = this.score(keyOf(row), key, nq);
        if (score !== null) others.push({ row, score });
      }
      return { built, scanned: others };
    } finally {
      for (const code of query) this.wanted[code] = 0;
      for (let t = 0; t < inWindow; t++) counts[touched[t]!] = 0;
    }
  }

  /**
   * Whether the postings slice from `at[i]` to `hi` holds `row`. Rows are asked in ascending order, so
   * the slice's start moves up to the place found; the search gallops from there (steps 1, 2, 4, …, then
   * halves), as the next row asked is usually a few postings on: a typo's lookup probes tens of thousands
   * of rows against lists of up to 200,000, where a binary search over the rest took 17 steps a probe.
   */
  private holds(hi: number, at: number[], i: number, row: number): boolean {
    let a = at[i]!;
    if (a < hi && this.rows[a]! < row) {
      // rows[a] < row: find b with rows[b] >= row (or hi), then search between.
      let step = 1;
      let b = a + 1;
      while (b < hi && this.rows[b]! < row) {
        a = b;
        step *= 2;
        b = a + step;
      }
      a++;
      if (b > hi) b = hi;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (this.rows[mid]! < row) a = mid + 1;
        else b = mid;
      }
    }
    at[i] = a;
    return a < hi && this.rows[a] === row;
  }

  /**
   * The fuzzy score of a built row's plain key sharing `shared` of the query's `nq` trigrams (its own
   * `distinct`), or null when it does not pass: similarity is exact from the counts; word_similarity is
   * read from the key only when its bound (shared / nq) could change the answer.
   */
  private scoreCounted(pnKey: string, shared: number, nq: number, distinct: number): number | null {
    const sim = similarityOfCounts(shared, nq, distinct);
    if (Math.fround(shared / nq) <= sim) return fuzzyPasses(sim, sim, FUZZY_MIN_SCORE) ? sim : null;
    const wordSim = extentSimilarity(codesInOrder(pnKey, this.seq), this.inQuery, nq, this.lastSeen);
    return fuzzyPasses(sim, wordSim, FUZZY_MIN_SCORE) ? Math.max(sim, wordSim) : null;
  }

  /** The fuzzy score of a product's key against the query (its trigrams in `wanted`), or null when it does not pass. */
  private score(pnKey: string, key: string, nq: number): number | null {
    if (!isPlainKey(pnKey)) {
      // Another character than A-Z and 0-9 (never written by partNumberKey): pg_trgm's rules on the strings.
      const sim = similarity(pnKey, key);
      const wordSim = wordSimilarity(key, pnKey);
      return fuzzyPasses(sim, wordSim, FUZZY_MIN_SCORE) ? Math.max(sim, wordSim) : null;
    }
    const seq = codesInOrder(pnKey, this.seq);
    // Distinct trigrams of the key, and those shared with the query (lastSeen as a visited mark).
    let distinct = 0;
    let shared = 0;
    for (const code of seq) {
      if (this.lastSeen[code] === -2) continue;
      this.lastSeen[code] = -2;
      distinct++;
      if (this.wanted[code]) shared++;
    }
    for (const code of seq) this.lastSeen[code] = -1;
    const sim = similarityOfCounts(shared, nq, distinct);
    const wordSim = extentSimilarity(seq, this.inQuery, nq, this.lastSeen);
    return fuzzyPasses(sim, wordSim, FUZZY_MIN_SCORE) ? Math.max(sim, wordSim) : null;
  }
}
