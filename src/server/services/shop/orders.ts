/**
 * The customer's side of orders: the cart becomes an inventory and price enquiry (awaiting approval)
 * whose lines snapshot product and price; the dashboard lists and opens factors; an open pre-invoice may
 * be deleted (never a paid invoice); an expired or "contact the store" one may be asked for again.
 */
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FactorDetail, FactorSummary } from '../../../api/schemas/shop';
import { cartTotals, orderAmounts } from '../../../lib/cart-totals';
import { shippingMethodsFor, type ShippingMethod, type ShippingRates } from '../../../lib/shipping';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { cartItems, carts, orderLines, orders } from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../http/errors';
import { getAddress } from '../accounts/addresses';
import { enqueueEnquiryReceived } from '../../notifications/order-events';
import { rememberLocale } from '../../notifications/recipients';
import { loadCartLines } from './cart';
import { cartDiscountCodeOf, consumeDiscountCode } from './discount-codes';
import { lineQuantities, toFactorDetail, toFactorSummary, type OrderRow } from './factor-views';
import { newFactorNumber, newOrderToken, newTrackingCode } from './order-codes';
import { orderState, SHIPPING_STATUS_LABELS, STATE_LABELS } from './order-states';
import { moveOrder, recordOrderEvent } from './order-transitions';

export const ORDER_MESSAGES = {
  emptyCart: 'سبد خرید شما خالی است.',
  unavailableLines: 'برخی کالاهای سبد دیگر موجود نیستند؛ آن‌ها را از سبد حذف کنید.',
  notFound: 'فاکتوری با این شماره پیدا نشد.',
  paidCannotDelete: 'فاکتور پرداخت‌شده را نمی‌توان حذف کرد.',
  notReRequestable: 'برای این پیش‌فاکتور نمی‌توان دوباره استعلام گرفت.',
  courierOutsideCity: (city: string) =>
    `ارسال با پیک فقط برای نشانی‌های شهر ${city} است؛ برای این نشانی پست، تیپاکس یا تحویل حضوری را انتخاب کنید.`,
};

const PAGE_SIZE = 10;

export async function createEnquiry(
  db: Db,
  input: {
    userId: number;
    addressId: number;
    shippingMethod: ShippingMethod;
    note?: string | undefined;
    ip: string | null;
    rates: ShippingRates;
    /** The store's city (STORE_CITY_FA): the courier is refused for addresses elsewhere. */
    storeCity: string;
    buyer?: { company?: string | undefined; national_id?: string | undefined; economic_code?: string | undefined } | undefined;
    /** For the notifications queued with the enquiry; `locale` is the language of the page it was sent from. */
    config?: Config;
    locale?: 'fa' | 'en' | undefined;
  },
): Promise<FactorSummary> {
  const address = await getAddress(db, input.userId, input.addressId).catch(() => {
    throw validationFailed({ address_id: ['این نشانی در فهرست نشانی‌های شما نیست.'] });
  });
  if (!shippingMethodsFor(address.city.name, input.storeCity).includes(input.shippingMethod)) {
    const message = ORDER_MESSAGES.courierOutsideCity(input.storeCity);
    throw new HttpError(422, message, { shipping_method: [message] });
  }
  const lines = await loadCartLines(db, input.userId);
  if (lines.length === 0) throw new HttpError(422, ORDER_MESSAGES.emptyCart, { cart: [ORDER_MESSAGES.emptyCart] });
  if (lines.some((l) => !l.product.purchasable))
    throw new HttpError(422, ORDER_MESSAGES.unavailableLines, { cart: [ORDER_MESSAGES.unavailableLines] });
  const priced = cartTotals(lines.map(({ row, product }) => ({ product, quantity: row.quantity, available: true }))).lines;
  const code = await cartDiscountCodeOf(db, input.userId);
  const buyer =
    input.buyer && (input.buyer.company || input.buyer.national_id || input.buyer.economic_code)
      ? { company: input.buyer.company, nationalId: input.buyer.national_id, economicCode: input.buyer.economic_code }
      : null;
  const row = await db.transaction(async (tx) => {
    // One use of the code is taken here or the whole enquiry is refused (409 with the reason).
    const discountPercent = code === null ? 0 : await consumeDiscountCode(tx as unknown as Db, code);
    const amounts = orderAmounts(
      priced.map((l) => l.total),
      input.shippingMethod,
      input.rates,
      discountPercent,
    );
    const [order] = await tx
      .insert(orders)
      .values({
        factorNumber: newFactorNumber(),
        trackingCode: newTrackingCode(),
        orderToken: newOrderToken(),
        userId: input.userId,
        type: 'p',
        status: 'awaiting_approval',
        shippingMethod: input.shippingMethod,
        address: address as unknown as Record<string, unknown>,
        ...amounts,
        customerNote: input.note ?? null,
        ipAddress: input.ip,
        discountCode: discountPercent > 0 ? code : null,
        discountPercent,
        discountHeld: discountPercent > 0,
        enquiryAmounts: amounts,
        buyer,
      })
      .returning();
    await tx.insert(orderLines).values(
      lines.map(({ row: line, product }, i) => ({
        orderId: order!.id,
        productId: product.id,
        product: { slug: product.slug, name: product.name, nameFa: product.nameFa, partNumber: product.partNumber },
        requestedQuantity: line.quantity,
        quantity: line.quantity,
        unitPrice: priced[i]!.unitPrice,
        requestedUnitPrice: priced[i]!.unitPrice,
        lineTotal: priced[i]!.total,
        reference: line.reference,
      })),
    );
    await tx.update(carts).set({ discountCode: null, updatedAt: new Date() }).where(eq(carts.userId, input.userId));
    // The enquiry now holds the lines; the cart starts empty again.
    await tx
      .delete(cartItems)
      .where(inArray(cartItems.cartId, tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, input.userId))));
    // Later mails to this customer follow the language they shop in.
    if (input.locale) await rememberLocale(tx, input.userId, input.locale);
    if (input.config) await enqueueEnquiryReceived(tx, input.config, order!.id);
    await recordOrderEvent(tx, {
      orderId: order!.id,
      verb: 'create',
      state: 'awaiting_approval',
      actor: { kind: 'customer', id: input.userId },
      reason: input.note ?? null,
    });
    return order!;
  });
  return toFactorSummary(
    row,
    priced.reduce((s, l) => s + l.quantity, 0),
  );
}

/** SQL for the dashboard tabs; "expired" is a confirmed row past its expiry. */
function tabCondition(type: 'p' | 'f' | 'a' | 'all'): SQL | undefined {
  const expired = sql`(${orders.status} = 'confirmed' AND ${orders.expiresAt} IS NOT NULL AND ${orders.expiresAt} <= now())`;
  if (type === 'f') return eq(orders.status, 'paid');
  if (type === 'p')
    return sql`(${orders.status} IN ('awaiting_approval', 'contact_store') OR (${orders.status} = 'confirmed' AND NOT ${expired}))`;
  if (type === 'a') return sql`(${orders.status} IN ('rejected', 'cancelled') OR ${expired})`;
  return undefined;
}

export async function listFactors(db: Db, userId: number, type: 'p' | 'f' | 'a' | 'all', page = 1) {
  const where = and(eq(orders.userId, userId), isNull(orders.deletedAt), tabCondition(type));
  const [{ total }] = (await db.select({ total: count() }).from(orders).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const quantities = await lineQuantities(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toFactorSummary(r, quantities.get(r.id) ?? 0)),
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
  };
}

/** The customer's own order by factor number; someone else's answers exactly like a missing one. */
export async function ownOrder(db: Db, userId: number, factorNumber: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.factorNumber, factorNumber), eq(orders.userId, userId), isNull(orders.deletedAt)))
    .limit(1);
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return row;
}

export async function ownFactorDetail(db: Db, userId: number, factorNumber: string): Promise<FactorDetail> {
  return toFactorDetail(db, await ownOrder(db, userId, factorNumber), true);
}

/** Deletes an unpaid pre-invoice or enquiry (kept as a soft delete for the store's records). */
export async function deleteFactor(db: Db, userId: number, factorNumber: string): Promise<void> {
  const row = await ownOrder(db, userId, factorNumber);
  await moveOrder(
    db,
    row.id,
    'cancel',
    { kind: 'customer', id: userId },
    {
      set: { deletedAt: new Date() },
      refused: row.status === 'paid' ? ORDER_MESSAGES.paidCannotDelete : undefined,
    },
  );
}

/** Asks the store again about an expired pre-invoice or one it could not confirm. */
export async function requestInventoryAgain(db: Db, userId: number, factorNumber: string, config?: Config): Promise<FactorSummary> {
  const row = await ownOrder(db, userId, factorNumber);
  const updated = await db.transaction(async (tx) => {
    const changed = await moveOrder(
      tx,
      row.id,
      'ask_again',
      { kind: 'customer', id: userId },
      {
        set: { expiresAt: null, confirmedAt: null },
        refused: ORDER_MESSAGES.notReRequestable,
      },
    );
    // The store hears about the new round of the enquiry as about a new one.
    if (config) await enqueueEnquiryReceived(tx, config, row.id);
    return changed;
  });
  return toFactorSummary(updated, (await lineQuantities(db, [row.id])).get(row.id) ?? 0);
}

/** For guests with a tracking code: state and shipping only, nothing personal. */
export async function trackOrder(db: Db, trackingCode: string) {
  const code = trackingCode.trim().toUpperCase();
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.trackingCode, code), isNull(orders.deletedAt)))
    .limit(1);
  if (!row) throw notFound('سفارشی با این کد رهگیری پیدا نشد.');
  const state = orderState(row);
  return {
    factorNumber: row.factorNumber,
    state,
    stateLabel: STATE_LABELS[state].fa,
    shippingStatus: row.shippingStatus,
    shippingStatusLabel: SHIPPING_STATUS_LABELS[row.shippingStatus] ?? row.shippingStatus,
    shippingTrackingCode: row.shippingTrackingCode,
    date: row.createdAt.toISOString(),
  };
}
