import { tomanToRials } from './money';

/**
 * Shipping methods and prices. Spec §1: courier shipping is free from 150,000 toman and post from
 * 300,000 toman; the prices below those thresholds (and the thresholds) come from configuration, so
 * the same pure rule runs on the server and in islands given the rates the server publishes.
 */
export const SHIPPING_METHODS = ['courier', 'post', 'pickup'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

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
  pickup: { fa: 'تحویل حضوری از فروشگاه', en: 'Pick up at the store' },
};

/** The rates as configured in toman (environment variables), converted to rials. */
export function shippingRatesFromToman(t: {
  courierPrice: number; courierFreeFrom: number; postPrice: number; postFreeFrom: number;
}): ShippingRates {
  return {
    courier: { price: tomanToRials(t.courierPrice), freeFrom: tomanToRials(t.courierFreeFrom) },
    post: { price: tomanToRials(t.postPrice), freeFrom: tomanToRials(t.postFreeFrom) },
    pickup: { price: 0, freeFrom: 0 },
  };
}

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
