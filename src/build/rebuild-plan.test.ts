import { describe, expect, it } from 'vitest';
import { categoryTrail, planRebuild, type RebuildPlanInput } from './rebuild-plan';

const manifest: RebuildPlanInput['manifest'] = {
  lm358: { hash: 'a', listings: ['ics', 'op-amps'] },
  ne555: { hash: 'b', listings: ['ics', 'timers'] },
  r10k: { hash: 'c', listings: ['passives', 'resistors'] },
};
const none: RebuildPlanInput = {
  manifest,
  fresh: new Map(),
  removed: [],
  categories: [],
  underCategories: [],
  categoryTrails: {},
  onRequest: false,
};

describe('planRebuild: which pages a change touches', () => {
  const cases: [string, Partial<RebuildPlanInput>, { render: string[]; forget: string[]; removed: string[]; listings: string[] }][] = [
    ['nothing changed', {}, { render: [], forget: [], removed: [], listings: [] }],
    [
      'a product whose data hash is the same is not rendered',
      { fresh: new Map([['lm358', { hash: 'a', listings: ['ics', 'op-amps'] }]]) },
      { render: [], forget: [], removed: [], listings: [] },
    ],
    [
      'a price change: its page and the listings it is on',
      { fresh: new Map([['lm358', { hash: 'a2', listings: ['ics', 'op-amps'] }]]) },
      { render: ['lm358'], forget: [], removed: [], listings: ['', 'ics', 'op-amps'] },
    ],
    [
      'a product moved to another category: the listings it left and the ones it joined',
      { fresh: new Map([['ne555', { hash: 'b2', listings: ['ics', 'op-amps'] }]]) },
      { render: ['ne555'], forget: [], removed: [], listings: ['', 'ics', 'op-amps', 'timers'] },
    ],
    [
      'a disabled product: its pages go, and its listings are rendered',
      { removed: ['r10k'] },
      { render: [], forget: [], removed: ['r10k'], listings: ['', 'passives', 'resistors'] },
    ],
    [
      'a product never built (rendered on request) that is disabled is removed too',
      { removed: ['unbuilt'] },
      { render: [], forget: [], removed: ['unbuilt'], listings: [''] },
    ],
    [
      'a renamed leaf category: its listing, its trail, and the product pages showing it in breadcrumbs',
      { categories: ['timers'], underCategories: ['ne555'], categoryTrails: { timers: ['ics', 'timers'] } },
      { render: ['ne555'], forget: [], removed: [], listings: ['', 'ics', 'timers'] },
    ],
    [
      'a category moved under another parent: old trail (from the manifest) and new trail (from the tree)',
      { categories: ['timers'], underCategories: ['ne555'], categoryTrails: { timers: ['passives', 'timers'] } },
      { render: ['ne555'], forget: [], removed: [], listings: ['', 'ics', 'passives', 'timers'] },
    ],
    [
      'an edited top category: every product page under it, never the others',
      { categories: ['ics'], underCategories: ['lm358', 'ne555'], categoryTrails: { ics: ['ics'] } },
      { render: ['lm358', 'ne555'], forget: [], removed: [], listings: ['', 'ics', 'op-amps', 'timers'] },
    ],
    [
      'an empty category edited: its listing and trail, no product page',
      { categories: ['capacitors'], categoryTrails: { capacitors: ['passives', 'capacitors'] } },
      { render: [], forget: [], removed: [], listings: ['', 'capacitors', 'passives'] },
    ],
    [
      'a product removed while its category was edited is removed, not rendered',
      { categories: ['timers'], underCategories: [], removed: ['ne555'], categoryTrails: { timers: ['ics', 'timers'] } },
      { render: [], forget: [], removed: ['ne555'], listings: ['', 'ics', 'timers'] },
    ],
    [
      'pages rendered on request: a changed page is dropped for its next request, not rendered now',
      {
        onRequest: true,
        manifest: {},
        fresh: new Map([['lm358', { hash: 'a2', listings: ['ics', 'op-amps'] }]]),
        categories: ['timers'],
        underCategories: ['ne555'],
        categoryTrails: { timers: ['ics', 'timers'] },
      },
      { render: [], forget: ['lm358', 'ne555'], removed: [], listings: ['', 'ics', 'op-amps', 'timers'] },
    ],
  ];
  it.each(cases)('%s', (_, change, expected) => {
    const plan = planRebuild({ ...none, ...change });
    expect({ ...plan, render: plan.render.sort(), forget: plan.forget.sort() }).toEqual(expected);
  });
});

describe('categoryTrail', () => {
  const tree = [
    {
      slug: 'ics',
      children: [
        { slug: 'op-amps', children: [] },
        { slug: 'timers', children: [{ slug: '555', children: [] }] },
      ],
    },
    { slug: 'passives', children: [] },
  ];
  it.each([
    ['ics', ['ics']],
    ['op-amps', ['ics', 'op-amps']],
    ['555', ['ics', 'timers', '555']],
    ['passives', ['passives']],
    ['gone', []],
  ])('%s → %j', (slug, trail) => {
    expect(categoryTrail(tree, slug)).toEqual(trail);
  });
});
