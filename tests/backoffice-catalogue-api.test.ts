/**
 * Back office catalogue structure over the real server and database: categories created, renamed,
 * moved with their subtree, reordered and re-imaged; brands; attributes and a value renamed on every
 * product; the departments menu. Guests 401, customers 403, bad input a Persian 4xx, each change in
 * the staff action log and named by export/changes for the rebuild.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productAttributeValues, products, staffActions } from '../src/server/db/schema';
import { exportChanges } from '../src/server/services/catalogue-export';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, staffToken, type Customer } from './support/shop';

let server: TestServer;
let staff: string;
let customer: Customer;

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffToken(server);
  customer = await newCustomer(server, 'cat');
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

const asStaff = () => bearer(staff);
const db = () => server.database.db;
const actions = async (action: string) => db().select().from(staffActions).where(eq(staffActions.action, action));

describe('who may call', () => {
  it.each([
    ['GET', '/staff/categories', undefined],
    ['POST', '/staff/categories', { slug: 'nope', name: 'N', nameFa: 'ن' }],
    ['GET', '/staff/brands', undefined],
    ['PUT', '/staff/brands/1', { slug: 'nope', name: 'N' }],
    ['GET', '/staff/attributes', undefined],
    ['POST', '/staff/attributes/1/values', { from: 'a', to: 'b' }],
    ['GET', '/staff/menu', undefined],
    ['DELETE', '/staff/menu/1', undefined],
  ])('%s %s: 401 for guests, 403 for customers', async (method, path, body) => {
    expect((await server.api(path, json(method, body))).status).toBe(401);
    const asCustomer = await server.api(path, json(method, body, bearer(customer.token)));
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.message).toBe('این بخش فقط برای کارکنان فروشگاه است.');
  });
});

describe('categories', () => {
  it('creates, renames, re-images, moves with the subtree and reorders; the public tree follows', async () => {
    const a = await server.api(
      '/staff/categories',
      json('POST', { slug: 'bo-parent', name: 'BO Parent', nameFa: 'والد آزمایشی' }, asStaff()),
    );
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const b = await server.api(
      '/staff/categories',
      json('POST', { slug: 'bo-child', name: 'BO Child', nameFa: 'فرزند', parentId: a.body.data.id }, asStaff()),
    );
    const c = await server.api(
      '/staff/categories',
      json('POST', { slug: 'bo-grandchild', name: 'BO Grandchild', nameFa: 'نوه', parentId: b.body.data.id }, asStaff()),
    );
    const other = await server.api('/staff/categories', json('POST', { slug: 'bo-other', name: 'BO Other', nameFa: 'دیگر' }, asStaff()));
    expect([b.status, c.status, other.status]).toEqual([201, 201, 201]);

    const renamed = await server.api(
      `/staff/categories/${b.body.data.id}`,
      json('PUT', { nameFa: 'فرزند تازه', image: '/media/categories/child.webp' }, asStaff()),
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const moved = await server.api(`/staff/categories/${b.body.data.id}`, json('PUT', { parentId: other.body.data.id }, asStaff()));
    expect(moved.status).toBe(200);
    const [grand] = await db().select().from(categories).where(eq(categories.slug, 'bo-grandchild'));
    expect(grand!.path).toBe(`/${other.body.data.id}/${b.body.data.id}/${c.body.data.id}/`);
    expect(grand!.depth).toBe(2);

    const tree = await server.api('/categories/bo-other');
    expect(tree.status).toBe(200);
    expect(JSON.stringify(tree.body)).toContain('فرزند تازه');

    // Into its own subtree: refused, nothing written.
    const loop = await server.api(`/staff/categories/${other.body.data.id}`, json('PUT', { parentId: c.body.data.id }, asStaff()));
    expect(loop.status).toBe(422);
    expect(loop.body.data.errors.parentId).toEqual(['یک دسته‌بندی را نمی‌توان زیر خودش یا زیرمجموعه‌های خودش برد.']);

    const x = await server.api(
      '/staff/categories',
      json('POST', { slug: 'bo-second', name: 'BO Second', nameFa: 'دوم', parentId: other.body.data.id }, asStaff()),
    );
    const order = await server.api(
      '/staff/categories/order',
      json('POST', { parentId: other.body.data.id, ids: [x.body.data.id, b.body.data.id] }, asStaff()),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const list = (await server.api('/staff/categories', { headers: asStaff() })).body.data as { slug: string }[];
    const slugs = list.map((r) => r.slug);
    expect(slugs.indexOf('bo-second')).toBeLessThan(slugs.indexOf('bo-child'));

    expect((await actions('category.update')).length).toBeGreaterThanOrEqual(2);
    expect((await actions('category.reorder')).length).toBe(1);
  });

  it('refuses a taken slug, a bad image, a missing parent and an incomplete order with Persian messages', async () => {
    const taken = await server.api('/staff/categories', json('POST', { slug: 'bo-parent', name: 'X', nameFa: 'ایکس' }, asStaff()));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('این شناسه پیش‌تر به کار رفته است؛ شناسه دیگری بنویسید.');
    const bad = await server.api(
      '/staff/categories',
      json('POST', { slug: 'bad slug!', name: '', nameFa: '<b>x</b>', image: 'javascript:alert(1)' }, asStaff()),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['image', 'name', 'nameFa', 'slug']);
    expect(bad.body.data.errors.image).toEqual(['نشانی تصویر باید با /media/ یا https:// آغاز شود.']);
    const orphan = await server.api(
      '/staff/categories',
      json('POST', { slug: 'bo-orphan', name: 'O', nameFa: 'یتیم', parentId: 2_000_000 }, asStaff()),
    );
    expect(orphan.status).toBe(422);
    expect(orphan.body.data.errors.parentId).toEqual(['دسته‌بندی والد پیدا نشد.']);
    const partial = await server.api('/staff/categories/order', json('POST', { parentId: null, ids: [1] }, asStaff()));
    expect(partial.status).toBe(422);
    const used = await server.api(
      `/staff/categories/${(await db().select().from(products).limit(1))[0]!.categoryId}`,
      json('DELETE', undefined, asStaff()),
    );
    expect(used.status).toBe(409);
  });
});

describe('brands, attributes and the menu', () => {
  it('creates and renames a brand; its products are marked changed', async () => {
    const created = await server.api('/staff/brands', json('POST', { slug: 'bo-brand', name: 'BO Brand', nameFa: 'برند' }, asStaff()));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [p] = await db().select().from(products).limit(1);
    await db().update(products).set({ brandId: created.body.data.id }).where(eq(products.id, p!.id));
    const before = (await db().select().from(products).where(eq(products.id, p!.id)))[0]!.updatedAt;
    const renamed = await server.api(
      `/staff/brands/${created.body.data.id}`,
      json('PUT', { slug: 'bo-brand', name: 'BO Brand 2', nameFa: null }, asStaff()),
    );
    expect(renamed.status).toBe(200);
    const after = (await db().select().from(products).where(eq(products.id, p!.id)))[0]!.updatedAt;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    const list = (await server.api('/staff/brands', { headers: asStaff() })).body.data;
    expect(list.find((b: { slug: string }) => b.slug === 'bo-brand')).toMatchObject({ name: 'BO Brand 2', products: 1 });
    expect((await server.api('/staff/brands/2000000', json('PUT', { slug: 'zz', name: 'Z' }, asStaff()))).status).toBe(404);
  });

  it('renames an attribute value on every product that has it', async () => {
    const attr = await server.api('/staff/attributes', json('POST', { slug: 'bo-voltage', name: 'Voltage', nameFa: 'ولتاژ' }, asStaff()));
    expect(attr.status).toBe(201);
    const id = attr.body.data.id;
    const two = await db().select({ id: products.id }).from(products).limit(2);
    for (const p of two)
      await db().insert(productAttributeValues).values({ productId: p.id, attributeId: id, value: '5 V', valueSlug: '5-v' });
    const renamed = await server.api(`/staff/attributes/${id}/values`, json('POST', { from: '5 V', to: '5V' }, asStaff()));
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const rows = await db().select().from(productAttributeValues).where(eq(productAttributeValues.attributeId, id));
    expect(rows.map((r) => [r.value, r.valueSlug])).toEqual([
      ['5V', '5v'],
      ['5V', '5v'],
    ]);
    const listed = (await server.api('/staff/attributes', { headers: asStaff() })).body.data.find((a: { id: number }) => a.id === id);
    expect(listed.values).toEqual([{ value: '5V', slug: '5v', products: 2 }]);
    const missing = await server.api(`/staff/attributes/${id}/values`, json('POST', { from: '12 V', to: '12V' }, asStaff()));
    expect(missing.status).toBe(422);
    expect(missing.body.data.errors.from).toEqual(['این مقدار برای این ویژگی ثبت نشده است.']);
  });

  it('adds, changes and removes menu items; export/changes names the menu for the rebuild', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const item = await server.api('/staff/menu', json('POST', { title: 'حراج', titleEn: 'Sale', url: '/shop/catalog?sale=1' }, asStaff()));
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const pub = await server.api('/departments');
    expect(JSON.stringify(pub.body)).toContain('حراج');
    const bad = await server.api('/staff/menu', json('POST', { title: 'بد', url: 'javascript:alert(1)' }, asStaff()));
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.url).toEqual(['نشانی باید با / یا http(s):// آغاز شود.']);
    expect(
      (await server.api(`/staff/menu/${item.body.data.id}`, json('PUT', { title: 'حراج بزرگ', url: '/shop/catalog' }, asStaff()))).status,
    ).toBe(200);
    expect((await server.api(`/staff/menu/${item.body.data.id}`, json('DELETE', undefined, asStaff()))).status).toBe(200);
    expect((await server.api(`/staff/menu/${item.body.data.id}`, json('DELETE', undefined, asStaff()))).status).toBe(404);
    expect((await actions('menu.create')).length).toBe(1);
    const changes = await exportChanges(db(), since);
    expect(changes.site).toContain('menu');
  });
});
