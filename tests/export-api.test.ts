/**
 * The build's bulk calls over the real server and the shared catalogue: the product index, full
 * products in keyset pages (identical to the product page call), and what changed since a time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TOKEN_HEADER, processBuildToken } from '../src/server/http/build-token';
import { startTestServer, type TestServer } from './support/server';
import { rowsOf } from '../src/server/db/rows';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => server?.stop());

/** The export calls answer only the build, which carries this process's build token. */
const exportCall = (path: string) => server.api(path, { headers: { [BUILD_TOKEN_HEADER]: processBuildToken() } });

const count = async (where: string) => {
  const r = await server.database.db.execute(sql.raw(`select count(*)::int as n from products where ${where}`));
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('export/index', () => {
  it('lists every public product once, in id order, with the server time and version', async () => {
    const { status, body } = await exportCall('/export/index');
    expect(status).toBe(200);
    const list = body.data.products as { id: number; slug: string }[];
    expect(list.length).toBe(await count('enable and deleted_at is null'));
    expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id)].sort((a, b) => a - b));
    expect(list.map((p) => p.slug)).toContain('lm358n-dip8');
    const hidden = await server.database.db.execute(sql`select slug from products where not enable or deleted_at is not null limit 1`);
    const hiddenSlug = (hidden as unknown as { rows: { slug: string }[] }).rows[0]?.slug;
    if (hiddenSlug) expect(list.map((p) => p.slug)).not.toContain(hiddenSlug);
    expect(Date.parse(body.data.generatedAt)).not.toBeNaN();
    expect(body.data.version).not.toBe('');
  });

  it('pages by keyset (after, limit) to the same list, the last page saying next: null', async () => {
    const whole = (await exportCall('/export/index')).body.data.products as { id: number }[];
    const paged: { id: number }[] = [];
    for (let after = 0, pages = 0; ; pages++) {
      const { status, body } = await exportCall(`/export/index?after=${after}&limit=7`);
      expect(status).toBe(200);
      paged.push(...body.data.products);
      expect(body.data.products.length).toBeLessThanOrEqual(7);
      expect(pages).toBeLessThan(whole.length);
      if (body.data.next === null) break;
      expect(body.data.next).toBe(body.data.products.at(-1).id);
      after = body.data.next;
    }
    expect(paged).toEqual(whole);
    expect((await exportCall('/export/index?limit=50001')).status).toBe(422);
  });
});

describe('export/products', () => {
  it('pages through the whole catalogue by keyset and each product equals the product page call', async () => {
    const all: { slug: string }[] = [];
    let after = 0;
    for (;;) {
      const { status, body } = await exportCall(`/export/products?after=${after}&limit=700`);
      expect(status).toBe(200);
      expect(body.data.items.length).toBeLessThanOrEqual(700);
      all.push(...body.data.items);
      if (body.data.next === null) break;
      after = body.data.next;
    }
    const index = (await exportCall('/export/index')).body.data.products.map((p: { slug: string }) => p.slug);
    expect(all.map((p) => p.slug)).toEqual(index);

    for (const slug of ['lm358n-dip8', index[0]!, index[index.length - 1]!]) {
      const single = (await server.api(`/get/products/${slug}`)).body.data;
      expect(all.find((p) => p.slug === slug)).toEqual(single);
    }
  });

  it('an uploaded photo comes with its responsive copies, as on the product page call (the rebuild compares the two)', async () => {
    const variants = [{ width: 320, webp: '/uploads/p/lm358-320.webp', avif: '/uploads/p/lm358-320.avif' }];
    await server.database.db.execute(sql`insert into product_images (product_id, src, alt, width, height, sort, variants)
      select id, '/uploads/p/lm358.jpg', 'LM358', 1200, 900, -1, ${JSON.stringify(variants)}::jsonb from products where slug = 'lm358n-dip8'`);
    const single = (await server.api('/get/products/lm358n-dip8')).body.data;
    expect(single.images[0].variants).toEqual(variants);
    const id = (await exportCall('/export/index')).body.data.products.find((p: { slug: string }) => p.slug === 'lm358n-dip8').id as number;
    const { body } = await exportCall(`/export/products?after=${id - 1}&limit=1`);
    expect(body.data.items[0]).toEqual(single);
  });

  it('returns only products changed since the given time', async () => {
    const before = (await exportCall('/export/index')).body.data.generatedAt;
    await server.database.db.execute(sql`update products set price = price + 10, updated_at = now() where slug = 'lm358n-dip8'`);
    const { body } = await exportCall(`/export/products?since=${encodeURIComponent(before)}`);
    expect(body.data.items.map((p: { slug: string }) => p.slug)).toEqual(['lm358n-dip8']);
    expect(body.data.next).toBeNull();
  });

  it('refuses bad paging and times with 422 and Persian messages', async () => {
    for (const q of ['limit=0', 'limit=5000', 'after=-1', 'after=x', 'since=yesterday']) {
      const { status, body } = await exportCall(`/export/products?${q}`);
      expect(status, q).toBe(422);
      expect(Object.values(body.data.errors).flat().join(' ')).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('export/changes', () => {
  it('names changed and removed products, categories and content since a time', async () => {
    const since = (await exportCall('/export/index')).body.data.generatedAt;
    const empty = (await exportCall(`/export/changes?since=${encodeURIComponent(since)}`)).body.data;
    expect(empty.products).toEqual({ changed: [], removed: [], removedIds: {} });

    await server.database.db.execute(sql`update products set stock = stock + 1, updated_at = now() where slug = 'lm358p-pdip8'`);
    await server.database.db.execute(sql`update products set enable = false, updated_at = now() where slug = 'lm358n-dip8'`);
    await server.database.db.execute(sql`update categories set name = name, updated_at = now() where slug = 'op-amps'`);
    const { status, body } = await exportCall(`/export/changes?since=${encodeURIComponent(since)}`);
    expect(status).toBe(200);
    expect(body.data.products.changed).toEqual(['lm358p-pdip8']);
    expect(body.data.products.removed).toEqual(['lm358n-dip8']);
    // Its id names the sitemap shard that listed it (src/build/sitemap-patch.ts).
    const id = rowsOf<{ id: number }>(await server.database.db.execute(sql`select id from products where slug = 'lm358n-dip8'`))[0]!.id;
    expect(body.data.products.removedIds).toEqual({ 'lm358n-dip8': id });
    expect(body.data.categories).toEqual(['op-amps']);
    expect(Date.parse(body.data.generatedAt)).toBeGreaterThanOrEqual(Date.parse(since));
  });

  it('needs a valid since', async () => {
    expect((await exportCall('/export/changes')).status).toBe(422);
    expect((await exportCall('/export/changes?since=not-a-time')).status).toBe(422);
  });
});
