/**
 * products/by-ids, the call behind the wishlist and compare pages, against the real server with the
 * shared catalogue: order kept, attributes and datasheet as on the product page, hidden products
 * reported missing, bad id lists refused with a Persian 422.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsByIdsResponseSchema } from '../src/api/schemas/lists';
import { productAttributeValues, products } from '../src/server/db/schema';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Enabled products that have attributes, by id. */
async function productsWithAttributes(n: number) {
  return server.database.db
    .selectDistinct({ id: products.id, slug: products.slug })
    .from(products)
    .innerJoin(productAttributeValues, eq(productAttributeValues.productId, products.id))
    .where(eq(products.enable, true))
    .orderBy(products.id)
    .limit(n);
}

describe('products/by-ids', () => {
  it('answers each product as its page does, in the order asked', async () => {
    const [a, b, c] = await productsWithAttributes(3);
    const { status, body } = await server.api(`/products/by-ids?ids=${c!.id},${a!.id},${b!.id},${a!.id}`);
    expect(status).toBe(200);
    const { data } = productsByIdsResponseSchema.parse(body);
    expect(data.items.map((p) => p.id)).toEqual([c!.id, a!.id, b!.id]);
    expect(data.missing).toEqual([]);
    const page = (await server.api(`/get/products/${a!.slug}`)).body.data;
    const listed = data.items[1]!;
    expect(listed.attributes).toEqual(page.attributes);
    expect(listed.attributes.length).toBeGreaterThan(0);
    expect(listed.datasheet).toBe(page.datasheet);
    expect(listed).toMatchObject({
      slug: page.slug,
      partNumber: page.partNumber,
      price: page.price,
      prices: page.prices,
      stock: page.stock,
      availability: page.availability,
    });
  });

  it('lists hidden and unknown products as missing instead of failing', async () => {
    const [a, b] = await productsWithAttributes(2);
    await server.database.db.update(products).set({ enable: false }).where(eq(products.id, b!.id));
    server.deps.cache.invalidate();
    try {
      const { status, body } = await server.api(`/products/by-ids?ids=${a!.id},${b!.id},999999999`);
      expect(status).toBe(200);
      expect(body.data.items.map((p: { id: number }) => p.id)).toEqual([a!.id]);
      expect(body.data.missing).toEqual([b!.id, 999999999]);
    } finally {
      await server.database.db.update(products).set({ enable: true }).where(eq(products.id, b!.id));
      server.deps.cache.invalidate();
    }
  });

  it.each([
    { name: 'no ids at all', query: '' },
    { name: 'an empty list', query: '?ids=' },
    { name: 'letters', query: '?ids=abc' },
    { name: 'a negative id', query: '?ids=-3' },
    { name: 'id zero', query: '?ids=0' },
    { name: 'a trailing comma', query: '?ids=1,2,' },
    { name: 'a fraction', query: '?ids=1.5' },
    { name: 'an id beyond int4', query: '?ids=9999999999' },
    { name: 'SQL in the list', query: `?ids=${encodeURIComponent('1);DROP TABLE products;--')}` },
  ])('refuses $name with a Persian 422', async ({ query }) => {
    const { status, body } = await server.api(`/products/by-ids${query}`);
    expect(status).toBe(422);
    expect(body.message).toMatch(/[\u0600-\u06FF]/);
    expect(Object.values(body.data.errors as Record<string, string[]>).flat()[0]).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses more than 100 products at once, counting repeats once', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    const refused = await server.api(`/products/by-ids?ids=${many}`);
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors.ids[0]).toContain('۱۰۰');
    const repeats = Array.from({ length: 150 }, () => 1).join(',');
    expect((await server.api(`/products/by-ids?ids=${repeats}`)).status).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const { body } = await server.api('/openapi.json');
    expect(Object.keys(body.paths)).toContain('/api/site/v1/products/by-ids');
  });
});
