/**
 * A customer's addresses. Every query is scoped by the owner's id, so another customer's address is
 * simply "not found". At most one address is the default; the first one always is.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { AddressBody, AddressView } from '../../../api/schemas/account';
import type { Db } from '../../db/client';
import { addresses, cities, provinces } from '../../db/schema';
import { notFound, validationFailed } from '../../http/errors';
import { cityInProvince } from './places';

export const ADDRESS_NOT_FOUND = 'Not Found!';
/** A customer with more addresses than this is a script, not a shopper. */
export const MAX_ADDRESSES = 50;

type Tx = Db;

async function rows(db: Db, userId: number, id?: number): Promise<AddressView[]> {
  const list = await db
    .select({
      a: addresses,
      provinceName: provinces.name,
      cityName: cities.name,
    })
    .from(addresses)
    .innerJoin(provinces, eq(provinces.id, addresses.provinceId))
    .innerJoin(cities, eq(cities.id, addresses.cityId))
    .where(and(eq(addresses.userId, userId), id === undefined ? undefined : eq(addresses.id, id)))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  const lastSelectedAt = Math.max(0, ...list.map((r) => r.a.lastSelectedAt?.getTime() ?? 0));
  return list.map(({ a, provinceName, cityName }) => ({
    id: a.id,
    name: a.name,
    mobile: a.mobile,
    phone: a.phone,
    province: { id: a.provinceId, name: provinceName },
    city: { id: a.cityId, name: cityName },
    address: a.address,
    postCode: a.postCode,
    latitude: a.latitude,
    longitude: a.longitude,
    description: a.description,
    default: a.isDefault,
    lastSelected: lastSelectedAt > 0 && a.lastSelectedAt?.getTime() === lastSelectedAt,
  }));
}

export const listAddresses = (db: Db, userId: number) => rows(db, userId);

export async function getAddress(db: Db, userId: number, id: number): Promise<AddressView> {
  const [row] = await rows(db, userId, id);
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return row;
}

async function checkPlace(db: Db, body: AddressBody): Promise<void> {
  if (!(await cityInProvince(db, body.city_id, body.province_id))) {
    throw validationFailed({ city_id: ['این شهر در استان انتخاب‌شده نیست.'] });
  }
}

const columns = (body: AddressBody) => ({
  name: body.name,
  mobile: body.mobile,
  phone: body.phone,
  provinceId: body.province_id,
  cityId: body.city_id,
  address: body.address,
  postCode: body.postCode,
  latitude: body.latitude,
  longitude: body.longitude,
  description: body.description,
});

async function clearOtherDefaults(tx: Tx, userId: number, keepId: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, keepId), eq(addresses.isDefault, true)));
}

export async function createAddress(db: Db, userId: number, body: AddressBody): Promise<AddressView> {
  await checkPlace(db, body);
  const id = await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    // Serialises concurrent creates of one customer, so two "first" addresses cannot both be default.
    await tx.execute(sql`select pg_advisory_xact_lock(${userId})`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (n >= MAX_ADDRESSES) throw validationFailed({ _: [`حداکثر ${MAX_ADDRESSES} نشانی می‌توانید داشته باشید.`] });
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columns(body), isDefault: body.default || n === 0 })
      .returning({ id: addresses.id, isDefault: addresses.isDefault });
    if (row!.isDefault) await clearOtherDefaults(tx, userId, row!.id);
    return row!.id;
  });
  return getAddress(db, userId, id);
}

export async function updateAddress(db: Db, userId: number, id: number, body: AddressBody): Promise<AddressView> {
  await checkPlace(db, body);
  await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const [row] = await tx
      .update(addresses)
      .set({ ...columns(body), updatedAt: new Date(), ...(body.default ? { isDefault: true } : {}) })
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
      .returning({ isDefault: addresses.isDefault });
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    if (body.default) await clearOtherDefaults(tx, userId, id);
  });
  return getAddress(db, userId, id);
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
      .returning({ isDefault: addresses.isDefault });
    if (!gone) throw notFound(ADDRESS_NOT_FOUND);
    if (gone.isDefault) {
      // The newest remaining address takes over, so a customer with addresses always has a default.
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}

/** Checkout remembers the address last chosen; the spec's last-address-selected/{id}. */
export async function selectAddress(db: Db, userId: number, id: number): Promise<AddressView> {
  const [row] = await db
    .update(addresses)
    .set({ lastSelectedAt: new Date() })
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .returning({ id: addresses.id });
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return getAddress(db, userId, id);
}
