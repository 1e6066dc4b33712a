import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it.each([
    [1, 1, 3, [1]],
    [1, 10, 3, [1, 2, 3, 4, 10]],
    [6, 12, 3, [1, 3, 4, 5, 6, 7, 8, 9, 12]],
    [12, 12, 3, [1, 9, 10, 11, 12]],
    [5, 10, 1, [1, 4, 5, 6, 10]],
    [40, 5, 3, [1, 2, 3, 4, 5]],
    [1, 0, 3, []],
  ])('page %i of %i with %i siblings', (page, pages, siblings, expected) => {
    expect(pageWindow(page, pages, siblings)).toEqual(expected);
  });
});
