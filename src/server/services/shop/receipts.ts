/** Bank-transfer receipts (spec §3 "Bank receipt"): anyone may register one; staff accept or reject it. */
import { and, count, desc, eq, gte, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { StaffReceiptListQuery } from '../../../api/schemas/shop';
import type { Db } from '../../db/client';
import { bankReceipts, orders } from '../../db/schema';
import { toAsciiDigits } from '../../../lib/persian';

export interface ReceiptInput {
  name: string;
  payment_date: string;
  price: number;
  factor_number: string;
  tracking_code: string;
  account_number: string;
}

export async function createReceipt(db: Db, input: ReceiptInput, userId: number | null): Promise<{ id: number }> {
  const factorNumber = toAsciiDigits(input.factor_number);
  // The receipt is linked when the factor exists; the answer never says whether it does (guests may send it).
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.factorNumber, factorNumber), isNull(orders.deletedAt)))
    .limit(1);
  const [row] = await db
    .insert(bankReceipts)
    .values({
      orderId: order?.id ?? null,
      userId,
      name: input.name,
      paymentDate: new Date(input.payment_date),
      price: input.price,
      factorNumber,
      trackingCode: toAsciiDigits(input.tracking_code),
      accountNumber: toAsciiDigits(input.account_number),
    })
    .returning({ id: bankReceipts.id });
  return row!;
}

const TEHRAN_OFFSET = '+03:30';
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** What a clerk's search box may mean: a factor number, any part of a tracking code, or an amount in toman. */
function searchCondition(raw: string): SQL | undefined {
  const q = toAsciiDigits(raw).trim();
  if (!q) return undefined;
  const like = `%${escapeLike(q)}%`;
  const either: SQL[] = [eq(bankReceipts.factorNumber, q), ilike(bankReceipts.trackingCode, like), ilike(bankReceipts.name, like)];
  // "1,250,000" or "1 250 000" toman as typed from a bank statement.
  const amount = q.replace(/[,\s٬]/g, '');
  if (/^\d{1,11}$/.test(amount)) either.push(eq(bankReceipts.price, Number(amount) * 10));
  return or(...either);
}

/**
 * A page of receipts, newest first, with the linked invoice's total beside each amount. Filters keep a
 * real receipt findable when someone floods the form with fake ones.
 */
export async function listReceipts(db: Db, query: StaffReceiptListQuery) {
  const where = and(
    query.status === 'all' ? undefined : eq(bankReceipts.status, query.status),
    query.from ? gte(bankReceipts.paymentDate, new Date(`${query.from}T00:00:00${TEHRAN_OFFSET}`)) : undefined,
    query.to ? lt(bankReceipts.paymentDate, new Date(new Date(`${query.to}T00:00:00${TEHRAN_OFFSET}`).getTime() + 86_400_000)) : undefined,
    query.q ? searchCondition(query.q) : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(bankReceipts).where(where)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(Number(total) / query.limit));
  const rows = await db
    .select({ r: bankReceipts, orderTotal: orders.total })
    .from(bankReceipts)
    .leftJoin(orders, eq(orders.id, bankReceipts.orderId))
    .where(where)
    .orderBy(desc(bankReceipts.createdAt), desc(bankReceipts.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    data: rows.map(({ r, orderTotal }) => ({
      id: r.id,
      orderId: r.orderId,
      name: r.name,
      paymentDate: r.paymentDate.toISOString(),
      price: r.price,
      factorNumber: r.factorNumber,
      trackingCode: r.trackingCode,
      accountNumber: r.accountNumber,
      status: r.status,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      orderTotal: orderTotal ?? null,
    })),
    total: Number(total),
    page: query.page,
    pages,
    limit: query.limit,
  };
}
