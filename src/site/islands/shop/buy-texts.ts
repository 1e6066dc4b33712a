/**
 * Texts and number formats of the buy box and its quantity field, apart from the other shop texts so
 * the product page ships only these (its JavaScript budget, issue 4). texts.ts merges them into
 * shopTexts and re-exports the formats, so other islands keep importing from there.
 */
import type { Locale } from '~/lib/locales';
import { formatToman } from '~/lib/money';

export type ShopLocale = Locale;

const fa = {
  quantity: 'تعداد',
  increase: 'افزایش',
  decrease: 'کاهش',
  addToCart: 'افزودن به سبد خرید',
  adding: 'در حال افزودن…',
  added: (name: string) => `${name} به سبد خرید اضافه شد.`,
  unitPrice: 'قیمت واحد',
  lineTotal: 'جمع',
  nextBreak: (more: string, price: string, saves: string) => `با ${more} عدد بیشتر، قیمت هر عدد ${price} می‌شود (${saves} صرفه‌جویی).`,
};
export type BuyTexts = typeof fa;

const en: BuyTexts = {
  quantity: 'Quantity',
  increase: 'Increase',
  decrease: 'Decrease',
  addToCart: 'Add to cart',
  adding: 'Adding…',
  added: (name) => `${name} was added to the cart.`,
  unitPrice: 'Unit price',
  lineTotal: 'Total',
  nextBreak: (more, price, saves) => `Buy ${more} more and pay ${price} each (save ${saves}).`,
};

export const buyTexts = (locale: ShopLocale): BuyTexts => (locale === 'fa' ? fa : en);

const faNumber = new Intl.NumberFormat('fa-IR');
const enNumber = new Intl.NumberFormat('en-US');
export const num = (locale: ShopLocale, n: number): string => (locale === 'fa' ? faNumber : enNumber).format(n);
/** Rials shown as toman (src/lib/money.ts writes every price). */
export const toman = (locale: ShopLocale, rials: number): string => formatToman(rials, locale);
