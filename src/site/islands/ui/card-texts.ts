/**
 * Labels of product cards and card carousels (quality, availability, slide buttons), shared by the
 * listing, the home rows and the product page, apart from the other island texts so those islands
 * ship only these.
 */
import type { Locale } from './locale';

const fa = {
  quality: { original: 'اورجینال', renew: 'ریفربیش', copy: 'کپی' },
  availability: { 'in-stock': 'موجود', 'pre-order': 'پیش‌سفارش', 'out-of-stock': 'ناموجود' },
  prevSlide: 'اسلاید قبلی',
  nextSlide: 'اسلاید بعدی',
};
export type CardTexts = typeof fa;

const en: CardTexts = {
  quality: { original: 'Original', renew: 'Renew', copy: 'Copy' },
  availability: { 'in-stock': 'In stock', 'pre-order': 'Pre-order', 'out-of-stock': 'Out of stock' },
  prevSlide: 'Previous slide',
  nextSlide: 'Next slide',
};

export const cardTexts = (locale: Locale): CardTexts => (locale === 'fa' ? fa : en);
