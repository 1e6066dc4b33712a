/**
 * Discount codes: staff create and list them; the cart remembers the code a customer entered (checked,
 * not consumed); sending the enquiry consumes one use with a single conditional UPDATE, so a code with
 * a usage limit of 1 is used once however many customers send at the same moment.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { clampDiscountPercent } from '../../../lib/discount';
import type { DiscountCodeBody, DiscountCodeView } from '../../../api/schemas/discount-codes';
import { DISCOUNT_CODE_MESSAGES, discountCodeVerdict, normaliseDiscountCode, type DiscountCodeVerdict } from '../../../lib/discount-code';
import type { Db } from '../../db/client';
import { carts, discountCodes, orders, staffActions } from '../../db/schema';
import { HttpError } from '../../http/errors';

type CodeRow = typeof discountCodes.$inferSelect;

export const DISCOUNT_STAFF_MESSAGES = {
  taken: 'کد تخفیفی با این نام از پیش وجود دارد.',
} as const;

const toView = (r: CodeRow, now = new Date()): DiscountCodeView => {
  const verdict = discountCodeVerdict(r, now);
  return {
    id: r.id,
    code: r.code,
    percent: r.percent,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    usageLimit: r.usageLimit,
    usedCount: r.usedCount,
    createdAt: r.createdAt.toISOString(),
    status: verdict.ok || verdict.reason === 'unknown' ? 'active' : verdict.reason,
  };
};

export async function listDiscountCodes(db: Db): Promise<DiscountCodeView[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.id)).limit(500);
  return rows.map((r) => toView(r));
}

export async function createDiscountCode(db: Db, staffId: number, body: DiscountCodeBody): Promise<DiscountCodeView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code: body.code,
        percent: body.percent,
        startsAt: body.startsAt ?? null,
        endsAt: body.endsAt ?? null,
        usageLimit: body.usageLimit ?? null,
        createdBy: staffId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HttpError(409, DISCOUNT_STAFF_MESSAGES.taken, { code: [DISCOUNT_STAFF_MESSAGES.taken] });
    await tx.insert(staffActions).values({
      staffId,
      action: 'discount.create',
      entity: 'discount_code',
      entityId: row.id,
      details: { code: row.code, percent: row.percent, usageLimit: row.usageLimit },
    });
    return toView(row);
  });
}

async function findCode(db: Db, code: string): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normaliseDiscountCode(code)))
    .limit(1);
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
  await db
    .insert(carts)
    .values({ userId, discountCode: verdict.code })
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
  const [used] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      sql`${discountCodes.code} = ${normaliseDiscountCode(code)}
      AND (${discountCodes.startsAt} IS NULL OR ${discountCodes.startsAt} <= now())
      AND (${discountCodes.endsAt} IS NULL OR ${discountCodes.endsAt} > now())
      AND (${discountCodes.usageLimit} IS NULL OR ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
    )
    .returning({ percent: discountCodes.percent });
  if (used) return clampDiscountPercent(used.percent);
  const verdict = await checkDiscountCode(tx, code);
  throw refusal(verdict.ok ? 'used_up' : verdict.reason, 409);
}

/**
 * Makes order `orderId`'s hold on its code agree with whether its new state holds one (lib/order-machine
 * holdsDiscountUse), in the transaction of the state change. The order's discount_held flag flips only
 * through a conditional UPDATE, so however many moves or expiry passes race, a use is given back (or
 * taken again) exactly once: the loser finds the flag already flipped and touches no count.
 * `holds` false gives the use back; true takes it again (an expired pre-invoice paid after all, or an
 * enquiry asked again) — the order was priced with the code, so the count follows even past its limit.
 */
export async function settleDiscountHold(tx: Db, orderId: number, holds: boolean): Promise<void> {
  const [flipped] = await tx
    .update(orders)
    .set({ discountHeld: holds })
    .where(and(eq(orders.id, orderId), eq(orders.discountHeld, !holds), isNotNull(orders.discountCode)))
    .returning({ code: orders.discountCode });
  if (!flipped?.code) return;
  await tx
    .update(discountCodes)
    .set({ usedCount: holds ? sql`${discountCodes.usedCount} + 1` : sql`greatest(${discountCodes.usedCount} - 1, 0)` })
    .where(eq(discountCodes.code, flipped.code));
}

/**
 * Gives back the uses held by confirmed pre-invoices whose expiry has passed ("expired" is derived from
 * the clock, so no move marks it): run by the outbox worker's periodic checks, each order in its own
 * transaction that re-checks the expiry in the UPDATE. Returns how many were given back.
 */
export async function releaseExpiredDiscounts(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.discountHeld} AND ${orders.status} = 'confirmed' AND ${orders.expiresAt} <= ${now}`)
    .limit(200);
  let released = 0;
  for (const { id } of due) {
    released += await db.transaction(async (tx) => {
      // Still expired at the moment of writing: a payment that landed meanwhile keeps its use.
      const [still] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.id} = ${id} AND ${orders.status} = 'confirmed' AND ${orders.expiresAt} <= ${now}`)
        .for('update');
      if (!still) return 0;
      await settleDiscountHold(tx as unknown as Db, id, false);
      return 1;
    });
  }
  return released;
}
