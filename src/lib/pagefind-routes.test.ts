import { describe, expect, it } from 'vitest';
import { bundlesForQuery, planBundles, rangeMeets, routePrefix, routesFile, routeWords, type SearchRoutes } from './pagefind-routes';
import { pagefindSearchField } from './pagefind-query';

describe('routePrefix', () => {
  it.each([
    ['lm358', 'lm358'],
    ['regulators', 'regulator'],
    ['battery', 'batter'],
    ['batteries', 'batter'],
    ['amplifiers', 'amplifi'],
    ['amp', 'amp'], // too short to cut
    ['dual', 'dual'],
    ['مقاومت', 'مقاومت'], // Persian words are not stemmed
    ['1n4148', '1n4148'],
  ])('%s → %s', (token, prefix) => expect(routePrefix(token)).toBe(prefix));
});

describe('rangeMeets', () => {
  it.each([
    ['lm', 'lm358n', 'lm3', true], // inside
    ['lm358n', 'lmv321', 'lm', true], // the range's first word starts with the prefix
    ['la', 'lk', 'lm', false], // before
    ['ln', 'lz', 'lm', false], // after, not starting with it
    ['a', 'z', 'lm', true], // spans it
    ['lm358', 'lm358', 'lm358', true], // a one-word range
    ['lm358', 'lm358', 'lm3581', false], // a longer token than the only word
  ])('[%s, %s] meets %s: %s', (from, to, prefix, meets) => expect(rangeMeets(from, to, prefix)).toBe(meets));
});

describe('planBundles', () => {
  const words = (entries: Record<string, string>): [string, string[]][] =>
    Object.entries(entries).map(([slug, text]) => [slug, routeWords(text)]);
  it.each([
    ['one bundle while everything fits', { a: 'lm358 dual', b: 'ne555 timer' }, 3, [{ from: 'dual', to: 'timer', slugs: ['a', 'b'] }]],
    [
      'a range ends before the word that would pass the limit',
      { a: 'aa', b: 'ab', c: 'ac', d: 'ad' },
      2,
      [
        { from: 'aa', to: 'ab', slugs: ['a', 'b'] },
        { from: 'ac', to: 'ad', slugs: ['c', 'd'] },
      ],
    ],
    [
      'a product counted once per range, however many of its words are in it',
      { a: 'aa ab ac', b: 'ad', c: 'ae' },
      2,
      [
        { from: 'aa', to: 'ad', slugs: ['a', 'b'] },
        { from: 'ae', to: 'ae', slugs: ['c'] },
      ],
    ],
    [
      'a word in more products than the limit: a capped range of its first products',
      { a: 'x pack', b: 'y pack', c: 'z pack' },
      2,
      [
        { from: 'pack', to: 'pack', slugs: ['a', 'b'], capped: true },
        { from: 'x', to: 'y', slugs: ['a', 'b'] },
        { from: 'z', to: 'z', slugs: ['c'] },
      ],
    ],
  ])('%s', (_name, entries, limit, planned) =>
    // Common past the limit itself here, to show the cut; the default counts a word common far sooner.
    expect(planBundles(words(entries), limit, undefined, { over: limit, keep: limit })).toEqual(planned),
  );

  it('by default a word in more than a tenth of a bundle is common: a bundle of a sample of its products, out of the ranges', () => {
    const products: [string, string[]][] = Array.from({ length: 300 }, (_, i) => [
      `p${String(i).padStart(3, '0')}`,
      [`part${i}`, 'package'],
    ]);
    const planned = planBundles(products, 1000);
    const capped = planned.filter((b) => b.capped);
    expect(capped.map((b) => [b.from, b.slugs.length])).toEqual([['package', 240]]);
    // Every product is still in a whole bundle by its own part number, once.
    const whole = planned.filter((b) => !b.capped).flatMap((b) => b.slugs);
    expect(whole).toHaveLength(300);
    expect(new Set(whole).size).toBe(300);
  });

  it('splits a deeper prefix: a big "lm" group becomes ranges within it, and only words in the given range count', () => {
    const products: [string, string[]][] = Array.from({ length: 6 }, (_, i) => [`p${i}`, [`lm${i}00`, 'other']]);
    const planned = planBundles(products, 2, ['lm', 'lm~'], { over: 2, keep: 2 });
    expect(planned.map((b) => [b.from, b.to])).toEqual([
      ['lm000', 'lm100'],
      ['lm200', 'lm300'],
      ['lm400', 'lm500'],
    ]);
  });
});

describe('bundlesForQuery', () => {
  // What a shop's plan gives: part numbers, English and Persian words, a capped common word.
  const routes: SearchRoutes = routesFile([
    { name: 'b0', from: '1n4148', to: 'dual' },
    { name: 'b1', from: 'lm317', to: 'lm358n' },
    { name: 'b2', from: 'lm393', to: 'regulator' },
    { name: 'b3', from: 'texas', to: 'texas', capped: true },
    { name: 'b4', from: 'آپامپ', to: 'تقویت' },
    { name: 'b5', from: 'مقاومت', to: 'مقاومت' },
  ]);
  it.each([
    ['a whole part number', 'LM358N', ['b1'], false],
    ['a part number typed partly, in Persian digits', 'LM۳۵', ['b1'], false],
    ['a part number typed partly', 'lm3', ['b1', 'b2'], false],
    ['an English word, plural', 'regulators', ['b2'], false],
    ['a Persian word', 'مقاومت', ['b5'], false],
    ['a Persian word typed with Arabic letters and a ZWNJ', 'آي‌سي', ['b4'], false],
    ['a word no range holds: nothing to load', 'zener', [], false],
    ['the most selective word of several is taken', 'texas lm358', ['b1'], false],
    ['a common word alone: its capped bundle, shown as partial', 'Texas', ['b3'], true],
    ['an empty query', '  ', [], false],
    ['one letter meeting more ranges than a query loads', 'l', ['b1', 'b2'], false],
  ])('%s: %s', (_name, query, bundles, partial) => {
    expect(bundlesForQuery(routes, query)).toEqual({ bundles, partial });
  });

  it('a word of every product planned is routed to a bundle holding that product', () => {
    const texts: Record<string, string> = {
      lm358: pagefindSearchField(['LM358N', 'LM358N Dual op-amp', 'آی‌سی LM358N آپ‌امپ دوبل', 'Texas Instruments']),
      ne555: pagefindSearchField(['NE555P', 'NE555P Timer', 'آی‌سی تایمر NE555P', 'Texas Instruments']),
      r10k: pagefindSearchField(['R-10K', 'Resistor 10k ohm', 'مقاومت ۱۰ کیلو اهم', 'Yageo']),
    };
    const planned = planBundles(
      Object.entries(texts).map(([slug, text]) => [slug, routeWords(text)]),
      2,
      undefined,
      { over: 2, keep: 2 },
    );
    expect(planned.some((b) => b.capped)).toBe(false);
    const table = routesFile(planned.map((b, n) => ({ name: `b${n}`, from: b.from, to: b.to, capped: b.capped })));
    for (const [slug, text] of Object.entries(texts))
      for (const word of routeWords(text)) {
        const { bundles } = bundlesForQuery(table, word);
        const holding = bundles.flatMap((name) => planned[Number(name.slice(1))]!.slugs);
        expect(holding, `${slug} by ${word}`).toContain(slug);
      }
  });
});
