/** An average rating with one decimal in the page's digits ("۳٫۵"); formatNumber rounds to whole numbers. */
import type { Locale } from '../ui/locale';

const fa = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1 });
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const formatRating = (rating: number, locale: Locale): string => (locale === 'fa' ? fa : en).format(rating);
