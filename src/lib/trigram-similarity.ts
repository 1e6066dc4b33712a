/**
 * pg_trgm's `similarity` and `word_similarity` as plain functions, so the search can answer a typo in
 * memory (services/search/fuzzy-match.ts) exactly as its SQL does (match-sql.ts's fuzzy branch).
 *
 * How pg_trgm reads text: words are the runs of letters and digits, lower-cased; each word is padded
 * with two spaces before and one after ("lm358" → "  lm358 ") and cut into every run of three
 * characters ("  l", " lm", "lm3", "m35", "358", "58 "). Results are single-precision floats (float4)
 * as PostgreSQL returns them, and are compared with the thresholds as PostgreSQL compares them
 * (the float4 widened to double).
 */

/** pg_trgm.similarity_threshold on our connections (db/client.ts): the `%` operator's cut-off. */
export const SIMILARITY_THRESHOLD = 0.25;
/** pg_trgm.word_similarity_threshold on our connections: the `<%` operator's cut-off. */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

const f32 = Math.fround;

/** The words pg_trgm sees, lower-cased. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Every trigram of the text, word by word, in order, repeats kept (pg_trgm's generate_trgm_only). */
export function trigramsInOrder(text: string): string[] {
  const out: string[] = [];
  for (const word of wordsOf(text)) {
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** The distinct trigrams of the text (what `show_trgm` lists). */
export function trigramSet(text: string): Set<string> {
  return new Set(trigramsInOrder(text));
}

/** Shared trigrams over all distinct ones of both, as float4; 0 when either has none. */
export function similarityOfCounts(common: number, a: number, b: number): number {
  if (a <= 0 || b <= 0) return 0;
  return f32(common / (a + b - common));
}

/** pg_trgm's similarity(a, b). */
export function similarity(a: string, b: string): number {
  const sa = trigramSet(a);
  const sb = trigramSet(b);
  let common = 0;
  for (const t of sa) if (sb.has(t)) common++;
  return similarityOfCounts(common, sa.size, sb.size);
}

/**
 * The extent rule behind word_similarity, over the text's trigrams given as small integers (`seq`, in
 * order, repeats kept): the greatest similarity between the query's trigram set (`inQuery`, of
 * `queryCount` distinct trigrams) and a run of consecutive text trigrams, found as pg_trgm finds it —
 * each time the run reaches a trigram of the query, its end moves there and its start moves forward
 * while that raises the score; trigrams before the first query trigram never count. `lastSeen` is
 * scratch of at least (largest id + 1) entries, all -1, and is left so.
 */
export function extentSimilarity(
  seq: ArrayLike<number>,
  inQuery: (id: number) => boolean,
  queryCount: number,
  lastSeen: Int32Array,
): number {
  let distinct = 0; // distinct trigrams in the run
  let shared = 0; // of those, the query's
  let start = -1;
  let best = 0;
  for (let i = 0; i < seq.length; i++) {
    const id = seq[i]!;
    const wanted = inQuery(id);
    if (start >= 0 || wanted) {
      if (lastSeen[id]! < 0) {
        distinct++;
        if (wanted) shared++;
      }
      lastSeen[id] = i;
    }
    if (!wanted) continue;
    if (start < 0) {
      start = i;
      distinct = 1;
    }
    let score = f32(shared / (queryCount + distinct - shared));
    // Later starts: a trigram leaves the run when the start passes its last place in it.
    let tryShared = shared;
    let tryDistinct = distinct;
    const oldStart = start;
    for (let s = oldStart; s <= i; s++) {
      const candidate = f32(tryShared / (queryCount + tryDistinct - tryShared));
      if (candidate > score) {
        score = candidate;
        distinct = tryDistinct;
        shared = tryShared;
        start = s;
      }
      const at = seq[s]!;
      if (lastSeen[at] === s) {
        tryDistinct--;
        if (inQuery(at)) tryShared--;
      }
    }
    if (score > best) best = score;
    // Trigrams left behind by the new start are forgotten.
    for (let s = oldStart; s < start; s++) {
      const at = seq[s]!;
      if (lastSeen[at] === s) lastSeen[at] = -1;
    }
  }
  for (let i = 0; i < seq.length; i++) lastSeen[seq[i]!] = -1;
  return best;
}

/** pg_trgm's word_similarity(query, text): how well the query matches some part of the text. */
export function wordSimilarity(query: string, text: string): number {
  const ids = new Map<string, number>();
  const idOf = (t: string) => {
    let id = ids.get(t);
    if (id === undefined) ids.set(t, (id = ids.size));
    return id;
  };
  const wanted = new Set(trigramsInOrder(query).map(idOf));
  const seq = trigramsInOrder(text).map(idOf);
  return extentSimilarity(seq, (id) => wanted.has(id), wanted.size, new Int32Array(ids.size).fill(-1));
}

/**
 * Whether a part number is a fuzzy match of the typed key, as match-sql.ts's fuzzy branch decides:
 * `pn_key % key or key <% pn_key` (the thresholds above) and the greater score at least `minScore`.
 */
export function fuzzyPasses(sim: number, wordSim: number, minScore: number): boolean {
  return (sim >= SIMILARITY_THRESHOLD || wordSim >= WORD_SIMILARITY_THRESHOLD) && Math.max(sim, wordSim) >= f32(minScore);
}

/**
 * The fewest trigrams a text of `textCount` distinct trigrams must share with a query of `queryCount`
 * for fuzzyPasses to be possible; Infinity when no count can. With `shared` known, similarity is exact
 * (shared / (queryCount + textCount − shared)) and word_similarity is at most shared / queryCount (a run
 * of the text holds at most the shared trigrams and at least as many distinct ones), so this is the
 * smallest `shared` passing with those two: a text much longer than the query cannot reach the
 * similarity cut-off and needs the word_similarity one (0.45 of the query), one much shorter cannot
 * share enough. Both bounds grow with `shared`, so the first count that passes is the answer.
 */
export function fewestSharedToPass(queryCount: number, textCount: number, minScore: number): number {
  for (let shared = 1; shared <= Math.min(queryCount, textCount); shared++) {
    if (fuzzyPasses(similarityOfCounts(shared, queryCount, textCount), f32(shared / queryCount), minScore)) return shared;
  }
  return Number.POSITIVE_INFINITY;
}
