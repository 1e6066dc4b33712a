/**
 * What a matched BOM line would cost: the quantity raised to the product's minimum purchase and pack
 * size (with a note saying so), the price tier that quantity reaches, and the line total. Pure.
 */
import { toPersianDigits } from '../../../lib/persian';
import { lineTotal, unitPriceFor, type Priced } from '../../../lib/price-tiers';
import { CONTACT_STORE_MESSAGE, snapQuantity, stepOf } from '../../../lib/quantity';

export interface PricedProductFacts extends Priced {
  minimumPurchase: number;
  stock: number;
  threshold: number;
  availability: 'in-stock' | 'pre-order' | 'out-of-stock';
}

export interface LinePrice {
  orderQuantity: number;
  unitPrice: number | null;
  lineTotal: number | null;
  notes: string[];
}

const n = (x: number) => toPersianDigits(x.toLocaleString('en-US').replace(/,/g, '٬'));

export const PRICE_NOTES = {
  raisedToMinimum: (min: number, from: number, to: number) =>
    `حداقل خرید این کالا ${n(min)} عدد است؛ تعداد از ${n(from)} به ${n(to)} رسید.`,
  roundedToPack: (step: number, from: number, to: number) =>
    `این کالا در بسته‌های ${n(step)} عددی فروخته می‌شود؛ تعداد از ${n(from)} به ${n(to)} رسید.`,
  outOfStock: 'این کالا فعلاً موجود نیست؛ می‌توانید درخواست تأمین آن را ثبت کنید.',
  contactStore: CONTACT_STORE_MESSAGE,
} as const;

export function priceLine(product: PricedProductFacts, wanted: number): LinePrice {
  const notes: string[] = [];
  const step = stepOf(product);
  const orderQuantity = snapQuantity(Math.max(1, wanted), step);
  if (orderQuantity > wanted) {
    notes.push(
      wanted < step ? PRICE_NOTES.raisedToMinimum(step, wanted, orderQuantity) : PRICE_NOTES.roundedToPack(step, wanted, orderQuantity),
    );
  }
  // Spec §4: prices are shown for what can be bought now or pre-ordered, not for what is out of stock.
  if (product.availability === 'out-of-stock') {
    notes.push(PRICE_NOTES.outOfStock);
    return { orderQuantity, unitPrice: null, lineTotal: null, notes };
  }
  if (product.availability === 'in-stock' && (orderQuantity > product.stock || orderQuantity > product.threshold)) {
    notes.push(PRICE_NOTES.contactStore);
  }
  return { orderQuantity, unitPrice: unitPriceFor(product, orderQuantity), lineTotal: lineTotal(product, orderQuantity), notes };
}
