/** getProduct and suggestion over HTTP: paging, sorting, filters, sidebar counts, bad input, rate limit, search log. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filter, ProductCard } from '../src/api/schemas/catalogue';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const filter = <T extends Filter['type']>(filters: Filter[], slug: string) =>
  filters.find((f) => f.slug === slug) as Extract<Filter, { type: T }>;

describe('getProduct listing', () => {
  it('lists the whole catalogue 12 at a time by default, enabled products only', async () => {
    const { status, body } = await server.api('/getProduct');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(12);
    expect(body.limit).toBe(12);
    expect(body.page).toBe(1);
    // 3026 rows of which 42 are disabled.
    expect(body.total).toBe(3026 - 42);
    expect(body.pages).toBe(Math.ceil((3026 - 42) / 12));
    expect(body.from).toBe(1);
    expect(body.to).toBe(12);
    expect(body.items.every((p: ProductCard) => p.enable)).toBe(true);
  });

  it('answers a page past the end with an empty page, not an error', async () => {
    const { status, body } = await server.api('/getProduct?filter_category=op-amps&page=999');
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
    expect(body.total).toBeGreaterThan(0);
    expect(body.from).toBe(0);
  });

  it('limits to a category and everything below it, with child categories counted in the sidebar', async () => {
    const { body } = await server.api('/getProduct?filter_category=semiconductors&limit=100');
    const cats = filter<'category'>(body.filters, 'category');
    expect(cats.value).toBe('semiconductors');
    expect(cats.items.map((c) => c.slug)).toEqual(expect.arrayContaining(['integrated-circuits', 'transistors', 'diodes']));
    expect(cats.items.reduce((n, c) => n + c.count, 0)).toBe(body.total);
  });

  it('sorts by name both ways', async () => {
    const asc = (await server.api('/getProduct?filter_category=op-amps&sort=name_asc&limit=50')).body.items.map((p: ProductCard) => p.name);
    const desc = (await server.api('/getProduct?filter_category=op-amps&sort=name_desc&limit=50')).body.items.map(
      (p: ProductCard) => p.name,
    );
    expect(asc).toEqual([...asc].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(desc[0] >= desc[desc.length - 1]).toBe(true);
  });

  it('filters by price range (rials) and offers a rounded range', async () => {
    const all = await server.api('/getProduct?filter_category=op-amps');
    const price = filter<'range'>(all.body.filters, 'price');
    // Rounded on the toman figure: the low end ends in zeros after its first digit.
    expect(String(price.min / 10)).toMatch(/^\d0*$/);
    expect(String(price.max / 10)).toMatch(/^\d0*$/);
    const { body } = await server.api('/getProduct?filter_category=op-amps&filter_price=100000-200000&limit=100');
    expect(body.total).toBeGreaterThan(0);
    expect(body.total).toBeLessThan(all.body.total);
    for (const p of body.items as ProductCard[]) expect(p.price >= 100000 && p.price <= 200000).toBe(true);
  });

  it('filters by brand, quality and availability, keeping the sidebar counts of the whole set', async () => {
    const base = await server.api('/getProduct?filter_category=op-amps');
    const brands = filter<'check'>(base.body.filters, 'brand');
    const ti = brands.items.find((b) => b.name === 'Texas Instruments')!;
    expect(ti.count).toBeGreaterThan(0);
    const { body } = await server.api(`/getProduct?filter_category=op-amps&filter_brand=${ti.slug}&limit=100`);
    expect(body.total).toBe(ti.count);
    expect(body.items.every((p: ProductCard) => p.brand?.slug === ti.slug)).toBe(true);
    expect(filter<'check'>(body.filters, 'brand').value).toEqual([ti.slug]);

    const copies = await server.api('/getProduct?filter_quality=copy&limit=100');
    expect(copies.body.total).toBe(63 - (await disabledCount("quality = 'copy'")));
    expect(copies.body.items.every((p: ProductCard) => p.quality === 'copy')).toBe(true);

    const preorders = await server.api('/getProduct?filter_availability=pre-order&limit=100');
    expect(preorders.body.items.every((p: ProductCard) => p.availability === 'pre-order' && p.availabilityDate)).toBe(true);
  });

  it('does not call a product in stock when fewer than its minimum purchase are left', async () => {
    const [row] = (
      (await server.database.db
        .execute(sql`UPDATE products SET stock = 3, minimum_purchase = 10, availability_date = NULL, updated_at = now()
      WHERE id = (SELECT id FROM products WHERE enable AND deleted_at IS NULL AND category_id = (SELECT id FROM categories WHERE slug = 'op-amps') ORDER BY id LIMIT 1)
      RETURNING slug`)) as unknown as { rows: { slug: string }[] }
    ).rows;
    server.deps.cache.invalidate();
    const listed = async (availability: string) =>
      (await server.api(`/getProduct?filter_category=op-amps&filter_availability=${availability}&limit=100`)).body.items.map(
        (p: ProductCard) => p.slug,
      );
    expect(await listed('in-stock')).not.toContain(row!.slug);
    expect(await listed('out-of-stock')).toContain(row!.slug);
    const card = (await server.api(`/getProduct?filter_category=op-amps&filter_availability=out-of-stock&limit=100`)).body.items.find(
      (p: ProductCard) => p.slug === row!.slug,
    );
    expect(card.availability).toBe('out-of-stock');
  });

  it('offers attribute filters with counts inside a category and filters by them', async () => {
    const { body } = await server.api('/getProduct?filter_category=op-amps');
    const pkg = filter<'check'>(body.filters, 'attr_package');
    expect(pkg).toBeDefined();
    const dip = pkg.items.find((v) => v.name === 'PDIP-8')!;
    expect(dip.count).toBeGreaterThan(0);
    const narrowed = await server.api(`/getProduct?filter_category=op-amps&filter_attributes=package:${dip.slug}&limit=100`);
    expect(narrowed.body.total).toBe(dip.count);
    expect(narrowed.body.items.every((p: ProductCard) => p.package === 'PDIP-8')).toBe(true);
  });

  it('searches inside a category only', async () => {
    const { body } = await server.api(`/getProduct?filter_category=op-amps&filter_part=${encodeURIComponent('lm358')}`);
    expect(body.total).toBeGreaterThan(0);
    const inRegulators = await server.api(`/getProduct?filter_category=voltage-regulators&filter_part=lm358`);
    expect(inRegulators.body.total).toBe(0);
  });

  it('filter_searchPart looks at part numbers only', async () => {
    const words = await server.api(`/getProduct?filter_part=${encodeURIComponent('تقویت‌کننده')}`);
    expect(words.body.total).toBeGreaterThan(0);
    const partOnly = await server.api(`/getProduct?filter_searchPart=${encodeURIComponent('تقویت‌کننده')}`);
    expect(partOnly.body.total).toBe(0);
    const pn = await server.api('/getProduct?filter_searchPart=LM358');
    expect(pn.body.items[0].slug).toBe('lm358-sop8');
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['limit=0', 'limit'],
    ['limit=1000', 'limit'],
    ['sort=random', 'sort'],
    ['filter_price=abc', 'filter_price'],
    ['filter_price=500-100', 'filter_price'],
    ['filter_quality=fake', 'filter_quality'],
    ['filter_brand=%3Cscript%3E', 'filter_brand'],
    ['filter_category=..%2F..%2Fetc', 'filter_category'],
    ['filter_attributes=nonsense', 'filter_attributes'],
    [`filter_part=${'x'.repeat(101)}`, 'filter_part'],
  ])('rejects %s with 422 and a Persian message for %s', async (qs, field) => {
    const { status, body } = await server.api(`/getProduct?${qs}`);
    expect(status).toBe(422);
    expect(body.status).toBe(422);
    expect(body.data.errors[field][0]).toMatch(/[\u0600-\u06ff]/);
  });

  it('answers an unknown category with 404 and a Persian message', async () => {
    const { status, body } = await server.api('/getProduct?filter_category=no-such-category');
    expect(status).toBe(404);
    expect(body.message).toContain('no-such-category');
  });
});

describe('suggestion', () => {
  it('returns labelled items and a total, at most `take`', async () => {
    const { status, body } = await server.api('/suggestion?filter_searchPart=lm358&take=3');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(3);
    expect(body.total).toBeGreaterThanOrEqual(7);
    expect(body.items[0]).toMatchObject({ slug: 'lm358-sop8', match: 'exact', partNumber: 'LM358' });
    expect(body.items[1].match).toBe('family');
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'availability',
        'availabilityDate',
        'enable',
        'id',
        'images',
        'match',
        'name',
        'nameFa',
        'partNumber',
        'price',
        'prices',
        'quality',
        'slug',
        'stock',
      ].sort(),
    );
  });

  it('uses the spec defaults take 50 and counts up to limit', async () => {
    const { body } = await server.api(`/suggestion?filter_searchPart=${encodeURIComponent('مقاومت')}`);
    expect(body.items).toHaveLength(50);
    expect(body.total).toBe(150);
    const wider = await server.api(`/suggestion?filter_searchPart=${encodeURIComponent('مقاومت')}&limit=1000&take=5`);
    expect(wider.body.total).toBeGreaterThan(150);
    expect(wider.body.items).toHaveLength(5);
  });

  it('limits to a category', async () => {
    const { body } = await server.api('/suggestion?filter_searchPart=lm&filter_category=voltage-regulators&take=50');
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((p: ProductCard) => !p.partNumber.startsWith('LM358'))).toBe(true);
  });

  it('answers an empty or one-letter query with nothing, not an error', async () => {
    for (const q of ['', ' ', 'a']) {
      const { status, body } = await server.api(`/suggestion?filter_searchPart=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body).toEqual({ items: [], total: 0 });
    }
  });

  it('rejects nonsense parameters with 422', async () => {
    for (const qs of ['take=0', 'take=51', 'limit=x', `filter_searchPart=${'y'.repeat(101)}`]) {
      expect((await server.api(`/suggestion?${qs}`)).status).toBe(422);
    }
  });
});

describe('search log and statistics', () => {
  it('records listing searches and counts them in summery', async () => {
    await server.deps.searchLog.flush();
    const before = (await server.api('/summery')).body.success.data.total_search;
    await server.api(`/getProduct?filter_part=${encodeURIComponent('سنسور دما')}`);
    await server.api('/getProduct?filter_part=ne555&page=2');
    await server.deps.searchLog.flush();
    const rows = await server.database.db.execute(sql`select query, results_count from search_log order by id desc limit 2`);
    expect((rows as unknown as { rows: { query: string }[] }).rows.map((r) => r.query)).toEqual(['ne555', 'سنسور دما']);
    // summery caches briefly; a fresh server-side count must include both new rows.
    const counted = await server.database.db.execute(sql`select count(*)::int as n from search_log`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(before + 2);
  });
});

describe('search rate limit', () => {
  // Several servers share the limit through PostgreSQL, each handing its counts over in batches.
  it.runIf(Boolean(process.env.DATABASE_URL))('a server that closes hands its last counted searches to the database', async () => {
    const limited = await startTestServer({ catalogue: false, env: { SEARCH_RATE_LIMIT: '100', SEARCH_RATE_WINDOW_SECONDS: '60' } });
    try {
      for (let i = 0; i < 3; i++) expect((await limited.api(`/suggestion?filter_searchPart=lm${i}`)).status).toBe(200);
      await limited.close();
      const r = await limited.database.db.execute(
        sql`select coalesce(sum(hits), 0)::int as n from rate_limit_counters where bucket = 'search'`,
      );
      expect((r as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
    } finally {
      await limited.database.close();
    }
  });

  it('refuses a client over the configured rate with 429 and Retry-After', async () => {
    const limited = await startTestServer({ catalogue: false, env: { SEARCH_RATE_LIMIT: '5', SEARCH_RATE_WINDOW_SECONDS: '60' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.api(`/suggestion?filter_searchPart=lm${i}`)).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      const res = await limited.api('/getProduct');
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/[\u0600-\u06ff]/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // Other calls are not limited.
      expect((await limited.api('/categories')).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

async function disabledCount(where: string): Promise<number> {
  const r = await server.database.db.execute(sql.raw(`select count(*)::int as n from products where not enable and ${where}`));
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('read cache', () => {
  it('shows a price changed by another process once the server notices the catalogue changed', async () => {
    const watched = await startTestServer({ env: { CACHE_RECHECK_SECONDS: '0.2' } });
    try {
      const first = (await watched.api('/getProduct?filter_searchPart=LM358N&limit=1')).body.items[0];
      expect(first.slug).toBe('lm358n-dip8');
      await watched.database.db.execute(sql`update products set price = 123450, updated_at = now() where slug = 'lm358n-dip8'`);
      await new Promise((r) => setTimeout(r, 800));
      const again = (await watched.api('/getProduct?filter_searchPart=LM358N&limit=1')).body.items[0];
      expect(again.price).toBe(123450);
    } finally {
      await watched.stop();
    }
  });
});
