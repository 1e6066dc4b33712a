import { describe, expect, it } from 'vitest';
import { isValidCategoryParent, placeUnder } from './category-move';

describe('isValidCategoryParent', () => {
  it.each([
    ['/3/', null, true],
    ['/3/', '/4/', true],
    ['/3/', '/3/', false],
    ['/3/', '/3/17/', false],
    ['/3/17/', '/3/', true],
    ['/3/', '/33/', true],
    ['/3/17/', '/3/17/42/', false],
  ])('moving %s under %s is %s', (moved, parent, ok) => {
    expect(isValidCategoryParent(moved, parent)).toBe(ok);
  });
});

describe('placeUnder', () => {
  it.each([
    [5, null, { path: '/5/', depth: 0 }],
    [5, { path: '/3/', depth: 0 }, { path: '/3/5/', depth: 1 }],
    [9, { path: '/3/5/', depth: 1 }, { path: '/3/5/9/', depth: 2 }],
  ])('category %s under %j', (id, parent, expected) => {
    expect(placeUnder(id, parent)).toEqual(expected);
  });
});
