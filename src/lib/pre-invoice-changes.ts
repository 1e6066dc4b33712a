import { orderAmounts, type OrderAmounts } from './cart-totals';
import type { ShippingMethod, ShippingRates } from './shipping';
import { vatIncluded } from './vat';

/**
 * What the store did to an enquiry when it confirmed it, line by line, and the totals that follow.
 * The customer asked for some quantity at some price; the store may cut the quantity, change the
 * price or mark a line unavailable. The pre-invoice shows each change, and a store that only cut
 * (less quantity, lower or equal prices, lines dropped) can never make the customer pay more than
 * they asked to: losing a free-shipping threshold because of the store's cut is not charged.
 */
export const LINE_CHANGES = ['unchanged', 'quantity_cut', 'quantity_raised', 'price_down', 'price_up', 'unavailable'] as const;
export type LineChange = (typeof LINE_CHANGES)[number];

export interface LineAsked {
  requestedQuantity: number;
  requestedUnitPrice: number;
}
export interface LineConfirmed {
  quantity: number;
  unitPrice: number;
  available: boolean;
}

/** Every change of one line; an untouched line is ['unchanged']. */
export function lineChanges(asked: LineAsked, confirmed: LineConfirmed): LineChange[] {
  if (!confirmed.available || confirmed.quantity <= 0) return ['unavailable'];
  const out: LineChange[] = [];
  if (confirmed.quantity < asked.requestedQuantity) out.push('quantity_cut');
  if (confirmed.quantity > asked.requestedQuantity) out.push('quantity_raised');
  if (confirmed.unitPrice < asked.requestedUnitPrice) out.push('price_down');
  if (confirmed.unitPrice > asked.requestedUnitPrice) out.push('price_up');
  return out.length ? out : ['unchanged'];
}

/** True when the store only took away: nothing more and nothing dearer than asked. */
export function onlyCuts(lines: readonly (LineAsked & LineConfirmed)[]): boolean {
  return lines.every((l) => lineChanges(l, l).every((c) => c !== 'quantity_raised' && c !== 'price_up'));
}

export interface ChangeSummary {
  unchanged: number;
  quantityCut: number;
  quantityRaised: number;
  priceDown: number;
  priceUp: number;
  unavailable: number;
  /** Confirmed total minus the total of the enquiry (negative: cheaper). */
  totalDifference: number;
  shippingBefore: number;
  shippingAfter: number;
}

export function changeSummary(
  lines: readonly (LineAsked & LineConfirmed)[],
  before: Pick<OrderAmounts, 'shipping' | 'total'>,
  after: Pick<OrderAmounts, 'shipping' | 'total'>,
): ChangeSummary {
  const s: ChangeSummary = {
    unchanged: 0,
    quantityCut: 0,
    quantityRaised: 0,
    priceDown: 0,
    priceUp: 0,
    unavailable: 0,
    totalDifference: after.total - before.total,
    shippingBefore: before.shipping,
    shippingAfter: after.shipping,
  };
  for (const l of lines) {
    for (const c of lineChanges(l, l)) {
      if (c === 'unchanged') s.unchanged++;
      else if (c === 'quantity_cut') s.quantityCut++;
      else if (c === 'quantity_raised') s.quantityRaised++;
      else if (c === 'price_down') s.priceDown++;
      else if (c === 'price_up') s.priceUp++;
      else s.unavailable++;
    }
  }
  return s;
}

/** Persian sentences of the summary, for the pre-invoice page and the mail. */
export function changeSummaryText(s: ChangeSummary, money: (rials: number) => string): string[] {
  const out: string[] = [];
  if (s.quantityCut) out.push(`تعداد ${s.quantityCut} ردیف کمتر از درخواست شما تأیید شد.`);
  if (s.quantityRaised) out.push(`تعداد ${s.quantityRaised} ردیف بیشتر از درخواست شما شد (حداقل خرید یا بسته‌بندی).`);
  if (s.unavailable) out.push(`${s.unavailable} ردیف موجود نیست و از فاکتور حذف شد.`);
  if (s.priceUp) out.push(`قیمت ${s.priceUp} ردیف بالا رفت.`);
  if (s.priceDown) out.push(`قیمت ${s.priceDown} ردیف پایین آمد.`);
  if (s.shippingAfter !== s.shippingBefore) {
    out.push(
      `هزینه ارسال از ${s.shippingBefore === 0 ? 'رایگان' : money(s.shippingBefore)} به ${s.shippingAfter === 0 ? 'رایگان' : money(s.shippingAfter)} تغییر کرد.`,
    );
  }
  if (out.length === 0) out.push('همه ردیف‌ها همان‌طور که خواسته بودید تأیید شد.');
  if (s.totalDifference < 0) out.push(`مبلغ نهایی ${money(-s.totalDifference)} کمتر از استعلام شماست.`);
  if (s.totalDifference > 0) out.push(`مبلغ نهایی ${money(s.totalDifference)} بیشتر از استعلام شماست.`);
  return out;
}

/**
 * The confirmed order's amounts: goods from the confirmed lines, the enquiry's discount percent, and
 * shipping recomputed for the new goods amount. When the store only cut, shipping is never more than
 * at enquiry time and the total never more than the enquiry's (a rounding of the discount that would
 * add rials is given back as discount).
 */
export function confirmedAmounts(
  lines: readonly (LineAsked & LineConfirmed)[],
  method: ShippingMethod,
  rates: ShippingRates,
  discountPercent: number,
  enquiry: OrderAmounts,
): OrderAmounts {
  const totals = lines.map((l) => (l.available && l.quantity > 0 ? l.quantity * l.unitPrice : 0));
  const fresh = orderAmounts(totals, method, rates, discountPercent);
  if (!onlyCuts(lines)) return fresh;
  const shipping = Math.min(fresh.shipping, enquiry.shipping);
  let discount = fresh.discount;
  let total = fresh.subtotal - discount + shipping;
  if (total > enquiry.total) {
    discount += total - enquiry.total;
    total = enquiry.total;
  }
  return { subtotal: fresh.subtotal, discount, shipping, vat: vatIncluded(fresh.subtotal - discount), total };
}
