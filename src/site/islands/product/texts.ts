/**
 * Texts of the product page (gallery, live price box, tabs, related products). The page hands each
 * island its labels in the page's language, so the islands ship no text table. Russian reads English
 * as elsewhere. ui/texts.ts merges them into islandTexts for islands that show product figures
 * elsewhere (quick view).
 */
import type { Locale } from '../ui/locale';
import { cardTexts } from '../ui/card-texts';

const fa = {
  priceTiers: 'قیمت بر اساس تعداد',
  quantity: 'تعداد',
  unitPrice: 'قیمت واحد',
  andMore: '{min} و بیشتر',
  range: '{min} تا {max}',
  minimumPurchase: 'حداقل سفارش: {count} عدد',
  unavailable: 'این قطعه در حال حاضر موجود نیست.',
  stock: 'موجودی',
  stockUnits: '{count} عدد',
  expected: 'زمان تقریبی رسیدن: {date}',
  arrivingSoon: 'به‌زودی می‌رسد؛ برای تاریخ دقیق با فروشگاه تماس بگیرید',
  livePrice: 'قیمت و موجودی به‌روز',
  gallery: 'تصاویر محصول',
  openViewer: 'نمایش تمام‌صفحه تصویر',
  imageOf: 'تصویر {n} از {total}',
  closeViewer: 'بستن',
  specification: 'مشخصات فنی',
  reviews: 'نظرات',
  comments: 'پرسش و پاسخ',
  related: 'محصولات مرتبط',
};
type OwnTexts = typeof fa;

const en: OwnTexts = {
  priceTiers: 'Price by quantity',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  andMore: '{min} and more',
  range: '{min} to {max}',
  minimumPurchase: 'Minimum order: {count} pcs',
  unavailable: 'This part is currently unavailable.',
  stock: 'Stock',
  stockUnits: '{count} pcs',
  expected: 'Expected {date}',
  arrivingSoon: 'Arriving soon; ask the store for the exact date',
  livePrice: 'Current price and stock',
  gallery: 'Product images',
  openViewer: 'View image full screen',
  imageOf: 'Image {n} of {total}',
  closeViewer: 'Close',
  specification: 'Specification',
  reviews: 'Reviews',
  comments: 'Questions',
  related: 'Related products',
};

const withStock = (texts: OwnTexts, locale: Locale) => ({ ...texts, availability: cardTexts(locale).availability });
export type ProductTexts = ReturnType<typeof withStock>;
const byLocale = { fa: withStock(fa, 'fa'), en: withStock(en, 'en') };

export const productTexts = (locale: Locale): ProductTexts => (locale === 'fa' ? byLocale.fa : byLocale.en);
