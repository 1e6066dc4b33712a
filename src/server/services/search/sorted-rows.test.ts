import { describe, expect, it } from 'vitest';
import { mergeSorted, moveRow, resorted, smallestInOrder, withoutRows } from './sorted-rows';

const byValue = (values: number[]) => (a: number, b: number) => values[a]! - values[b]! || a - b;

describe('sorted rows', () => {
  it('drops the marked rows and keeps the order', () => {
    const marks = new Uint8Array(6);
    marks[2] = marks[5] = 1;
    expect([...withoutRows(Int32Array.from([5, 0, 2, 4, 1, 3]), marks)]).toEqual([0, 4, 1, 3]);
  });

  it('merges two sorted lists, the first list first on a tie', () => {
    const values = [1, 3, 3, 5, 0, 9];
    const tieFirst = (a: number, b: number) => values[a]! - values[b]!;
    expect([...mergeSorted(Int32Array.from([0, 1, 3]), Int32Array.from([4, 2, 5]), tieFirst)]).toEqual([4, 0, 1, 2, 3, 5]);
  });

  it.each([
    { name: 'a row moves down', values: [5, 1, 2, 9, 4], changed: [0], now: [50, 1, 2, 9, 4] },
    { name: 'a row moves up, another leaves', values: [5, 1, 2, 9, 4], changed: [3, 2], now: [5, 1, 2, 0, 4], gone: [2] },
    { name: 'equal values tie by row', values: [3, 3, 3, 1, 2], changed: [0, 4], now: [3, 3, 3, 1, 3] },
    { name: 'nothing changed', values: [4, 3, 2], changed: [], now: [4, 3, 2] },
  ])('places changed rows where a fresh sort would ($name)', ({ values, changed, now, gone = [] }) => {
    const rows = Int32Array.from(values.keys()).sort(byValue(values));
    const marks = new Uint8Array(values.length);
    for (const r of changed) marks[r] = 1;
    const expected = Int32Array.from(now.keys())
      .filter((r) => !gone.includes(r))
      .sort(byValue(now));
    expect([...resorted(rows, changed, (r) => !gone.includes(r), marks, byValue(now))]).toEqual([...expected]);
  });

  it.each([
    { name: 'to the end', values: [1, 2, 3, 4, 5], row: 0, now: 9 },
    { name: 'to the start', values: [1, 2, 3, 4, 5], row: 4, now: 0 },
    { name: 'into the middle', values: [1, 2, 3, 4, 5], row: 1, now: 3.5 },
    { name: 'a tie, by row', values: [1, 2, 3, 4, 5], row: 4, now: 2 },
    { name: 'not moving', values: [1, 2, 3], row: 1, now: 2 },
  ])('moves one row in place as a fresh sort would place it ($name)', ({ values, row, now }) => {
    const rows = Int32Array.from(values.keys()).sort(byValue(values));
    const places = new Int32Array(values.length);
    rows.forEach((r, i) => (places[r] = i));
    const changed = [...values];
    changed[row] = now;
    moveRow(rows, places, row, byValue(changed));
    const expected = Int32Array.from(changed.keys()).sort(byValue(changed));
    expect([...rows]).toEqual([...expected]);
    expected.forEach((r, i) => expect(places[r]).toBe(i));
  });
});

describe('the k smallest first, in order', () => {
  const random = (seed: number) => () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 100000;
  it.each([
    { name: 'fewer values than asked', values: [5, 3, 9], k: 5 },
    { name: 'exactly as many', values: [4, 1, 3], k: 3 },
    { name: 'one of many', values: [8, 2, 7, 1, 9], k: 1 },
    { name: 'ascending already', values: [1, 2, 3, 4, 5, 6, 7, 8], k: 3 },
    { name: 'descending', values: [9, 8, 7, 6, 5, 4, 3, 2, 1, 0], k: 4 },
    { name: 'repeats', values: [3, 1, 3, 1, 2, 2, 3, 1], k: 5 },
    { name: 'none asked', values: [3, 2], k: 0 },
    { name: 'many unique', values: Array.from(new Set(Array.from({ length: 3000 }, random(7)))), k: 151 },
    { name: 'many with repeats', values: Array.from({ length: 5000 }, () => 0).map((_, i) => (i * 7919) % 613), k: 400 },
  ])('$name', ({ values, k }) => {
    // Room past n: what lies beyond is never read.
    const a = Int32Array.from([...values, -1, -1]);
    const n = values.length;
    const taken = smallestInOrder(a, n, k);
    const expected = [...values].sort((x, y) => x - y).slice(0, Math.max(0, k));
    expect(taken).toBe(expected.length);
    expect([...a.subarray(0, taken)]).toEqual(expected);
    expect([...a.subarray(0, n)].sort((x, y) => x - y)).toEqual([...values].sort((x, y) => x - y));
  });
});
