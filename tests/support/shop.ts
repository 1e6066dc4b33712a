/** Helpers for the buying-path tests: customers with an address, a staff member, products set up for a case. */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { productPrices, products } from '../../src/server/db/schema';
import { DEMO_STAFF, ensureStaffAccount } from '../../src/server/seed/staff';
import type { TestServer } from './server';
import { solvedCaptcha } from './captcha';

export const json = (method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: body === undefined ? undefined : JSON.stringify(body),
});
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let seq = 0;
export interface Customer {
  username: string;
  password: string;
  token: string;
  addressId: number;
}

export async function tokenFor(server: TestServer, username: string, password: string): Promise<string> {
  const res = await server.api('/oauth/token', json('POST', { grant_type: 'password', client_id: 3, username, password }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token as string;
}

/** A registered customer with one (default) address in Tehran. */
export async function newCustomer(server: TestServer, name = 'shopper'): Promise<Customer> {
  seq++;
  const username = `${name}${seq}${Date.now() % 100000}`;
  const password = 'secret-pass-1';
  const reg = await server.api(
    '/register',
    json('POST', {
      name: 'مشتری آزمایشی',
      mobile: '09121234567',
      username,
      email: `${username}@example.com`,
      password,
      password_confirmation: password,
      captcha: await solvedCaptcha(server),
    }),
  );
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const token = await tokenFor(server, username, password);
  const provinces = await server.api('/dashboard/getProvince', { headers: bearer(token) });
  const tehranId = provinces.body.data.find((p: { name: string }) => p.name === 'تهران').id;
  const tehran = await server.api(`/dashboard/province/${tehranId}`, { headers: bearer(token) });
  const cityId = tehran.body.data.cities.find((c: { name: string }) => c.name === 'تهران').id;
  const address = await server.api(
    '/dashboard/address',
    json(
      'POST',
      {
        name: 'خانه',
        mobile: '09121234567',
        province_id: tehranId,
        city_id: cityId,
        address: 'تهران، خیابان آزادی، پلاک ۱۰',
        postCode: '1314567891',
      },
      bearer(token),
    ),
  );
  expect(address.status, JSON.stringify(address.body)).toBe(201);
  return { username, password, token, addressId: address.body.data.id };
}

export async function staffToken(server: TestServer): Promise<string> {
  await ensureStaffAccount(server.database.db);
  return tokenFor(server, DEMO_STAFF.username, DEMO_STAFF.password);
}

/**
 * Picks an enabled product and sets its stock, threshold, minimum purchase and tiers for a test case
 * (tiers in rials: [minCount, unitPrice]). Returns its id and slug.
 */
export async function prepareProduct(
  db: Db,
  opts: {
    skip?: number;
    stock: number;
    threshold?: number;
    minimumPurchase?: number;
    tiers?: [number, number][];
    preOrderDate?: string | null;
  },
): Promise<{ id: number; slug: string }> {
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(sql`${products.enable} AND ${products.deletedAt} IS NULL`)
    .orderBy(products.id)
    .limit(1)
    .offset(opts.skip ?? 0);
  const p = rows[0]!;
  const tiers = opts.tiers ?? [[1, 100_000]];
  await db
    .update(products)
    .set({
      stock: opts.stock,
      threshold: opts.threshold ?? 500,
      minimumPurchase: opts.minimumPurchase ?? 1,
      price: tiers[0]![1],
      compareAtPrice: null,
      availabilityDate: opts.preOrderDate ?? null,
    })
    .where(eq(products.id, p.id));
  await db.delete(productPrices).where(eq(productPrices.productId, p.id));
  await db.insert(productPrices).values(
    tiers.map(([minCount, price], i) => ({
      productId: p.id,
      minCount,
      maxCount: tiers[i + 1] ? tiers[i + 1]![0] - 1 : null,
      price,
      compareAtPrice: null,
    })),
  );
  return p;
}
