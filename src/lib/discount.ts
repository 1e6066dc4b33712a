import { RIALS_PER_TOMAN } from './money';

/** Spec §1: "discounts up to 90 percent". */
export const MAX_DISCOUNT_PERCENT = 90;

/** A percent as the store may grant it: a finite number, clamped to 0..90. */
export function clampDiscountPercent(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  return Math.min(percent, MAX_DISCOUNT_PERCENT);
}

/**
 * Spec §9: "total minus total times percent/100, rounded". The discount is rounded to a whole toman
 * (10 rials) so every figure the shopper sees in toman is exact; returned in rials.
 */
export function discountAmount(totalRials: number, percent: number): number {
  const p = clampDiscountPercent(percent);
  if (totalRials <= 0 || p === 0) return 0;
  return Math.round((totalRials * p) / 100 / RIALS_PER_TOMAN) * RIALS_PER_TOMAN;
}

export const applyDiscount = (totalRials: number, percent: number): number => totalRials - discountAmount(totalRials, percent);
