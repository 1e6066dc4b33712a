import { describe, expect, it } from 'vitest';
import { categoryTrail, fixedPagesToRender, HOME_PAGE, planRebuild, type ChangedData, type RebuildPlanInput } from './rebuild-plan';
import { pageDataUse } from './page-data-use';
import { PROJECT_ROOT } from './astro-render';

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

describe('fixedPagesToRender: a partial build renders only the pages showing what changed', () => {
  const P = (name: string) => `src/site/pages/[...lang]/${name}.astro`;
  const use: Record<string, string[]> = {
    [HOME_PAGE]: ['flatCategories', 'homeBrands', 'homeRows', 'homeSlides', 'shellData'],
    [P('home-two')]: ['blogSummaries', 'flatCategories', 'homeRows', 'shellData'],
    [P('shop/products/[slug]')]: ['productEntries', 'productPage', 'shellData'],
    [P('shop/catalog/index')]: ['firstListingPage', 'flatCategories', 'shellData'],
    [P('shop/product-sidebar')]: ['flatCategories', 'productLayoutDemo', 'shellData'],
    [P('site/faq')]: ['shellData', 'storePage'],
    [P('site/terms')]: ['contentPage', 'shellData'],
    [P('blog/[post]')]: ['blogPost', 'blogSummaries', 'shellData'],
    [P('account/signin')]: ['shellData'],
    [P('shop/checkout/index')]: ['shellData'],
    [P('shop/new-widget')]: ['shellData', 'someNewRead'],
    [P('shop/own-fetch')]: ['*', 'shellData'],
  };
  const nothing: ChangedData = { products: false, categories: false, pages: false, posts: false, slides: false };
  const always = [HOME_PAGE, P('shop/new-widget'), P('shop/own-fetch')];
  const cases: [string, Partial<ChangedData>, string[]][] = [
    [
      'a product change: its page route, listings, home rows and the product layouts; no account, checkout, content or blog page',
      { products: true },
      [P('home-two'), P('shop/catalog/index'), P('shop/product-sidebar'), P('shop/products/[slug]')],
    ],
    [
      'a category edit: what shows categories (menus are swapped in as text elsewhere)',
      { categories: true },
      [P('home-two'), P('shop/catalog/index'), P('shop/product-sidebar'), P('shop/products/[slug]')],
    ],
    ['a store page edited: the pages showing store pages', { pages: true }, [P('site/faq'), P('site/terms')]],
    ['a blog post edited: the blog and the home variant listing posts', { posts: true }, [P('blog/[post]'), P('home-two')]],
    ['a slide switched on: the home page only', { slides: true }, []],
    ['nothing changed: the home page (the shared frame is read from it) and pages whose reads are unknown', {}, []],
  ];
  it.each(cases)('%s', (_name, changed, pages) => {
    expect(fixedPagesToRender(use, { ...nothing, ...changed })).toEqual([...always, ...pages].sort());
  });

  it("the storefront's own pages: a product change renders a small part of them, always the home and product pages", () => {
    const real = pageDataUse(PROJECT_ROOT);
    const all = Object.keys(real);
    expect(all).toContain(HOME_PAGE);
    const product = fixedPagesToRender(real, { ...nothing, products: true });
    expect(product).toContain(HOME_PAGE);
    expect(product).toContain(P('shop/products/[slug]'));
    expect(product).toContain(P('shop/catalog/[slug]'));
    expect(product).not.toContain(P('account/signin'));
    expect(product).not.toContain(P('site/faq'));
    expect(product.length).toBeLessThan(all.length / 3);
    // Content pages read the store's pages, the blog its posts: found through the components they import.
    expect(real[P('site/faq')]).toContain('storePage');
    expect(real[P('blog/[post]')]).toContain('blogPost');
    expect(real[P('account/signin')]).toEqual(['shellData']);
  });
});
