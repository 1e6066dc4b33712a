import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './retry-backoff';

describe('retryDelaySeconds', () => {
  const cases: [attemptsMade: number, base: number, max: number, cap: number | undefined, expected: number | null][] = [
    [1, 30, 8, undefined, 30],
    [2, 30, 8, undefined, 60],
    [3, 30, 8, undefined, 120],
    [7, 30, 8, undefined, 1920],
    [8, 30, 8, undefined, null],
    [9, 30, 8, undefined, null],
    [20, 30, 30, undefined, 21600],
    [5, 10, 10, 60, 60],
    [1, 0.5, 3, undefined, 0.5],
    [0, 30, 8, undefined, 30],
  ];
  it.each(cases)(
    'after %i tries (base %is, at most %i tries, cap %s) waits %s',
    (attemptsMade, baseSeconds, maxAttempts, capSeconds, expected) => {
      expect(retryDelaySeconds(attemptsMade, { baseSeconds, maxAttempts, ...(capSeconds === undefined ? {} : { capSeconds }) })).toBe(
        expected,
      );
    },
  );
});
