/**
 * Keeping a sorted list of rows sorted when a few rows change (the listing and suggestion indexes' patches): the changed rows
 * are taken out in one pass and put back, sorted, in one merge, instead of sorting a million rows again.
 */

/** `sorted` without the rows marked in `drop` (a mark per row), order kept. */
export function withoutRows(sorted: Int32Array, drop: Uint8Array): Int32Array {
  let kept = 0;
  for (let i = 0; i < sorted.length; i++) if (!drop[sorted[i]!]) kept++;
  const out = new Int32Array(kept);
  let k = 0;
  for (let i = 0; i < sorted.length; i++) {
    const row = sorted[i]!;
    if (!drop[row]) out[k++] = row;
  }
  return out;
}

/** Two lists sorted by `compare` as one sorted list; on a tie the row of `a` comes first. */
export function mergeSorted(a: Int32Array, b: Int32Array, compare: (x: number, y: number) => number): Int32Array {
  if (!b.length) return a;
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** `sorted` with `changed` rows (in any order) taken out and put back where `compare` places them now. */
export function resorted(
  sorted: Int32Array,
  changed: readonly number[],
  stillIn: (row: number) => boolean,
  marks: Uint8Array,
  compare: (x: number, y: number) => number,
): Int32Array {
  const kept = withoutRows(sorted, marks);
  const back = Int32Array.from(changed.filter(stillIn)).sort(compare);
  return mergeSorted(kept, back, compare);
}

/**
 * One row moved, in place, to where `compare` places it now (the other rows sorted as they were), with
 * `places` (each row's place in `sorted`) kept true: a binary search and one block move, no new list.
 */
export function moveRow(sorted: Int32Array, places: Int32Array, row: number, compare: (x: number, y: number) => number): void {
  const from = places[row]!;
  // Its new place: how many of the other rows come before it.
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid < from ? mid : mid + 1]!, row) < 0) lo = mid + 1;
    else hi = mid;
  }
  const to = lo;
  if (to === from) return;
  if (to > from) sorted.copyWithin(from, from + 1, to + 1);
  else sorted.copyWithin(to + 1, to, from);
  sorted[to] = row;
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) places[sorted[i]!] = i;
}

/**
 * Puts the `k` smallest of `a[0..n)` first, in ascending order, and says how many that is (min(k, n)):
 * a selection (quickselect, median of three) then a sort of those only.
 */
export function smallestInOrder(a: Int32Array, n: number, k: number): number {
  if (k <= 0) return 0;
  if (n <= k) {
    a.subarray(0, n).sort();
    return n;
  }
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot, left at `hi`.
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[mid]! < a[hi]!) swap(a, mid, hi);
    const pivot = a[hi]!;
    let store = lo;
    for (let i = lo; i < hi; i++) if (a[i]! < pivot) swap(a, i, store++);
    swap(a, store, hi);
    if (store === k - 1 || store === k) break;
    if (store < k) lo = store + 1;
    else hi = store - 1;
  }
  a.subarray(0, k).sort();
  return k;
}

function swap(a: Int32Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
