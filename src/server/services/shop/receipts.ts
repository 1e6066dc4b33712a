/** Bank-transfer receipts (spec §3 "Bank receipt"): anyone may register one; staff accept or reject it. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankReceipts, orders } from '../../db/schema';
import { toAsciiDigits } from '../../../lib/persian';

export interface ReceiptInput {
  name: string; payment_date: string; price: number; factor_number: string; tracking_code: string; account_number: string;
}

export async function createReceipt(db: Db, input: ReceiptInput, userId: number | null): Promise<{ id: number }> {
  const factorNumber = toAsciiDigits(input.factor_number);
  // The receipt is linked when the factor exists; the answer never says whether it does (guests may send it).
  const [order] = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.factorNumber, factorNumber), isNull(orders.deletedAt))).limit(1);
  const [row] = await db.insert(bankReceipts).values({
    orderId: order?.id ?? null, userId, name: input.name, paymentDate: new Date(input.payment_date), price: input.price,
    factorNumber, trackingCode: toAsciiDigits(input.tracking_code), accountNumber: toAsciiDigits(input.account_number),
  }).returning({ id: bankReceipts.id });
  return row!;
}

export async function listReceipts(db: Db, status?: 'pending' | 'accepted' | 'rejected') {
  const rows = await db.select().from(bankReceipts).where(status ? eq(bankReceipts.status, status) : undefined)
    .orderBy(desc(bankReceipts.createdAt)).limit(200);
  return rows.map((r) => ({
    id: r.id, orderId: r.orderId, name: r.name, paymentDate: r.paymentDate.toISOString(), price: r.price, factorNumber: r.factorNumber,
    trackingCode: r.trackingCode, accountNumber: r.accountNumber, status: r.status, reviewedAt: r.reviewedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
