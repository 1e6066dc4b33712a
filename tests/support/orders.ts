import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import { orders, users } from '../../src/server/db/schema';

/**
 * A customer and a confirmed pre-invoice written straight into the database, for tests of payment and
 * invoice code that must not wait for the cart and checkout flow.
 */
export async function insertCustomer(db: Db, name = 'مریم احمدی'): Promise<number> {
  const tag = randomBytes(4).toString('hex');
  const [u] = await db
    .insert(users)
    .values({
      username: `buyer_${tag}`,
      email: `buyer_${tag}@example.com`,
      name,
      mobile: '09121234567',
      passwordHash: 'not-a-real-hash',
    })
    .returning({ id: users.id });
  return u!.id;
}

let counter = 0;
export async function insertConfirmedOrder(
  db: Db,
  opts: { userId: number; total: number; status?: 'confirmed' | 'awaiting_approval' | 'paid'; expiresAt?: Date | null },
) {
  counter += 1;
  const number = `${Date.now().toString().slice(-6)}${counter}${randomBytes(2).readUInt16BE(0)}`;
  const [o] = await db
    .insert(orders)
    .values({
      factorNumber: `F-${number}`,
      trackingCode: `T${number}`,
      orderToken: randomBytes(16).toString('hex'),
      userId: opts.userId,
      type: 'p',
      status: opts.status ?? 'confirmed',
      shippingMethod: 'courier',
      address: {
        name: 'مریم احمدی',
        mobile: '09121234567',
        province: 'تهران',
        city: 'تهران',
        address: 'خیابان انقلاب، پلاک ۱',
        postCode: '1314567890',
      },
      subtotal: opts.total,
      total: opts.total,
      confirmedAt: new Date(),
      expiresAt: opts.expiresAt === undefined ? new Date(Date.now() + 24 * 3_600_000) : opts.expiresAt,
    })
    .returning();
  return o!;
}
