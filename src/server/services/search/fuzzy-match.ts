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
 * the first letter) are checked by binary search on the rows found. The rows found are then scored
 * exactly (trigram-similarity.ts).
 */
import { extentSimilarity, fuzzyPasses, similarity, similarityOfCounts, wordSimilarity } from '../../../lib/trigram-similarity';
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
  const n = key.length + 3;
  const at = (i: number) => (i < 2 || i === n - 1 ? 0 : symbolOf(key.charCodeAt(i - 2)));
  let a = at(0);
  let b = at(1);
  for (let i = 2; i < n; i++) {
    const c = at(i);
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

  private constructor(
    /** Per trigram number, its rows' slice of `rows` (CSR). */
    private readonly offsets: Int32Array,
    private readonly rows: Int32Array,
    /** Rows whose key is not plain (none from partNumberKey): scored on every lookup. */
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
    const odd: number[] = [];
    const seq: number[] = [];
    for (let row = 0; row < keys.length; row++) {
      if (row % CHECK === 0 && slices.due()) await slices.pause();
      const key = keys[row]!;
      if (!isPlainKey(key)) {
        odd.push(row);
        continue;
      }
      for (const code of codesInOrder(key, seq)) {
        if (stamp[code] === row) continue;
        stamp[code] = row;
        perCode[code + 1]!++;
      }
    }
    for (let c = 0; c < CODES; c++) perCode[c + 1]! += perCode[c]!;
    const rows = new Int32Array(perCode[CODES]!);
    const fill = perCode.slice(0, CODES);
    stamp.fill(-1);
    for (let row = 0; row < keys.length; row++) {
      if (row % CHECK === 0 && slices.due()) await slices.pause();
      const key = keys[row]!;
      if (!isPlainKey(key)) continue;
      for (const code of codesInOrder(key, seq)) {
        if (stamp[code] === row) continue;
        stamp[code] = row;
        rows[fill[code]!++] = row;
      }
    }
    return new FuzzyKeys(perCode, rows, odd, keys.length);
  }

  /** Bytes held (postings and scratch), for the index's size notes. */
  get bytes(): number {
    return this.offsets.byteLength + this.rows.byteLength + this.counts.byteLength + this.wanted.byteLength + this.lastSeen.byteLength;
  }

  /**
   * The built rows (allowed by `builtAllowed`) and `scanned` rows (the overlay: keys read from `keyOf`)
   * whose key is a fuzzy match of `key`, each list in row order; null when the lookup would count more
   * than FUZZY_MAX_POSTINGS postings (the caller asks the SQL).
   */
  lookup(
    key: string,
    keyOf: (row: number) => string,
    builtAllowed: (row: number) => boolean,
    scanned: readonly number[],
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
    for (const code of query) this.wanted[code] = 1;
    const counts = this.counts;
    const touched: number[] = [];
    try {
      for (const [lo, hi] of counted) {
        for (let k = lo; k < hi; k++) {
          const row = this.rows[k]!;
          const had = counts[row]!;
          counts[row] = had + 1;
          if (had === 0) touched.push(row);
        }
      }
      // Only rows that can still reach minCommon are sorted (a native sort of a typed array) and probed.
      const hopeful = new Int32Array(touched.length);
      let kept = 0;
      for (const row of touched) {
        if (counts[row]! + probed.length >= minCommon) hopeful[kept++] = row;
      }
      const rowsInOrder = hopeful.subarray(0, kept).sort();
      const built: FuzzyHit[] = [];
      for (const row of rowsInOrder) {
        let shared = counts[row]!;
        if (!builtAllowed(row)) continue;
        for (let i = 0; i < probed.length; i++) {
          if (this.holds(probed[i]!, row)) shared++;
          else if (shared + probed.length - i - 1 < minCommon) break;
        }
        if (shared < minCommon) continue;
        const score = this.score(keyOf(row), key, nq);
        if (score !== null) built.push({ row, score });
      }
      const others: FuzzyHit[] = [];
      for (const row of [...scanned, ...this.odd.filter(builtAllowed)].sort((a, b) => a - b)) {
        const score = this.score(keyOf(row), key, nq);
        if (score !== null) others.push({ row, score });
      }
      return { built, scanned: others };
    } finally {
      for (const code of query) this.wanted[code] = 0;
      for (const row of touched) counts[row] = 0;
    }
  }

  /** Whether the postings slice [lo, hi) holds `row` (binary search: rows ascend). */
  private holds([lo, hi]: readonly [number, number], row: number): boolean {
    let a = lo;
    let b = hi;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (this.rows[mid]! < row) a = mid + 1;
      else b = mid;
    }
    return a < hi && this.rows[a] === row;
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
    const wordSim = extentSimilarity(seq, (code) => this.wanted[code] === 1, nq, this.lastSeen);
    return fuzzyPasses(sim, wordSim, FUZZY_MIN_SCORE) ? Math.max(sim, wordSim) : null;
  }
}
