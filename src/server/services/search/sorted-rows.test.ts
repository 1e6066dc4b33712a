import { describe, expect, it } from 'vitest';
import { mergeSorted, moveRow, resorted, withoutRows } from './sorted-rows';

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
