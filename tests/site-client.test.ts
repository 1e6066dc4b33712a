import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createSiteApi, type SiteApi } from '../src/api/client';
import { blogPosts, contentPages, departments, siteMessages } from '../src/server/db/schema';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let api: SiteApi;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  await db.insert(contentPages).values([
    { slug: 'terms', locale: 'fa', kind: 'policy', title: 'قوانین', body: '<p>قوانین</p>' },
    { slug: 'returns', locale: 'fa', kind: 'returns', title: 'بازگشت کالا', body: '<p>۴۸ ساعت</p>' },
    { slug: 'faq', locale: 'fa', kind: 'faq', title: 'پرسش‌ها', body: '<p>?</p>' },
  ]);
  await db.insert(blogPosts).values({
    slug: 'first-post',
    title: 'اولین نوشته',
    excerpt: 'خلاصه',
    body: '<p>متن</p>',
    category: 'خبر',
    author: 'تیم',
    publishedAt: new Date(Date.now() - 60_000),
  });
  await db.insert(siteMessages).values({ text: 'خوش آمدید' });
  const [top] = await db.insert(departments).values({ title: 'قطعات', url: '/shop/catalog', submenuType: 'menu' }).returning();
  await db.insert(departments).values({ parentId: top!.id, title: 'آی‌سی', url: '/shop/catalog/integrated-circuits' });
  server.deps.cache.invalidate();
  // The origin alone: the client adds /api/site/v1 itself.
  api = createSiteApi(server.url);
});
afterAll(async () => {
  await server?.stop();
});

describe('typed site client against the real server', () => {
  it('parses every catalogue call', async () => {
    const tree = await api.categories();
    expect(tree).toHaveLength(9);
    const ic = await api.category('integrated-circuits');
    expect(ic.parent?.slug).toBe('semiconductors');
    const semi = await api.category('semiconductors', { depth: 2 });
    expect(semi.children.some((c) => c.children.length > 0)).toBe(true);
    expect((await api.mobileMenuCategories())[0]?.slug).toBe('semiconductors');
    expect((await api.departments())[0]?.submenu).toEqual({
      type: 'menu',
      menu: [{ title: 'آی‌سی', titleEn: null, url: '/shop/catalog/integrated-circuits', children: [] }],
    });

    const product = await api.product('lm358p-pdip8');
    expect(product.price).toBe(155000);
    expect(product.categories.at(-1)?.slug).toBe('op-amps');
    const related = await api.relatedProducts({ slug: 'lm358p-pdip8', limit: 4 });
    expect(related).toHaveLength(4);
    expect(related.every((p) => p.partNumber.startsWith('LM358'))).toBe(true);
    expect(await api.discountedProducts({ limit: 3 })).toEqual([]);
    const latest = await api.latestProducts({ limit: 5, sort: 'price_asc' });
    expect(latest).toHaveLength(5);
    expect((await api.bestSellingProducts()).length).toBe(12);
    const before = product.views;
    expect((await api.increaseProductViews(product.id)).views).toBe(before + 1);
    const brands = await api.brandsWithCategories({ category: 'op-amps' });
    expect(brands.length).toBeGreaterThan(0);
  });

  it('parses the search calls', async () => {
    const list = await api.getProduct({ filter_part: 'lm358', limit: 5 });
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.limit).toBe(5);
    const suggestions = await api.suggestion({ filter_searchPart: 'lm358', take: 3 });
    expect(suggestions.items.length).toBeLessThanOrEqual(3);
    expect(suggestions.total).toBeGreaterThan(0);
  });

  it('parses every content call', async () => {
    expect((await api.messages()).map((m) => m.text)).toEqual(['خوش آمدید']);
    expect((await api.policy()).title).toBe('قوانین');
    expect((await api.returns({ locale: 'en' })).locale).toBe('fa');
    expect((await api.page('faq')).title).toBe('پرسش‌ها');
    const posts = await api.blogPosts({ page: 1, limit: 5 });
    expect(posts.items.map((p) => p.slug)).toEqual(['first-post']);
    expect((await api.blogPost('first-post')).body).toBe('<p>متن</p>');
    // No file storage configured: the guide is the shop's own help page, not an address nobody serves.
    expect((await api.helpFile({ name: 'HowToBuy' })).link).toBe('/site/faq');
    expect((await api.store()).name.en).toBe('Qateh');
    expect(await api.searchStats()).toEqual({
      total_search: expect.any(Number),
      lastweek_search: expect.any(Number),
      yesterday_search: expect.any(Number),
      today_search: expect.any(Number),
    });
  });

  it('accepts the full API base as well as the origin', async () => {
    const viaBase = createSiteApi(`${server.url}/api/site/v1/`);
    expect((await viaBase.store()).email).toBe('support@qateh.example');
  });

  it('surfaces 404 and 422 as a typed ApiError with the server message and field errors', async () => {
    const missing = await api.product('no-such-part').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, errors: {} });
    expect((missing as ApiError).message).toMatch(/[\u0600-\u06FF]/);

    const invalid = await api.category('semiconductors', { depth: 'abc' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect((invalid as ApiError).status).toBe(422);
    expect((invalid as ApiError).errors.depth?.[0]).toMatch(/[\u0600-\u06FF]/);
  });

  it('reports an unreachable server as status 0', async () => {
    const dead = createSiteApi('http://127.0.0.1:9', { timeout: 2000 });
    const err = await dead.store().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
  });

  it('sends the bearer token when one is configured', async () => {
    let seen: string | null = null;
    const spy = createSiteApi(server.url, {
      token: () => 'abc123',
      fetch: async (input, init) => {
        seen = new Headers(init?.headers).get('authorization');
        return fetch(input, init);
      },
    });
    await spy.store();
    expect(seen).toBe('Bearer abc123');
  });
});
