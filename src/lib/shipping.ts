import { tomanToRials } from './money';
import { normalisePersianText } from './persian';

/**
 * Shipping methods and prices. Spec §1: courier shipping is free from 150,000 toman and post from
 * 300,000 toman; the prices below those thresholds (and the thresholds) come from configuration, so
 * the same pure rule runs on the server and in islands given the rates the server publishes.
 */
export const SHIPPING_METHODS = ['courier', 'post', 'carrier', 'pickup'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** Where a paid order's parcel is, as the staff set it, in order; with the words buyers and staff read. */
export const SHIPPING_STATUSES = ['pending', 'preparing', 'shipped', 'delivered'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];
export const SHIPPING_STATUS_FA: Record<ShippingStatus, string> = {
  pending: 'در انتظار پردازش',
  preparing: 'در حال آماده‌سازی',
  shipped: 'ارسال شده',
  delivered: 'تحویل داده شده',
};
export const SHIPPING_STATUS_EN: Record<ShippingStatus, string> = {
  pending: 'Awaiting processing',
  preparing: 'Being prepared',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

export interface ShippingRate {
  /** Price in rials below the threshold. */
  price: number;
  /** Goods amount (rials, after discount) from which this method is free; null = never free. */
  freeFrom: number | null;
}
export type ShippingRates = Record<ShippingMethod, ShippingRate>;

export const SHIPPING_TITLES: Record<ShippingMethod, { fa: string; en: string }> = {
  courier: { fa: 'پیک (تهران)', en: 'Courier (Tehran)' },
  post: { fa: 'پست پیشتاز', en: 'Express post' },
  carrier: { fa: 'تیپاکس / باربری', en: 'Tipax / freight carrier' },
  pickup: { fa: 'تحویل حضوری از فروشگاه', en: 'Pick up at the store' },
};

/** The rates as configured in toman (environment variables), converted to rials. */
export function shippingRatesFromToman(t: {
  courierPrice: number;
  courierFreeFrom: number;
  postPrice: number;
  postFreeFrom: number;
  /** Tipax or a freight carrier: one price, never free (heavy or bulky goods, any city). */
  carrierPrice?: number;
}): ShippingRates {
  return {
    courier: { price: tomanToRials(t.courierPrice), freeFrom: tomanToRials(t.courierFreeFrom) },
    post: { price: tomanToRials(t.postPrice), freeFrom: tomanToRials(t.postFreeFrom) },
    carrier: { price: tomanToRials(t.carrierPrice ?? DEFAULT_CARRIER_PRICE_TOMAN), freeFrom: null },
    pickup: { price: 0, freeFrom: 0 },
  };
}

export const DEFAULT_CARRIER_PRICE_TOMAN = 120_000;

export const isShippingMethod = (v: unknown): v is ShippingMethod => SHIPPING_METHODS.includes(v as ShippingMethod);

/** Shipping cost in rials for goods worth `goodsRials`; an empty order ships nothing and costs nothing. */
export function shippingCost(method: ShippingMethod, goodsRials: number, rates: ShippingRates): number {
  if (goodsRials <= 0) return 0;
  const rate = rates[method];
  if (rate.freeFrom !== null && goodsRials >= rate.freeFrom) return 0;
  return rate.price;
}

/** How much more in goods makes this method free; null when it already is or never will be. */
export function untilFreeShipping(method: ShippingMethod, goodsRials: number, rates: ShippingRates): number | null {
  const rate = rates[method];
  if (rate.freeFrom === null || rate.price === 0 || goodsRials >= rate.freeFrom) return null;
  return rate.freeFrom - Math.max(0, goodsRials);
}

/** City names compare after Persian normalisation (ي/ی, ك/ک, spaces), so «تهران» typed either way is one city. */
export const sameCity = (a: string, b: string): boolean => {
  const norm = (s: string) => normalisePersianText(s).replace(/[\s\u200c]+/g, '');
  return norm(a) !== '' && norm(a) === norm(b);
};

/**
 * The methods a destination may choose: the store's own courier reaches only its own city; post and
 * the carriers go anywhere; picking up at the store is open to everyone.
 */
export function shippingMethodsFor(destinationCity: string, storeCity: string): ShippingMethod[] {
  return SHIPPING_METHODS.filter((m) => m !== 'courier' || sameCity(destinationCity, storeCity));
}

export interface ShippingQuote {
  method: ShippingMethod;
  /** Shipping in rials for this goods amount. */
  cost: number;
  /** Goods (after discount) + shipping. */
  total: number;
  /** How much more in goods makes it free; null when it already is or never will be. */
  untilFree: number | null;
}

/** Every method's cost and grand total for one goods amount (rials, after discount): checkout's and the cart's table. */
export function shippingQuotes(goodsRials: number, methods: readonly ShippingMethod[], rates: ShippingRates): ShippingQuote[] {
  return methods.map((method) => {
    const cost = shippingCost(method, goodsRials, rates);
    return { method, cost, total: Math.max(0, goodsRials) + cost, untilFree: untilFreeShipping(method, goodsRials, rates) };
  });
}
