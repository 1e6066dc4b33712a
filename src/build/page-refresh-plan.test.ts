import { describe, expect, it } from 'vitest';
import { planPageRefresh, type PageRefreshInput } from './page-refresh-plan';

const T1 = '2026-11-26 06:00:01.000001+00';
const T2 = '2026-11-26 06:00:02.5+00';
const T3 = '2026-11-26 06:00:03+00';
const none: PageRefreshInput = { changed: [], truncated: false, done: new Map(), limit: 2 };

describe('planPageRefresh: which product pages a refresher pass renders again', () => {
  const cases: [string, Partial<PageRefreshInput>, { refresh: string[]; leftToRebuild: string[]; done: [string, string][] }][] = [
    ['nothing changed', {}, { refresh: [], leftToRebuild: [], done: [] }],
    [
      'a saved price: that product',
      { changed: [{ slug: 'lm358', updatedAt: T1 }] },
      { refresh: ['lm358'], leftToRebuild: [], done: [['lm358', T1]] },
    ],
    [
      'a change already refreshed is not rendered again (the window looks back a few seconds)',
      { changed: [{ slug: 'lm358', updatedAt: T1 }], done: new Map([['lm358', T1]]) },
      { refresh: [], leftToRebuild: [], done: [['lm358', T1]] },
    ],
    [
      'a newer change of a refreshed product is rendered again',
      { changed: [{ slug: 'lm358', updatedAt: T2 }], done: new Map([['lm358', T1]]) },
      { refresh: ['lm358'], leftToRebuild: [], done: [['lm358', T2]] },
    ],
    [
      'a product changed twice in the window: once, at its newest change',
      {
        changed: [
          { slug: 'lm358', updatedAt: T3 },
          { slug: 'ne555', updatedAt: T2 },
          { slug: 'lm358', updatedAt: T1 },
        ],
      },
      {
        refresh: ['lm358', 'ne555'],
        leftToRebuild: [],
        done: [
          ['lm358', T3],
          ['ne555', T2],
        ],
      },
    ],
    [
      'more products than the limit: all left to the rebuild, and remembered as handled',
      {
        changed: [
          { slug: 'a', updatedAt: T3 },
          { slug: 'b', updatedAt: T2 },
          { slug: 'c', updatedAt: T1 },
        ],
        done: new Map([['c', T1]]),
        limit: 1,
      },
      {
        refresh: [],
        leftToRebuild: ['a', 'b'],
        done: [
          ['a', T3],
          ['b', T2],
          ['c', T1],
        ],
      },
    ],
    [
      'a cut window (a bulk change under way): nothing rendered one by one, nothing forgotten',
      { changed: [{ slug: 'a', updatedAt: T3 }], truncated: true, done: new Map([['old', T1]]) },
      {
        refresh: [],
        leftToRebuild: ['a'],
        done: [
          ['old', T1],
          ['a', T3],
        ],
      },
    ],
    [
      'changes that left the window are forgotten',
      { changed: [{ slug: 'a', updatedAt: T3 }], done: new Map([['old', T1]]) },
      { refresh: ['a'], leftToRebuild: [], done: [['a', T3]] },
    ],
  ];
  for (const [name, input, want] of cases)
    it(name, () => {
      const plan = planPageRefresh({ ...none, ...input });
      expect({ refresh: plan.refresh, leftToRebuild: plan.leftToRebuild, done: [...plan.done] }).toEqual(want);
    });
});
