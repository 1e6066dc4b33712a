import { describe, expect, it } from 'vitest';
import { addEntry, decodeList, removeEntry, toEntry, type ListEntry } from './lists-state';

const entry = (id: number): ListEntry => ({
  id,
  slug: `p-${id}`,
  partNumber: `PN${id}`,
  name: `P${id}`,
  nameFa: `کالا ${id}`,
  image: null,
});

describe('wishlist and compare lists', () => {
  it.each([
    { name: 'adds to an empty list', list: [], add: 1, limit: 4, outcome: 'added', ids: [1] },
    { name: 'appends in the order added', list: [1, 2], add: 3, limit: 4, outcome: 'added', ids: [1, 2, 3] },
    { name: 'skips a product already listed', list: [1, 2], add: 2, limit: 4, outcome: 'duplicate', ids: [1, 2] },
    { name: 'refuses beyond the cap', list: [1, 2, 3, 4], add: 5, limit: 4, outcome: 'full', ids: [1, 2, 3, 4] },
    {
      name: 'a duplicate of a full list is still a duplicate',
      list: [1, 2, 3, 4],
      add: 4,
      limit: 4,
      outcome: 'duplicate',
      ids: [1, 2, 3, 4],
    },
  ])('$name', ({ list, add, limit, outcome, ids }) => {
    const result = addEntry(list.map(entry), entry(add), limit);
    expect(result.outcome).toBe(outcome);
    expect(result.list.map((e) => e.id)).toEqual(ids);
  });

  it.each([
    { list: [1, 2, 3], remove: 2, ids: [1, 3] },
    { list: [1, 2, 3], remove: 9, ids: [1, 2, 3] },
    { list: [], remove: 1, ids: [] },
  ])('removes by product id: $list − $remove', ({ list, remove, ids }) => {
    expect(removeEntry(list.map(entry), remove).map((e) => e.id)).toEqual(ids);
  });

  it('leaves the same list object when nothing was removed (no needless store write)', () => {
    const list = [entry(1)];
    expect(removeEntry(list, 2)).toBe(list);
  });

  it.each([
    {
      name: 'a card snapshot',
      value: { id: '7', slug: 'lm358', partNumber: 'LM358', name: 'LM358', nameFa: 'آی‌سی', image: '/a.png' },
      ok: true,
    },
    { name: 'no id', value: { slug: 'x' }, ok: false },
    { name: 'id zero', value: { id: 0, slug: 'x' }, ok: false },
    { name: 'fractional id', value: { id: 1.5, slug: 'x' }, ok: false },
    { name: 'empty slug', value: { id: 3, slug: '' }, ok: false },
    { name: 'not an object', value: 'lm358', ok: false },
    { name: 'null', value: null, ok: false },
  ])('reads $name', ({ value, ok }) => {
    expect(toEntry(value) !== null).toBe(ok);
  });

  it.each([
    { name: 'nothing stored', text: undefined, ids: [] },
    { name: 'broken JSON', text: '{[', ids: [] },
    { name: 'not a list', text: '{"id":1}', ids: [] },
    { name: 'a good list', text: JSON.stringify([entry(1), entry(2)]), ids: [1, 2] },
    { name: 'junk and duplicates dropped', text: JSON.stringify([entry(1), { id: 'x' }, entry(1), entry(3)]), ids: [1, 3] },
    { name: 'cut to the cap', text: JSON.stringify([1, 2, 3, 4, 5, 6].map(entry)), ids: [1, 2, 3, 4] },
  ])('decodes $name', ({ text, ids }) => {
    expect(decodeList(text, 4).map((e) => e.id)).toEqual(ids);
  });
});
