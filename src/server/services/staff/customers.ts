/** Back office customers: a searchable, paged list; one customer's orders and addresses; blocking. */
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { STAFF_PEOPLE_MESSAGES as M } from '../../../api/schemas/staff-people';
import { normalisePersianText, toAsciiDigits } from '../../../lib/persian';
import type { Db } from '../../db/client';
import { addresses, authTokens, cities, orders, provinces, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { recordAction } from './audit';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const orderCount = sql<number>`(select count(*)::int from orders o where o.user_id = ${users.id} and o.deleted_at is null)`;

const toRow = (u: typeof users.$inferSelect, orders: number) => ({
  id: u.id,
  username: u.username,
  name: u.name,
  email: u.email,
  mobile: u.mobile,
  companyName: u.companyName,
  createdAt: u.createdAt.toISOString(),
  blocked: u.blockedAt !== null,
  orders: Number(orders),
});

export async function listCustomers(db: Db, q: string | undefined, page: number, limit: number) {
  const term = q ? toAsciiDigits(normalisePersianText(q)) : '';
  const like = `%${escapeLike(term)}%`;
  const where = and(
    eq(users.role, 'customer'),
    term
      ? or(
          ilike(users.username, like),
          ilike(users.name, like),
          ilike(users.email, like),
          ilike(users.mobile, like),
          ilike(users.companyName, like),
        )
      : undefined,
  );
  const [[{ n } = { n: 0 }], rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where),
    db
      .select({ u: users, orders: orderCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  return { data: rows.map((r) => toRow(r.u, r.orders)), page, pages: Math.max(1, Math.ceil(Number(n) / limit)), total: Number(n) };
}

async function customerRow(db: Db, id: number) {
  const [row] = await db.select({ u: users, orders: orderCount }).from(users).where(eq(users.id, id));
  if (!row) throw notFound(M.customerMissing);
  if (row.u.role !== 'customer') throw new HttpError(409, M.notCustomer);
  return row;
}

export async function customerDetail(db: Db, id: number) {
  const row = await customerRow(db, id);
  const [addressRows, orderRows] = await Promise.all([
    db
      .select({ a: addresses, province: provinces.name, city: cities.name })
      .from(addresses)
      .innerJoin(provinces, eq(provinces.id, addresses.provinceId))
      .innerJoin(cities, eq(cities.id, addresses.cityId))
      .where(eq(addresses.userId, id))
      .orderBy(desc(addresses.isDefault), asc(addresses.id)),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, id), isNull(orders.deletedAt)))
      .orderBy(desc(orders.createdAt))
      .limit(200),
  ]);
  return {
    ...toRow(row.u, row.orders),
    phone: row.u.phone,
    addresses: addressRows.map(({ a, province, city }) => ({
      id: a.id,
      name: a.name,
      mobile: a.mobile,
      province,
      city,
      address: a.address,
      postCode: a.postCode,
      isDefault: a.isDefault,
    })),
    orderList: orderRows.map((o) => ({
      id: o.id,
      factorNumber: o.factorNumber,
      status: o.status,
      total: o.total,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}

/** Blocking revokes every session at once; the sign-in and the session check refuse a blocked account. */
export async function setBlocked(db: Db, staffId: number, id: number, blocked: boolean) {
  await customerRow(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ blockedAt: blocked ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    if (blocked)
      await tx
        .update(authTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(authTokens.userId, id), isNull(authTokens.revokedAt)));
    await recordAction(tx, staffId, blocked ? 'customer.block' : 'customer.unblock', 'user', id);
  });
}
