/**
 * The customer's server-side cart (spec §7: the truth the client store mirrors). Every answer is the
 * whole cart priced afresh from the catalogue through the shared rules of src/lib.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Cart, CartItem } from '../../../api/schemas/shop';
import { optionsKey, type CartLineOption } from '~/lib/cart-line-key';
import { cartTotals } from '~/lib/cart-totals';
import { mergeReferences } from '../../../lib/bom/line-reference';
import { cartQuantityCap, checkCartQuantity, QUANTITY_MESSAGES } from '../../../lib/quantity';
import type { Db } from '../../db/client';
import { cartItems, carts } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { DISCOUNT_CODE_MESSAGES } from '../../../lib/discount-code';
import { cartDiscountCodeOf, checkDiscountCode } from './discount-codes';
import { loadPricedProducts, quantityRulesOf, toCartProduct, type PricedProduct } from './priced-products';

export const CART_MESSAGES = {
  productGone: 'این کالا دیگر در فروشگاه موجود نیست.',
  lineNotFound: 'این ردیف در سبد خرید شما نیست.',
  added: 'به سبد خرید اضافه شد.',
} as const;

type Option = CartLineOption;

async function cartIdOf(db: Db, userId: number, create: boolean): Promise<number | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
  if (row || !create) return row?.id ?? null;
  const [made] = await db.insert(carts).values({ userId }).onConflictDoNothing().returning({ id: carts.id });
  if (made) return made.id;
  const [again] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
  return again!.id;
}

/** 422 with the Persian reason a quantity cannot go into the cart (spec §5). */
export function assertCartQuantity(product: PricedProduct, quantity: number, field = 'cart_quantity'): void {
  if (!product.purchasable) throw new HttpError(422, CART_MESSAGES.productGone, { [field]: [CART_MESSAGES.productGone] });
  const verdict = checkCartQuantity(quantityRulesOf(product), quantity);
  if (!verdict.ok) {
    const message = QUANTITY_MESSAGES[verdict.reason];
    throw new HttpError(422, message, { [field]: [message] });
  }
}

export interface CartLineRow {
  id: number;
  productId: number;
  quantity: number;
  options: Option[];
  reference: string | null;
}

async function cartLines(db: Db, cartId: number): Promise<CartLineRow[]> {
  return db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      options: cartItems.options,
      reference: cartItems.reference,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(cartItems.id);
}

/** Lines with their products, in the order they were added. */
export async function loadCartLines(db: Db, userId: number): Promise<{ row: CartLineRow; product: PricedProduct }[]> {
  const cartId = await cartIdOf(db, userId, false);
  if (cartId === null) return [];
  const rows = await cartLines(db, cartId);
  const byId = await loadPricedProducts(
    db,
    rows.map((r) => r.productId),
  );
  return rows.flatMap((row) => {
    const product = byId.get(row.productId);
    return product ? [{ row, product }] : [];
  });
}

export async function getCart(db: Db, userId: number): Promise<Cart> {
  const [lines, code] = await Promise.all([loadCartLines(db, userId), cartDiscountCodeOf(db, userId)]);
  // The code is checked afresh on every read: one that expired or ran out since it was entered stops counting, and the cart says why.
  const verdict = code === null ? null : await checkDiscountCode(db, code);
  const discountPercent = verdict?.ok ? verdict.percent : 0;
  const totals = cartTotals(
    lines.map(({ row, product }) => ({
      product,
      quantity: row.quantity,
      available: product.purchasable,
      cap: cartQuantityCap(quantityRulesOf(product)),
    })),
    { discountPercent },
  );
  const items: CartItem[] = lines.map(({ row, product }, i) => {
    const priced = totals.lines[i]!;
    return {
      id: row.id,
      product: toCartProduct(product),
      productAvailable: priced.productAvailable,
      preOrder: product.availability === 'pre-order',
      options: row.options,
      reference: row.reference,
      quantity: row.quantity,
      price: priced.unitPrice,
      total: priced.total,
      nextBreak: priced.nextBreak,
    };
  });
  return {
    items,
    subtotal: totals.subtotal,
    vatIncluded: totals.vatIncluded,
    totals: totals.totals,
    total: totals.total,
    quantity: totals.quantity,
    cartCount: totals.cartCount,
    discountCode: verdict?.ok ? { code: verdict.code, percent: verdict.percent } : null,
    discountProblem: verdict && !verdict.ok ? DISCOUNT_CODE_MESSAGES[verdict.reason] : null,
  };
}

/**
 * Adds `quantity` of a product; the same product with the same option set raises that line (spec §4).
 * The resulting line quantity must pass the quantity rules, or nothing changes.
 */
export async function addToCart(db: Db, userId: number, productId: number, quantity: number, options: Option[]): Promise<Cart> {
  const product = (await loadPricedProducts(db, [productId])).get(productId);
  if (!product) throw notFound(CART_MESSAGES.productGone);
  const key = optionsKey(options);
  await db.transaction(async (tx) => {
    const cartId = (await cartIdOf(tx as unknown as Db, userId, true))!;
    const [existing] = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId), eq(cartItems.optionsKey, key)))
      .for('update');
    const next = (existing?.quantity ?? 0) + quantity;
    assertCartQuantity(product, existing ? next : quantity);
    if (existing) await tx.update(cartItems).set({ quantity: next, updatedAt: new Date() }).where(eq(cartItems.id, existing.id));
    else await tx.insert(cartItems).values({ cartId, productId, quantity, options, optionsKey: key });
  });
  return getCart(db, userId);
}

export type BatchOutcome =
  | { ok: true; added: number; lineQuantity: number }
  | { ok: false; message: string; reason: Exclude<ReturnType<typeof checkCartQuantity>, { ok: true }>['reason'] | 'gone' };

/**
 * Adds several products (no options) in one transaction, e.g. a parts list. Each wish is checked on
 * its own against the quantity the line would reach (what is already in the cart plus earlier wishes
 * for the same product): a refused wish is reported and skipped, the others are still added.
 */
export async function addManyToCart(
  db: Db,
  userId: number,
  wishes: { productId: number; quantity: number; reference?: string | null }[],
): Promise<BatchOutcome[]> {
  const byId = await loadPricedProducts(
    db,
    wishes.map((w) => w.productId),
  );
  return db.transaction(async (tx) => {
    const cartId = (await cartIdOf(tx as unknown as Db, userId, true))!;
    const existing = await tx
      .select({ id: cartItems.id, productId: cartItems.productId, quantity: cartItems.quantity, reference: cartItems.reference })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.optionsKey, '')))
      .for('update');
    const lines = new Map(
      existing.map((e) => [e.productId, { id: e.id as number | null, start: e.quantity, quantity: e.quantity, reference: e.reference }]),
    );
    const outcomes = wishes.map((wish): BatchOutcome => {
      const product = byId.get(wish.productId);
      if (!product?.purchasable) return { ok: false, reason: 'gone', message: CART_MESSAGES.productGone };
      const line = lines.get(wish.productId) ?? { id: null, start: 0, quantity: 0, reference: null };
      const next = line.quantity + wish.quantity;
      const verdict = checkCartQuantity(quantityRulesOf(product), next);
      if (!verdict.ok) return { ok: false, reason: verdict.reason, message: QUANTITY_MESSAGES[verdict.reason] };
      line.quantity = next;
      line.reference = mergeReferences(line.reference, wish.reference);
      lines.set(wish.productId, line);
      return { ok: true, added: wish.quantity, lineQuantity: next };
    });
    for (const [productId, line] of lines) {
      if (line.quantity === line.start) continue;
      if (line.id !== null)
        await tx
          .update(cartItems)
          .set({ quantity: line.quantity, reference: line.reference, updatedAt: new Date() })
          .where(eq(cartItems.id, line.id));
      else
        await tx
          .insert(cartItems)
          .values({ cartId, productId, quantity: line.quantity, options: [], optionsKey: '', reference: line.reference });
    }
    return outcomes;
  });
}

/** Sets line quantities (the cart page's "update"); a quantity of 0 removes the line. All or nothing. */
export async function setCartQuantities(db: Db, userId: number, quantities: { id: number; quantity: number }[]): Promise<Cart> {
  const lines = await loadCartLines(db, userId);
  const byLine = new Map(lines.map((l) => [l.row.id, l]));
  for (const [i, q] of quantities.entries()) {
    const line = byLine.get(q.id);
    if (!line) throw new HttpError(422, CART_MESSAGES.lineNotFound, { [`quantities.${i}.id`]: [CART_MESSAGES.lineNotFound] });
    if (q.quantity !== 0) assertCartQuantity(line.product, q.quantity, `quantities.${i}.quantity`);
  }
  await db.transaction(async (tx) => {
    for (const q of quantities) {
      if (q.quantity === 0) await tx.delete(cartItems).where(eq(cartItems.id, q.id));
      else await tx.update(cartItems).set({ quantity: q.quantity, updatedAt: new Date() }).where(eq(cartItems.id, q.id));
    }
  });
  return getCart(db, userId);
}

/** The customer's own reference for a line (designators, where it goes); null clears it. */
export async function setCartReference(db: Db, userId: number, id: number, reference: string | null): Promise<Cart> {
  const cartId = await cartIdOf(db, userId, false);
  const updated =
    cartId === null
      ? []
      : await db
          .update(cartItems)
          .set({ reference, updatedAt: new Date() })
          .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, id)))
          .returning({ id: cartItems.id });
  if (updated.length === 0) throw new HttpError(422, CART_MESSAGES.lineNotFound, { id: [CART_MESSAGES.lineNotFound] });
  return getCart(db, userId);
}

export async function removeProduct(db: Db, userId: number, productId: number): Promise<Cart> {
  const cartId = await cartIdOf(db, userId, false);
  if (cartId !== null) await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  return getCart(db, userId);
}

/** Removes the given lines, or every line when no ids are given. */
export async function removeLines(db: Db, userId: number, ids?: number[]): Promise<Cart> {
  const cartId = await cartIdOf(db, userId, false);
  if (cartId !== null) {
    if (ids === undefined) await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
    else if (ids.length > 0) await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, ids)));
  }
  return getCart(db, userId);
}
