/**
 * Discount codes: staff create and list them; the cart remembers the code a customer entered (checked,
 * not consumed); sending the enquiry consumes one use with a single conditional UPDATE, so a code with
 * a usage limit of 1 is used once however many customers send at the same moment.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { clampDiscountPercent } from '../../../lib/discount';
import type { DiscountCodeBody, DiscountCodeView } from '../../../api/schemas/discount-codes';
import { DISCOUNT_CODE_MESSAGES, discountCodeVerdict, normaliseDiscountCode, type DiscountCodeVerdict } from '../../../lib/discount-code';
import type { Db } from '../../db/client';
import { carts, discountCodes, staffActions } from '../../db/schema';
import { HttpError } from '../../http/errors';

type CodeRow = typeof discountCodes.$inferSelect;

export const DISCOUNT_STAFF_MESSAGES = {
  taken: 'کد تخفیفی با این نام از پیش وجود دارد.',
} as const;

const toView = (r: CodeRow, now = new Date()): DiscountCodeView => {
  const verdict = discountCodeVerdict(r, now);
  return {
    id: r.id, code: r.code, percent: r.percent, startsAt: r.startsAt?.toISOString() ?? null, endsAt: r.endsAt?.toISOString() ?? null,
    usageLimit: r.usageLimit, usedCount: r.usedCount, createdAt: r.createdAt.toISOString(),
    status: verdict.ok || verdict.reason === 'unknown' ? 'active' : verdict.reason,
  };
};

export async function listDiscountCodes(db: Db): Promise<DiscountCodeView[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.id)).limit(500);
  return rows.map((r) => toView(r));
}

export async function createDiscountCode(db: Db, staffId: number, body: DiscountCodeBody): Promise<DiscountCodeView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(discountCodes).values({
      code: body.code, percent: body.percent, startsAt: body.startsAt ?? null, endsAt: body.endsAt ?? null,
      usageLimit: body.usageLimit ?? null, createdBy: staffId,
    }).onConflictDoNothing().returning();
    if (!row) throw new HttpError(409, DISCOUNT_STAFF_MESSAGES.taken, { code: [DISCOUNT_STAFF_MESSAGES.taken] });
    await tx.insert(staffActions).values({ staffId, action: 'discount.create', entity: 'discount_code', entityId: row.id, details: { code: row.code, percent: row.percent, usageLimit: row.usageLimit } });
    return toView(row);
  });
}

async function findCode(db: Db, code: string): Promise<CodeRow | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, normaliseDiscountCode(code))).limit(1);
  return row ?? null;
}

/** Whether a code may be used now; the cart shows the reason when not. */
export async function checkDiscountCode(db: Db, code: string, now = new Date()): Promise<DiscountCodeVerdict & { code: string }> {
  return { ...discountCodeVerdict(await findCode(db, code), now), code: normaliseDiscountCode(code) };
}

const refusal = (reason: Exclude<DiscountCodeVerdict, { ok: true }>['reason'], status: 409 | 422) =>
  new HttpError(status, DISCOUNT_CODE_MESSAGES[reason], { discount_code: [DISCOUNT_CODE_MESSAGES[reason]] });

/** Puts a code on the customer's cart after checking it: 422 with the Persian reason when it cannot be used. */
export async function applyCartDiscountCode(db: Db, userId: number, raw: string): Promise<void> {
  const verdict = await checkDiscountCode(db, raw);
  if (!verdict.ok) throw refusal(verdict.reason, 422);
  await db.insert(carts).values({ userId, discountCode: verdict.code })
    .onConflictDoUpdate({ target: carts.userId, set: { discountCode: verdict.code, updatedAt: new Date() } });
}

export async function removeCartDiscountCode(db: Db, userId: number): Promise<void> {
  await db.update(carts).set({ discountCode: null, updatedAt: new Date() }).where(eq(carts.userId, userId));
}

export async function cartDiscountCodeOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ code: carts.discountCode }).from(carts).where(eq(carts.userId, userId)).limit(1);
  return row?.code ?? null;
}

/**
 * Takes one use of a code inside the enquiry's transaction. The conditions of the verdict are in the
 * UPDATE's WHERE, so concurrent senders are serialised by the row lock: the first one past the limit
 * finds the condition false and gets 409 with the reason; its enquiry rolls back.
 */
export async function consumeDiscountCode(tx: Db, code: string): Promise<number> {
  const [used] = await tx.update(discountCodes).set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(sql`${discountCodes.code} = ${normaliseDiscountCode(code)}
      AND (${discountCodes.startsAt} IS NULL OR ${discountCodes.startsAt} <= now())
      AND (${discountCodes.endsAt} IS NULL OR ${discountCodes.endsAt} > now())
      AND (${discountCodes.usageLimit} IS NULL OR ${discountCodes.usedCount} < ${discountCodes.usageLimit})`)
    .returning({ percent: discountCodes.percent });
  if (used) return clampDiscountPercent(used.percent);
  const verdict = await checkDiscountCode(tx, code);
  throw refusal(verdict.ok ? 'used_up' : verdict.reason, 409);
}
