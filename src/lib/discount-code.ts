import { toAsciiDigits } from './persian';
import { MAX_DISCOUNT_PERCENT } from './discount';

/**
 * Discount codes the store hands out: a percent (1–90, spec §1), an optional validity window and an
 * optional usage limit. Whether a code may be used now is one pure verdict, shared by the cart (which
 * says why a code does not work) and the order (which consumes a use atomically in SQL with the same
 * conditions).
 */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** Codes are typed by hand, often on a Persian keyboard: digits to ASCII, case and spaces ignored. */
export const normaliseDiscountCode = (raw: string): string => toAsciiDigits(raw).trim().replace(/\s+/g, '').toUpperCase();

export interface DiscountCodeRule {
  percent: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** null: unlimited. */
  usageLimit: number | null;
  usedCount: number;
}

export type DiscountCodeVerdict = { ok: true; percent: number } | { ok: false; reason: 'unknown' | 'not_started' | 'expired' | 'used_up' };

export const DISCOUNT_CODE_MESSAGES = {
  unknown: 'کد تخفیف واردشده معتبر نیست.',
  not_started: 'این کد تخفیف هنوز فعال نشده است.',
  expired: 'مهلت استفاده از این کد تخفیف تمام شده است.',
  used_up: 'ظرفیت استفاده از این کد تخفیف پر شده است.',
} as const;

/** The end of the window is exclusive: a code valid until 12:00 is refused at 12:00. */
export function discountCodeVerdict(code: DiscountCodeRule | null, now: Date): DiscountCodeVerdict {
  if (!code) return { ok: false, reason: 'unknown' };
  if (code.startsAt && now.getTime() < code.startsAt.getTime()) return { ok: false, reason: 'not_started' };
  if (code.endsAt && now.getTime() >= code.endsAt.getTime()) return { ok: false, reason: 'expired' };
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return { ok: false, reason: 'used_up' };
  return { ok: true, percent: Math.min(Math.max(0, code.percent), MAX_DISCOUNT_PERCENT) };
}
