import { applyDiscount, discountAmount } from './discount';
import { lineTotal, nextPriceBreak, unitPriceFor, type NextBreak, type Priced } from './price-tiers';
import { shippingCost, type ShippingMethod, type ShippingRates } from './shipping';
import { vatIncluded } from './vat';

/**
 * Cart and order totals from lines, one rule for the server (which recomputes everything from the
 * database) and for the client cart store (instant display). All amounts integer rials, VAT included.
 */
export interface CartLineInput {
  product: Priced;
  quantity: number;
  /** False for a deleted or disabled product (spec §4: productAvailable 0); such lines cost nothing. */
  available: boolean;
  /** The most units the line may hold without the store's word (cartQuantityCap); no price-break hint beyond it. */
  cap?: number;
}

export interface PricedLine {
  quantity: number;
  unitPrice: number;
  total: number;
  productAvailable: 0 | 1;
  nextBreak: NextBreak | null;
}

export interface TotalsEntry {
  type: 'shipping' | 'discount';
  title: string;
  price: number;
}

export interface CartTotals {
  lines: PricedLine[];
  /** Sum of available lines, VAT included. */
  subtotal: number;
  /** VAT contained in the amount payable for goods (after the discount). */
  vatIncluded: number;
  totals: TotalsEntry[];
  total: number;
  /** Sum of quantities over available lines. */
  quantity: number;
  /** Number of lines: what the header indicator counts. */
  cartCount: number;
}

export const TOTALS_TITLES = {
  fa: { shipping: 'هزینه ارسال', discount: 'تخفیف' },
  en: { shipping: 'Shipping', discount: 'Discount' },
} as const;

export function priceLine(line: CartLineInput): PricedLine {
  const q = Math.max(0, Math.floor(line.quantity));
  if (!line.available) return { quantity: q, unitPrice: 0, total: 0, productAvailable: 0, nextBreak: null };
  return {
    quantity: q,
    unitPrice: unitPriceFor(line.product, Math.max(q, 1)),
    total: lineTotal(line.product, q),
    productAvailable: 1,
    nextBreak: nextPriceBreak(line.product, q, line.cap),
  };
}

/**
 * The cart as the shopper sees it (spec §3, §4): a Shipping entry of 0 only when the cart is not
 * empty (the real cost is chosen at checkout), the discount percent taken off the total (spec §9).
 */
export function cartTotals(lines: readonly CartLineInput[], opts: { discountPercent?: number; locale?: 'fa' | 'en' } = {}): CartTotals {
  const titles = TOTALS_TITLES[opts.locale ?? 'fa'];
  const priced = lines.map(priceLine);
  const subtotal = priced.reduce((sum, l) => sum + l.total, 0);
  const discount = discountAmount(subtotal, opts.discountPercent ?? 0);
  const totals: TotalsEntry[] = [];
  if (lines.length > 0) totals.push({ type: 'shipping', title: titles.shipping, price: 0 });
  if (discount > 0) totals.push({ type: 'discount', title: titles.discount, price: -discount });
  const total = applyDiscount(subtotal, opts.discountPercent ?? 0);
  return {
    lines: priced,
    subtotal,
    vatIncluded: vatIncluded(total),
    totals,
    total,
    quantity: priced.reduce((sum, l) => sum + (l.productAvailable ? l.quantity : 0), 0),
    cartCount: lines.length,
  };
}

export interface OrderAmounts {
  subtotal: number;
  discount: number;
  shipping: number;
  /** VAT inside the goods amount after the discount (shipping is a service billed as is). */
  vat: number;
  total: number;
}

/**
 * The amounts stored on an order and printed on its invoice: goods after the discount decide whether
 * shipping is free; total = subtotal − discount + shipping.
 */
export function orderAmounts(
  lineTotals: readonly number[],
  method: ShippingMethod,
  rates: ShippingRates,
  discountPercent = 0,
): OrderAmounts {
  const subtotal = lineTotals.reduce((s, t) => s + t, 0);
  const discount = discountAmount(subtotal, discountPercent);
  const goods = subtotal - discount;
  const shipping = shippingCost(method, goods, rates);
  return { subtotal, discount, shipping, vat: vatIncluded(goods), total: goods + shipping };
}
