import { describe, expect, it } from 'vitest';
import { encodeJson, isShared, shared, sharedWith } from './shared-json';

const card = (id: number) => ({
  id,
  name: `LM${id} op-amp`,
  nameFa: `آی‌سی تقویت‌کننده ${id}`,
  images: [{ src: `/media/${id}.svg`, alt: `LM${id}`, width: 400, height: 400 }],
  availabilityDate: null,
  prices: [{ minCount: 1, maxCount: null, minPrice: 4000 + id }],
  enable: true,
});

describe('encodeJson: the bytes of JSON.stringify, shared objects written from their kept bytes', () => {
  const a = shared(card(1));
  const b = shared(card(2));
  const sidebar = shared([{ type: 'check', slug: 'brand', items: [{ slug: 'ti', name: 'TI', count: 3 }], value: [] }]);
  const cases: [string, unknown][] = [
    ['a plain answer', { items: [card(3)], total: 1, page: 1 }],
    ['shared items', { items: [a, b, a], total: 3 }],
    ['items with their match kind', { items: [sharedWith(a, 'match', 'exact'), sharedWith(b, 'match', 'fuzzy')], total: 2 }],
    ['a shared sidebar and a shown card', { items: [a], filters: sidebar, sort: 'default' }],
    ['fields left out as JSON.stringify leaves them', { items: [a, undefined, () => 1], skipped: undefined, fn: () => 1, total: 0 }],
    ['shared objects deeper than items, written whole', { groups: [{ cards: [a, b] }], nested: { deeper: { card: a } } }],
    ['a date and a null', { at: new Date(Date.UTC(2026, 10, 28)), none: null, items: [] }],
    ['escapes in keys and text', { 'k"ey\n': 'متن «نقل»\u200c\\', items: [shared({ s: '\u2028\ud800' })] }],
    ['an array answer', [a, sharedWith(b, 'match', 'text'), 3, 'x']],
    ['a bare number', 42],
    ['empty shapes', { items: [], filters: [], o: {} }],
  ];
  it.each(cases)('%s', (_name, value) => {
    expect(encodeJson(value).toString('utf8')).toBe(JSON.stringify(value));
  });

  it('writes the bytes a shared object was given, not a new JSON of it', () => {
    const given = shared({ id: 7 }, Buffer.from('{"id":7,"from":"packed"}'));
    expect(JSON.parse(encodeJson({ items: [given, sharedWith(given, 'match', 'exact')] }).toString('utf8'))).toEqual({
      items: [
        { id: 7, from: 'packed' },
        { id: 7, from: 'packed', match: 'exact' },
      ],
    });
  });

  it('adds a field the base already has where the spread puts it (a plain copy, no kept bytes)', () => {
    const base = shared({ id: 1, match: 'text', name: 'x' });
    const item = sharedWith(base, 'match', 'exact');
    expect(isShared(item)).toBe(false);
    expect(encodeJson({ items: [item] }).toString('utf8')).toBe('{"items":[{"id":1,"match":"exact","name":"x"}]}');
  });

  it('the same card with the same match kind is one object, its JSON made once', () => {
    const base = shared({ id: 9, name: 'NE555' }, Buffer.from('{"id":9,"name":"NE555"}'));
    const first = sharedWith(base, 'match', 'family');
    expect(sharedWith(base, 'match', 'family')).toBe(first);
    expect(sharedWith(base, 'match', 'exact')).not.toBe(first);
    expect(encodeJson([first, sharedWith(base, 'match', 'exact')]).toString('utf8')).toBe(
      '[{"id":9,"name":"NE555","match":"family"},{"id":9,"name":"NE555","match":"exact"}]',
    );
  });

  it('a field added to an empty object, or named like an inherited one, is still the JSON of the spread', () => {
    const empty = shared({});
    const odd = shared({ id: 1 });
    const items = [sharedWith(empty, 'match', 'text'), sharedWith(odd, 'constructor', 'x'), sharedWith(odd, 'match', 'constructor')];
    expect(items[1]).toEqual({ id: 1, constructor: 'x' });
    expect(encodeJson({ items }).toString('utf8')).toBe(JSON.stringify({ items }));
  });

  it('a shared array or date with a field more is a plain copy', () => {
    const list = shared([1, 2]);
    const date = shared(new Date(0));
    const items = [sharedWith(list, 'match', 'text'), sharedWith(date, 'match', 'text')];
    expect(items.map(isShared)).toEqual([false, false]);
    expect(encodeJson({ items }).toString('utf8')).toBe(JSON.stringify({ items }));
  });

  it('an item made from an object that is not shared is a plain copy', () => {
    const base = { id: 1 };
    const item = sharedWith(base, 'match', 'fuzzy');
    expect(item).toEqual({ id: 1, match: 'fuzzy' });
    expect(encodeJson({ items: [item] }).toString('utf8')).toBe('{"items":[{"id":1,"match":"fuzzy"}]}');
  });
});
