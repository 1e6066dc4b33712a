import { describe, expect, it } from 'vitest';
import { sortIndicesInSlices, TimeSlices } from './time-slices';

/** A deterministic pseudo-random sequence (the same cases every run). */
function numbers(n: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: n }, () => (x = (x * 1103515245 + 12345) % 2 ** 31) % 1000);
}

describe('sorting indices in slices', () => {
  const cases: [string, number][] = [
    ['empty', 0],
    ['one', 1],
    ['within one run', 5000],
    ['exactly one run', 8192],
    ['several runs, the last one short', 50_001],
    ['runs merged over several widths', 140_000],
  ];
  it.each(cases)('%s: the order of a plain sort, ties broken by index', async (_, n) => {
    const values = numbers(n, n + 7);
    const keys = values.map((v) => `k${v}`);
    const compare = (a: number, b: number) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b);
    const plain = Int32Array.from({ length: n }, (_, i) => i).sort(compare);
    expect(await sortIndicesInSlices(n, compare, new TimeSlices())).toEqual(plain);
  });

  it('lets the event loop run while it sorts', async () => {
    const n = 200_000;
    const values = numbers(n, 3);
    let ran = 0;
    const timer = setInterval(() => ran++, 0);
    try {
      // Slices of no time at all: it pauses at every check.
      await sortIndicesInSlices(n, (a, b) => values[a]! - values[b]! || a - b, new TimeSlices(0));
    } finally {
      clearInterval(timer);
    }
    expect(ran).toBeGreaterThan(0);
  });
});
