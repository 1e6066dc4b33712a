import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySchema, productCardSchema, productSchema, type Category } from '../src/api/schemas/catalogue';
import { departmentsResponseSchema } from '../src/api/schemas/departments';
import { categories, departments, productFiles, products } from '../src/server/db/schema';
import { startTestServer, type TestServer } from './support/server';

const PERSIAN = /[\u0600-\u06FF]/;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Direct database writes bypass the server, so they drop its read cache as a staff write would. */
async function write<T>(fn: (db: TestServer['database']['db']) => Promise<T>): Promise<T> {
  const result = await fn(server.database.db);
  server.deps.cache.invalidate();
  return result;
}

const idOf = async (slug: string) =>
  (await server.database.db.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;

function walk(nodes: Category[], visit: (n: Category, parent: Category | null) => void, parent: Category | null = null) {
  for (const n of nodes) {
    visit(n, parent);
    walk(n.children, visit, n);
  }
}

describe('categories', () => {
  it('returns the whole tree: 9 roots in sort order, 90 categories, counts that add up', async () => {
    const { status, body } = await server.api('/categories');
    expect(status).toBe(200);
    const roots = body.data as Category[];
    expect(roots.map((r) => r.slug)).toEqual([
      'semiconductors',
      'optoelectronics',
      'passive-components',
      'electromechanical',
      'modules-boards',
      'sensors',
      'power',
      'tools-instruments',
      'cables-wires',
    ]);
    expect(roots).toHaveLength(9);
    for (const r of roots) expect(categorySchema.safeParse(r).success).toBe(true);

    let total = 0;
    walk(roots, (node, parent) => {
      total++;
      expect(node.parent?.slug ?? null).toBe(parent?.slug ?? null);
      expect(node.depth).toBe(parent ? parent.depth + 1 : 0);
      if (node.children.length) {
        // Every product sits in a leaf, so a parent holds exactly what its children hold.
        expect(node.items).toBe(node.children.reduce((s, c) => s + c.items, 0));
      }
    });
    expect(total).toBe(90);

    const [enabled] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.enable, true));
    expect(roots.reduce((s, r) => s + r.items, 0)).toBe(enabled!.n);
    expect(enabled!.n).toBe(2984);
    // README: 638 rows under Semiconductors, of which some are disabled.
    const semi = roots.find((r) => r.slug === 'semiconductors')!;
    expect(semi.nameFa).toBe('نیمه‌هادی‌ها');
    expect(semi.items).toBeGreaterThan(600);
    expect(semi.items).toBeLessThanOrEqual(638);
  });

  it('orders siblings by their sort value', async () => {
    const { body } = await server.api('/categories');
    const rows = await server.database.db.select({ slug: categories.slug, sort: categories.sort }).from(categories);
    const sortOf = new Map(rows.map((r) => [r.slug, r.sort]));
    walk(body.data, (node) => {
      const sorts = node.children.map((c) => sortOf.get(c.slug) ?? 0);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    });
  });

  it('gives one category with its parent and children to the requested depth', async () => {
    const one = await server.api('/categories/integrated-circuits');
    expect(one.status).toBe(200);
    expect(one.body.data.slug).toBe('integrated-circuits');
    expect(one.body.data.parent).toMatchObject({ slug: 'semiconductors', depth: 0 });
    expect(one.body.data.children.length).toBeGreaterThan(0);
    // Default depth 1: grandchildren are not included.
    for (const c of one.body.data.children) expect(c.children).toEqual([]);

    const flat = await server.api('/categories/semiconductors?depth=0');
    expect(flat.body.data.children).toEqual([]);
    expect(flat.body.data.items).toBeGreaterThan(0);

    const deep = await server.api('/categories/semiconductors?depth=2');
    const ic = deep.body.data.children.find((c: Category) => c.slug === 'integrated-circuits');
    expect(ic.children.map((c: Category) => c.slug)).toContain('op-amps');
  });

  it('rejects a bad depth with a Persian message under data.errors.depth', async () => {
    for (const depth of ['abc', '6', '-1', '1.5', '']) {
      const { status, body } = await server.api(`/categories/semiconductors?depth=${depth}`);
      expect(status, depth).toBe(422);
      expect(body.status).toBe(422);
      expect(body.data.errors.depth[0]).toMatch(PERSIAN);
    }
  });

  it('answers 404 with a Persian message for an unknown category', async () => {
    const { status, body } = await server.api('/categories/no-such-category');
    expect(status).toBe(404);
    expect(body).toEqual({ status: 404, message: expect.stringMatching(PERSIAN) });
  });

  it('gives the mobile menu a compact tree', async () => {
    const { status, body } = await server.api('/mobile-menu/categories');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(9);
    expect(Object.keys(body.data[0]).sort()).toEqual(['children', 'depth', 'name', 'nameFa', 'slug']);
    const semi = body.data.find((c: { slug: string }) => c.slug === 'semiconductors');
    expect(semi.children.some((c: { slug: string; depth: number }) => c.slug === 'integrated-circuits' && c.depth === 1)).toBe(true);
  });
});

describe('product page', () => {
  it('returns LM358P with price in rials, tiers, attributes, brand and breadcrumb', async () => {
    const { status, body } = await server.api('/get/products/lm358p-pdip8');
    expect(status).toBe(200);
    const p = productSchema.parse(body.data);
    expect(p.price).toBe(155000);
    expect(p.sku).toBe('lm358p-pdip8');
    expect(p.partNumber).toBe('LM358P');
    expect(p.prices).toEqual([
      { minCount: 1, maxCount: 9, minPrice: 155000, minCompareAtPrice: null },
      { minCount: 10, maxCount: 99, minPrice: 145000, minCompareAtPrice: null },
      { minCount: 100, maxCount: null, minPrice: 130000, minCompareAtPrice: null },
    ]);
    expect(p.brand?.name).toBe('Texas Instruments');
    expect(p.availability).toBe('in-stock');
    expect(p.stock).toBe(838);
    expect(p.quality).toBe('original');
    expect(p.datasheet).toBe('https://www.ti.com/lit/ds/symlink/lm358.pdf');
    expect(p.displayName).toBe(p.nameFa);
    expect(p.categories.map((c) => c.slug)).toEqual(['semiconductors', 'integrated-circuits', 'op-amps']);
    const pkg = p.attributes.find((a) => a.name === 'Package');
    expect(pkg?.values.map((v) => v.name)).toEqual(['PDIP-8']);
    expect(p.attributes.find((a) => a.name === 'Channels')?.values[0]?.name).toBe('2');
  });

  it('groups footprint and application-note files by label', async () => {
    const id = await idOf('ne555p-pdip8');
    await write((db) =>
      db.insert(productFiles).values([
        { productId: id, kind: 'footprint', label: 'KiCad', file: 'footprints/ne555-kicad.zip' },
        { productId: id, kind: 'footprint', label: 'Altium', fileLink: 'https://example.com/ne555.PcbLib' },
        { productId: id, kind: 'footprint', label: 'KiCad', fileLink: 'https://example.com/ne555-3d.step' },
        { productId: id, kind: 'applicationnote', label: 'Timer circuits', file: 'notes/ne555.pdf' },
      ]),
    );
    const { body } = await server.api('/get/products/ne555p-pdip8');
    expect(body.data.footprints.map((g: { label: string }) => g.label)).toEqual(['KiCad', 'Altium']);
    expect(body.data.footprints[0].attaches).toEqual([
      { file: 'footprints/ne555-kicad.zip', fileLink: null, created_at: expect.any(String) },
      { file: null, fileLink: 'https://example.com/ne555-3d.step', created_at: expect.any(String) },
    ]);
    expect(body.data.applicationnotes).toEqual([
      { label: 'Timer circuits', labelEn: null, attaches: [{ file: 'notes/ne555.pdf', fileLink: null, created_at: expect.any(String) }] },
    ]);
  });

  it('normalises the Arabic letters of imported names', async () => {
    const { body } = await server.api('/get/products/ne555p-pdip8');
    expect(body.data.nameFa).not.toMatch(/[يك]/);
  });

  it('hides disabled and soft-deleted products (404)', async () => {
    const disabled = await server.api('/get/products/tl072cdr-soic8');
    expect(disabled.status).toBe(404);
    expect(disabled.body.message).toMatch(PERSIAN);

    expect((await server.api('/get/products/lm358dt-so8')).status).toBe(200);
    await write((db) => db.update(products).set({ deletedAt: new Date() }).where(eq(products.slug, 'lm358dt-so8')));
    expect((await server.api('/get/products/lm358dt-so8')).status).toBe(404);
    const related = await server.api('/getRelatedProducts2?slug=lm358p-pdip8&limit=50');
    expect(related.body.data.map((p: { slug: string }) => p.slug)).not.toContain('lm358dt-so8');
    await write((db) => db.update(products).set({ deletedAt: null }).where(eq(products.slug, 'lm358dt-so8')));
  });

  it('answers 404 for an unknown product and 422 for a malformed slug', async () => {
    expect((await server.api('/get/products/no-such-part')).status).toBe(404);
    const bad = await server.api('/get/products/%20%3Cscript%3E');
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.slug[0]).toMatch(PERSIAN);
  });
});

describe('related products', () => {
  it('puts the other LM358 variants first, never the product itself or a disabled one', async () => {
    const { status, body } = await server.api('/getRelatedProducts2?slug=lm358p-pdip8');
    expect(status).toBe(200);
    const slugs = body.data.map((p: { slug: string }) => p.slug);
    expect(slugs).toHaveLength(8);
    expect(slugs).not.toContain('lm358p-pdip8');
    expect(slugs.slice(0, 6).sort()).toEqual([
      'lm358-sop8',
      'lm358dr-soic8',
      'lm358dr2g-soic8',
      'lm358dt-so8',
      'lm358n-dip8',
      'lm358n-nopb-pdip8',
    ]);
    for (const card of body.data) expect(productCardSchema.safeParse(card).success).toBe(true);

    const all = await server.api('/getRelatedProducts2?slug=lm358p-pdip8&limit=50');
    expect(all.body.data.length).toBeGreaterThan(8);
    expect(all.body.data.map((p: { slug: string }) => p.slug)).not.toContain('tl072cdr-soic8');
    expect(all.body.data.every((p: { enable: boolean }) => p.enable)).toBe(true);
  });

  it('honours limit and validates every parameter', async () => {
    expect((await server.api('/getRelatedProducts2?slug=lm358p-pdip8&limit=3')).body.data).toHaveLength(3);
    for (const q of [
      'slug=lm358p-pdip8&limit=0',
      'slug=lm358p-pdip8&limit=51',
      'slug=lm358p-pdip8&limit=1000',
      'slug=lm358p-pdip8&limit=x',
    ]) {
      const r = await server.api(`/getRelatedProducts2?${q}`);
      expect(r.status, q).toBe(422);
      expect(r.body.data.errors.limit[0]).toMatch(PERSIAN);
    }
    const noSlug = await server.api('/getRelatedProducts2');
    expect(noSlug.status).toBe(422);
    expect(noSlug.body.data.errors.slug).toBeDefined();
    expect((await server.api('/getRelatedProducts2?slug=no-such-part')).status).toBe(404);
  });
});

describe('carousels', () => {
  it('lists discounted products, biggest percentage off first', async () => {
    expect((await server.api('/discounts/products')).body.data).toEqual([]);
    await write(async (db) => {
      await db
        .update(products)
        .set({ compareAtPrice: sql`${products.price} * 2` })
        .where(eq(products.slug, 'lm317t-to220'));
      await db
        .update(products)
        .set({ compareAtPrice: sql`${products.price} + ${products.price} / 10` })
        .where(eq(products.slug, 'bc547bta-to92'));
      await db
        .update(products)
        .set({ compareAtPrice: sql`${products.price} * 4` })
        .where(eq(products.slug, 'tl072cdr-soic8'));
      // Compare-at at or below the price is no discount.
      await db.update(products).set({ compareAtPrice: products.price }).where(eq(products.slug, 'hc-sr04'));
    });
    const { status, body } = await server.api('/discounts/products');
    expect(status).toBe(200);
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(['lm317t-to220', 'bc547bta-to92']);
    expect(body.data[0].compareAtPrice).toBe(body.data[0].price * 2);
    expect((await server.api('/discounts/products?limit=1')).body.data).toHaveLength(1);
  });

  it('lists the newest products, cheapest first when asked (sidebar: limit 5)', async () => {
    const newest = await server.api('/latest/products?limit=5');
    expect(newest.status).toBe(200);
    expect(newest.body.data).toHaveLength(5);
    const cheapest = await server.api('/latest/products?limit=5&sort=price_asc');
    const prices = cheapest.body.data.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(cheapest.body.data.map((p: { id: number }) => p.id).sort()).toEqual(newest.body.data.map((p: { id: number }) => p.id).sort());
    expect((await server.api('/latest/products')).body.data).toHaveLength(12);
  });

  it('lists best sellers by sales, then views', async () => {
    const [a, b, c] = [{ id: await idOf('lm317t-to220') }, { id: await idOf('lm358n-dip8') }, { id: await idOf('ne555p-pdip8') }];
    await write(async (db) => {
      await db.update(products).set({ salesCount: 50 }).where(eq(products.id, a.id));
      await db.update(products).set({ salesCount: 90 }).where(eq(products.id, b.id));
      await db.update(products).set({ salesCount: 50, views: 10 }).where(eq(products.id, c.id));
    });
    const { body } = await server.api('/best-seller/products?limit=3');
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([b.id, c.id, a.id]);
  });

  it('can limit a carousel to one category', async () => {
    const { body } = await server.api('/latest/products?limit=50&category=op-amps');
    expect(body.data.length).toBeGreaterThan(0);
    const ids = body.data.map((p: { id: number }) => p.id);
    const rows = await server.database.db
      .select({ slug: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, ids));
    expect(new Set(rows.map((r) => r.slug))).toEqual(new Set(['op-amps']));
    expect((await server.api('/best-seller/products?category=no-such-category')).status).toBe(404);
  });

  it('rejects nonsense limits and sorts with 422', async () => {
    for (const path of [
      '/discounts/products?limit=0',
      '/discounts/products?limit=1000',
      '/latest/products?limit=-3',
      '/latest/products?sort=cheapest',
      '/best-seller/products?limit=1e3',
      '/best-seller/products?limit=51',
    ]) {
      const r = await server.api(path);
      expect(r.status, path).toBe(422);
      expect(Object.values(r.body.data.errors as Record<string, string[]>)[0]![0]).toMatch(PERSIAN);
    }
  });
});

describe('product views', () => {
  it('counts each view atomically without dropping the read cache', async () => {
    const id = await idOf('atmega8a-pu-pdip28');
    await server.api('/categories');
    const cached = server.deps.cache.size;
    expect(cached).toBeGreaterThan(0);
    const first = await server.api(`/increaseProductViews/${id}`);
    expect(first.status).toBe(200);
    const results = await Promise.all(Array.from({ length: 5 }, () => server.api(`/increaseProductViews/${id}`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [row] = await server.database.db.select({ views: products.views }).from(products).where(eq(products.id, id));
    expect(row!.views).toBe(first.body.data.views + 5);
    expect(server.deps.cache.size).toBeGreaterThanOrEqual(cached);
  });

  it('answers 404 for unknown or disabled products and 422 for a non-number id', async () => {
    expect((await server.api('/increaseProductViews/99999999')).status).toBe(404);
    expect((await server.api(`/increaseProductViews/${await idOf('tl072cdr-soic8')}`)).status).toBe(404);
    const bad = await server.api('/increaseProductViews/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.id[0]).toMatch(PERSIAN);
  });
});

describe('departments', () => {
  it('builds menu and megamenu items from the departments table', async () => {
    await write(async (db) => {
      const [menu, mega, plain] = await db
        .insert(departments)
        .values([
          { title: 'ابزار', titleEn: 'Tools', url: '/shop/catalog/tools-instruments', submenuType: 'menu', sort: 2 },
          {
            title: 'نیمه‌هادی‌ها',
            titleEn: 'Semiconductors',
            url: '/shop/catalog/semiconductors',
            submenuType: 'megamenu',
            size: 'lg',
            sort: 1,
          },
          { title: 'بلاگ', url: '/blog', sort: 3 },
        ])
        .returning();
      const [solder] = await db
        .insert(departments)
        .values([
          { parentId: menu!.id, title: 'لحیم‌کاری', url: '/shop/catalog/soldering', sort: 1 },
          { parentId: mega!.id, title: 'آی‌سی', url: '/shop/catalog/integrated-circuits', column: 0, sort: 1 },
          { parentId: mega!.id, title: 'ترانزیستور', url: '/shop/catalog/transistors', column: 1, sort: 1 },
          { parentId: mega!.id, title: 'دیود', url: '/shop/catalog/diodes', column: 1, sort: 2 },
        ])
        .returning();
      await db.insert(departments).values({ parentId: solder!.id, title: 'هویه', url: '/shop/catalog/irons' });
      expect(plain).toBeDefined();
    });
    const { status, body } = await server.api('/departments');
    expect(status).toBe(200);
    expect(departmentsResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data.map((d: { titleEn: string | null }) => d.titleEn)).toEqual(['Semiconductors', 'Tools', null]);
    expect(body.data[0].submenu).toEqual({
      type: 'megamenu',
      size: 'lg',
      columns: [
        { items: [{ title: 'آی‌سی', titleEn: null, url: '/shop/catalog/integrated-circuits', children: [] }] },
        {
          items: [
            { title: 'ترانزیستور', titleEn: null, url: '/shop/catalog/transistors', children: [] },
            { title: 'دیود', titleEn: null, url: '/shop/catalog/diodes', children: [] },
          ],
        },
      ],
    });
    expect(body.data[1].submenu).toEqual({
      type: 'menu',
      menu: [
        {
          title: 'لحیم‌کاری',
          titleEn: null,
          url: '/shop/catalog/soldering',
          children: [{ title: 'هویه', titleEn: null, url: '/shop/catalog/irons', children: [] }],
        },
      ],
    });
    expect(body.data[2].submenu).toBeUndefined();
  });
});

describe('brands with categories', () => {
  it('lists every brand with the categories it has enabled products in', async () => {
    const { status, body } = await server.api('/getBarndWithCategory');
    expect(status).toBe(200);
    const total = body.data.reduce((s: number, b: { count: number }) => s + b.count, 0);
    const [enabled] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.enable} and ${products.deletedAt} is null and ${products.brandId} is not null`);
    expect(total).toBe(enabled!.n);
    for (const b of body.data) {
      expect(b.categories.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(b.count);
    }
    const ti = body.data.find((b: { name: string }) => b.name === 'Texas Instruments');
    expect(ti.categories.map((c: { slug: string }) => c.slug)).toContain('op-amps');
    const counts = body.data.map((b: { count: number }) => b.count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
  });

  it('filters by category and limits the list', async () => {
    const { body } = await server.api('/getBarndWithCategory?category=op-amps&limit=3');
    expect(body.data.length).toBeLessThanOrEqual(3);
    for (const b of body.data) expect(b.categories.map((c: { slug: string }) => c.slug)).toEqual(['op-amps']);
    expect((await server.api('/getBarndWithCategory?category=nope')).status).toBe(404);
    expect((await server.api('/getBarndWithCategory?limit=0')).status).toBe(422);
  });
});

describe('API shell', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const { status, body, headers } = await server.api('/no/such/call');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toEqual({ status: 404, message: 'Page Not Found' });
  });

  it('publishes an OpenAPI 3.1 document listing every catalogue and content path', async () => {
    const { status, body } = await server.api('/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    const paths = Object.keys(body.paths);
    for (const p of [
      '/categories',
      '/categories/{slug}',
      '/mobile-menu/categories',
      '/departments',
      '/get/products/{slug}',
      '/getRelatedProducts2',
      '/discounts/products',
      '/latest/products',
      '/best-seller/products',
      '/increaseProductViews/{id}',
      '/getBarndWithCategory',
      '/messages',
      '/policy',
      '/returns',
      '/pages/{slug}',
      '/blog/posts',
      '/blog/posts/{slug}',
      '/downloadHelpFile',
      '/store',
      '/summery',
    ]) {
      expect(paths, p).toContain(`/api/site/v1${p}`);
      expect(body.paths[`/api/site/v1${p}`].get.responses['200']).toBeDefined();
    }
    const depth = body.paths['/api/site/v1/categories/{slug}'].get.parameters.find((x: { name: string }) => x.name === 'depth');
    expect(depth).toMatchObject({ in: 'query', required: false });
  });
});
