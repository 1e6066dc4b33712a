import { toAsciiDigits } from './persian';

/**
 * Quantity rules of the buy box and cart lines (spec §5). Pure, so the input island and the server
 * agree on every case.
 */

/** The most one line may ask for; far above any stock, so larger amounts are surely typos. */
export const MAX_LINE_QUANTITY = 1_000_000;

/** Spec §5: shown when a quantity needs the store's word first; accepting resets to minimumPurchase. */
export const CONTACT_STORE_MESSAGE = 'برای سفارش این تعداد، لطفاً با فروشگاه تماس بگیرید.';

export interface QuantityProduct {
  minimumPurchase: number;
  stock: number;
  threshold: number;
  /** Waiting to arrive: a pre-order is not bound by stock or threshold. */
  preOrder: boolean;
}

/** The step of the + and − buttons and the smallest quantity: minimumPurchase, at least 1. */
export const stepOf = (p: Pick<QuantityProduct, 'minimumPurchase'>): number =>
  Number.isInteger(p.minimumPurchase) && p.minimumPurchase > 0 ? p.minimumPurchase : 1;

/** Rounds up to the next multiple of the step (packs are not split), then clamps into min..max. */
export function snapQuantity(value: number, step: number, max = MAX_LINE_QUANTITY): number {
  const maxOnStep = Math.max(step, Math.floor(max / step) * step);
  const snapped = Math.ceil(Math.max(value, step) / step) * step;
  return Math.min(snapped, maxOnStep);
}

/**
 * What the quantity input shows after the user typed `raw` (spec §5): empty stays empty (so the field
 * can be cleared while typing), anything that is not a number becomes the minimum, a number is snapped
 * to the step and clamped. Persian and Arabic-Indic digits are read as digits.
 */
export function parseQuantityInput(raw: string, product: Pick<QuantityProduct, 'minimumPurchase'>, max = MAX_LINE_QUANTITY): number | '' {
  const text = toAsciiDigits(raw).trim();
  if (text === '') return '';
  const step = stepOf(product);
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return step;
  return snapQuantity(Number(text), step, max);
}

/** The + (direction 1) and − (direction −1) buttons; an empty field steps from nothing. */
export function stepQuantity(
  current: number | '',
  direction: 1 | -1,
  product: Pick<QuantityProduct, 'minimumPurchase'>,
  max = MAX_LINE_QUANTITY,
): number {
  const step = stepOf(product);
  const base = current === '' ? (direction === 1 ? 0 : step) : current;
  return snapQuantity(base + direction * step, step, max);
}

export type QuantityVerdict =
  | { ok: true; quantity: number }
  | { ok: false; reason: 'not-a-number' | 'below-one' | 'below-minimum' | 'not-a-multiple' | 'too-many' }
  | { ok: false; reason: 'contact-store'; message: string };

/**
 * Whether `quantity` may be put in the cart, for the add button and the server alike. Spec §5: nothing
 * happens for a string or a quantity below 1; above stock or threshold a product that is not a pre-order
 * needs the store ("contact the store") and no cart call is made.
 */
export function checkCartQuantity(product: QuantityProduct, quantity: unknown): QuantityVerdict {
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || !Number.isInteger(quantity))
    return { ok: false, reason: 'not-a-number' };
  if (quantity < 1) return { ok: false, reason: 'below-one' };
  const step = stepOf(product);
  if (quantity < step) return { ok: false, reason: 'below-minimum' };
  if (quantity % step !== 0) return { ok: false, reason: 'not-a-multiple' };
  if (quantity > MAX_LINE_QUANTITY) return { ok: false, reason: 'too-many' };
  if (!product.preOrder && (quantity > product.stock || quantity > product.threshold)) {
    return { ok: false, reason: 'contact-store', message: CONTACT_STORE_MESSAGE };
  }
  return { ok: true, quantity };
}

/**
 * The most units a shopper can put in the cart without asking the store: stock and threshold bound an
 * item in stock; a pre-order (sold ahead of stock) is bound by nothing but MAX_LINE_QUANTITY.
 */
export const cartQuantityCap = (p: QuantityProduct): number =>
  p.preOrder ? MAX_LINE_QUANTITY : Math.max(0, Math.min(p.stock, p.threshold, MAX_LINE_QUANTITY));

/** Persian wording of each refusal, for the server's 422 and the island's dialog. */
export const QUANTITY_MESSAGES: Record<Exclude<QuantityVerdict, { ok: true }>['reason'], string> = {
  'not-a-number': 'تعداد باید یک عدد صحیح باشد.',
  'below-one': 'تعداد باید دست‌کم ۱ باشد.',
  'below-minimum': 'تعداد از حداقل خرید این کالا کمتر است.',
  'not-a-multiple': 'این کالا در بسته‌های حداقل خرید فروخته می‌شود؛ تعداد باید مضربی از آن باشد.',
  'too-many': 'تعداد درخواستی بیش از حد مجاز است.',
  'contact-store': CONTACT_STORE_MESSAGE,
};
