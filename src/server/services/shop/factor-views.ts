/** Order rows → the API's factor views (summary and detail), in one place. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { FactorDetail, FactorSummary } from '../../../api/schemas/shop';
import { formatToman } from '../../../lib/money';
import { changeSummary, changeSummaryText, lineChanges } from '../../../lib/pre-invoice-changes';
import { SHIPPING_TITLES, isShippingMethod } from '../../../lib/shipping';
import type { Db } from '../../db/client';
import { orderLines, type orders, payments } from '../../db/schema';
import { orderState, STATE_LABELS, tabOf } from './order-states';
import { orderTimeline } from './order-transitions';

export type OrderRow = typeof orders.$inferSelect;

export async function lineQuantities(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderLines.orderId, quantity: orderLines.quantity, available: orderLines.available })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds));
  const out = new Map<number, number>();
  for (const r of rows) if (r.available) out.set(r.orderId, (out.get(r.orderId) ?? 0) + r.quantity);
  return out;
}

export function toFactorSummary(row: OrderRow, quantity: number, now = new Date()): FactorSummary {
  const state = orderState(row, now);
  const label = STATE_LABELS[state];
  return {
    id: row.id,
    factorNumber: row.factorNumber,
    trackingCode: row.trackingCode,
    type: tabOf(state),
    state,
    stateLabel: label.fa,
    stateColour: label.colour,
    paid: state === 'paid',
    quantity,
    total: row.total,
    date: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    shippingMethod: row.shippingMethod,
    shippingStatus: row.shippingStatus,
  };
}

/** The whole factor; `withToken` only for its owner, whose payment links need it. */
export async function toFactorDetail(db: Db, row: OrderRow, withToken: boolean): Promise<FactorDetail> {
  const [lines, pays, timeline] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id)),
    db.select().from(payments).where(eq(payments.orderId, row.id)).orderBy(asc(payments.id)),
    // The customer's copy: the store's side is "the store", no names, no internal particulars.
    orderTimeline(db, row.id, false, async () => new Map()),
  ]);
  const quantity = lines.reduce((s, l) => s + (l.available ? l.quantity : 0), 0);
  const asked = lines.map((l) => ({
    requestedQuantity: l.requestedQuantity,
    requestedUnitPrice: l.requestedUnitPrice ?? l.unitPrice,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    available: l.available,
  }));
  // The store has answered once it confirmed (or the order went on to be paid); before that nothing changed.
  const answered = row.confirmedAt !== null || row.status === 'paid';
  const changes = answered && row.enquiryAmounts ? changeSummary(asked, row.enquiryAmounts, row) : null;
  const summary = changes ? changeSummaryText(changes, (r) => formatToman(r, 'fa')) : [];
  return {
    ...toFactorSummary(row, quantity),
    lines: lines.map((l, i) => ({
      id: l.id,
      productId: l.productId,
      product: l.product,
      requestedQuantity: l.requestedQuantity,
      quantity: l.quantity,
      requestedUnitPrice: asked[i]!.requestedUnitPrice,
      changes: answered ? lineChanges(asked[i]!, asked[i]!) : ['unchanged' as const],
      unitPrice: l.unitPrice,
      lineTotal: l.lineTotal,
      available: l.available,
      note: l.note,
      reference: l.reference,
    })),
    subtotal: row.subtotal,
    vat: row.vat,
    shipping: row.shipping,
    discount: row.discount,
    shippingTitle: isShippingMethod(row.shippingMethod) ? SHIPPING_TITLES[row.shippingMethod].fa : row.shippingMethod,
    shippingDescription: row.shippingDescription,
    shippingTrackingCode: row.shippingTrackingCode,
    address: row.address,
    customerNote: row.customerNote,
    staffNote: row.staffNote,
    orderToken: withToken && orderState(row) === 'confirmed' ? row.orderToken : null,
    paidAt: row.paidAt?.toISOString() ?? null,
    discountCode: row.discountCode,
    discountPercent: row.discountPercent,
    enquiry: row.enquiryAmounts ?? null,
    changeSummary: summary,
    changes,
    buyer: row.buyer ?? null,
    payments: pays.map((p) => ({
      id: p.id,
      gateway: p.gateway,
      amount: p.amount,
      status: p.status,
      refId: p.refId,
      createdAt: p.createdAt.toISOString(),
    })),
    timeline,
  };
}
