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

/**
 * The summary's sentences in a page's language (Persian by default; the API sends the summary as
 * counts and amounts, so each page writes it in its own language). `money` writes rials in that
 * language; `free` is the word for free shipping.
 */
export function changeSummaryText(s: ChangeSummary, money: (rials: number) => string, locale: 'fa' | 'en' = 'fa'): string[] {
  const w = locale === 'fa' ? SUMMARY_FA : SUMMARY_EN;
  const out: string[] = [];
  if (s.quantityCut) out.push(w.quantityCut(s.quantityCut));
  if (s.quantityRaised) out.push(w.quantityRaised(s.quantityRaised));
  if (s.unavailable) out.push(w.unavailable(s.unavailable));
  if (s.priceUp) out.push(w.priceUp(s.priceUp));
  if (s.priceDown) out.push(w.priceDown(s.priceDown));
  const shipping = (r: number) => (r === 0 ? w.free : money(r));
  if (s.shippingAfter !== s.shippingBefore) out.push(w.shipping(shipping(s.shippingBefore), shipping(s.shippingAfter)));
  if (out.length === 0) out.push(w.unchanged);
  if (s.totalDifference < 0) out.push(w.less(money(-s.totalDifference)));
  if (s.totalDifference > 0) out.push(w.more(money(s.totalDifference)));
  return out;
}

const SUMMARY_FA = {
  quantityCut: (n: number) => `تعداد ${n} ردیف کمتر از درخواست شما تأیید شد.`,
  quantityRaised: (n: number) => `تعداد ${n} ردیف بیشتر از درخواست شما شد (حداقل خرید یا بسته‌بندی).`,
  unavailable: (n: number) => `${n} ردیف موجود نیست و از فاکتور حذف شد.`,
  priceUp: (n: number) => `قیمت ${n} ردیف بالا رفت.`,
  priceDown: (n: number) => `قیمت ${n} ردیف پایین آمد.`,
  free: 'رایگان',
  shipping: (before: string, after: string) => `هزینه ارسال از ${before} به ${after} تغییر کرد.`,
  unchanged: 'همه ردیف‌ها همان‌طور که خواسته بودید تأیید شد.',
  less: (m: string) => `مبلغ نهایی ${m} کمتر از استعلام شماست.`,
  more: (m: string) => `مبلغ نهایی ${m} بیشتر از استعلام شماست.`,
};
const lines = (n: number) => (n === 1 ? '1 line' : `${n} lines`);
const SUMMARY_EN: typeof SUMMARY_FA = {
  quantityCut: (n) => `${lines(n)} confirmed in a smaller quantity than you asked for.`,
  quantityRaised: (n) => `${lines(n)} raised above the quantity you asked for (order minimum or pack size).`,
  unavailable: (n) => `${lines(n)} not available and taken off the invoice.`,
  priceUp: (n) => `Price went up on ${lines(n)}.`,
  priceDown: (n) => `Price went down on ${lines(n)}.`,
  free: 'free',
  shipping: (before, after) => `Shipping changed from ${before} to ${after}.`,
  unchanged: 'Every line confirmed as you asked.',
  less: (m) => `The total is ${m} less than your enquiry.`,
  more: (m) => `The total is ${m} more than your enquiry.`,
};

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
