/**
 * The amounts of a pre-invoice when staff confirm an enquiry: the confirmed lines priced with the
 * enquiry's discount percent and shipping recomputed (src/lib/pre-invoice-changes.ts: a store that only
 * cuts never raises what the customer pays). Kept apart from the confirm transaction so any writer of
 * that transition prices the same way.
 */
import { orderAmounts, type OrderAmounts } from '../../../lib/cart-totals';
import { confirmedAmounts } from '../../../lib/pre-invoice-changes';
import { isShippingMethod, type ShippingRates } from '../../../lib/shipping';
import type { orderLines } from '../../db/schema';
import type { OrderRow } from './factor-views';

type LineRow = typeof orderLines.$inferSelect;
interface SentLine {
  quantity: number;
  unitPrice: number;
  available: boolean;
}

export function amountsOnConfirm(
  order: OrderRow,
  lines: readonly LineRow[],
  sent: ReadonlyMap<number, SentLine>,
  rates: ShippingRates,
): OrderAmounts {
  const method = isShippingMethod(order.shippingMethod) ? order.shippingMethod : 'post';
  const confirmed = lines.map((l) => {
    const s = sent.get(l.id)!;
    return {
      requestedQuantity: l.requestedQuantity,
      requestedUnitPrice: l.requestedUnitPrice ?? l.unitPrice,
      quantity: s.quantity,
      unitPrice: s.unitPrice,
      available: s.available && s.quantity > 0,
    };
  });
  // Orders from before enquiry amounts were kept: the enquiry as its lines were asked.
  const enquiry =
    order.enquiryAmounts ??
    orderAmounts(
      confirmed.map((l) => l.requestedQuantity * l.requestedUnitPrice),
      method,
      rates,
      order.discountPercent,
    );
  return confirmedAmounts(confirmed, method, rates, order.discountPercent, enquiry);
}
