/**
 * The islands' own texts, small enough to ship to the browser (locales/*.json stays on the build
 * side). Russian is a stub and reads English, as the static pages do.
 */
import { formatNumber } from '../../format';
import type { Locale } from './locale';

const fa = {
  quality: { original: 'اورجینال', renew: 'ریفربیش', copy: 'کپی' },
  availability: { 'in-stock': 'موجود', 'pre-order': 'پیش‌سفارش', 'out-of-stock': 'ناموجود' },
  filters: 'فیلترها', categories: 'دسته‌بندی‌ها', price: 'قیمت (تومان)', brand: 'برند', quality_: 'کیفیت', availability_: 'موجودی',
  min: 'از', max: 'تا', apply: 'اعمال', reset: 'حذف همه فیلترها', showFilters: 'نمایش فیلترها', hideFilters: 'بستن فیلترها',
  sort: 'مرتب‌سازی', perPage: 'تعداد در صفحه', view: 'نمایش', grid: 'شبکه‌ای', list: 'فهرستی',
  sorts: { default: 'پیش‌فرض', name_asc: 'نام (الف تا ی)', name_desc: 'نام (ی تا الف)', price_asc: 'ارزان‌ترین', price_desc: 'گران‌ترین', newest: 'جدیدترین' },
  showing: 'نمایش {from} تا {to} از {total} کالا', noProducts: 'کالایی با این فیلترها پیدا نشد.', loading: 'در حال بارگذاری…',
  pagination: 'صفحه‌ها', previous: 'قبلی', next: 'بعدی', page: 'صفحه {page}',
  allProducts: 'همه محصولات', searchTitle: 'نتایج جستجوی «{q}»', searchAll: 'جستجوی قطعات', interpreted: 'نتایج برای «{q}»',
  offline: 'ارتباط با سرور برقرار نیست؛ نتایج از فهرست آفلاین فروشگاه آمده‌اند.',
  offlineNone: 'ارتباط با سرور برقرار نیست و جستجوی آفلاین هم در دسترس نیست. لطفاً کمی بعد دوباره تلاش کنید.',
  exact: 'دقیق', family: 'هم‌خانواده', suggestions: 'پیشنهادها', viewAll: 'همه {total} نتیجه', noMatch: 'قطعه‌ای پیدا نشد',
  currency: 'واحد پول', scrollTop: 'بازگشت به بالای صفحه', close: 'بستن', menu: 'منو',
  priceTiers: 'قیمت بر اساس تعداد', quantity: 'تعداد', unitPrice: 'قیمت واحد', andMore: '{min} و بیشتر', range: '{min} تا {max}',
  minimumPurchase: 'حداقل سفارش: {count} عدد', unavailable: 'این قطعه در حال حاضر موجود نیست.', stock: 'موجودی', stockUnits: '{count} عدد',
  livePrice: 'قیمت و موجودی به‌روز', gallery: 'تصاویر محصول', openViewer: 'نمایش تمام‌صفحه تصویر', imageOf: 'تصویر {n} از {total}',
  specification: 'مشخصات فنی', reviews: 'نظرات', comments: 'پرسش و پاسخ', related: 'محصولات مرتبط',
  prevSlide: 'اسلاید قبلی', nextSlide: 'اسلاید بعدی',
  loadFailed: 'دریافت فهرست از سرور ممکن نشد؛ لطفاً دوباره تلاش کنید.',
  productList: 'فهرست کالاها',
};
type Texts = typeof fa;

const en: Texts = {
  quality: { original: 'Original', renew: 'Renew', copy: 'Copy' },
  availability: { 'in-stock': 'In stock', 'pre-order': 'Pre-order', 'out-of-stock': 'Out of stock' },
  filters: 'Filters', categories: 'Categories', price: 'Price (Toman)', brand: 'Brand', quality_: 'Quality', availability_: 'Availability',
  min: 'From', max: 'To', apply: 'Apply', reset: 'Clear all filters', showFilters: 'Show filters', hideFilters: 'Close filters',
  sort: 'Sort by', perPage: 'Per page', view: 'View', grid: 'Grid', list: 'List',
  sorts: { default: 'Default', name_asc: 'Name (A–Z)', name_desc: 'Name (Z–A)', price_asc: 'Lowest price', price_desc: 'Highest price', newest: 'Newest' },
  showing: 'Showing {from}–{to} of {total} products', noProducts: 'No products match these filters.', loading: 'Loading…',
  pagination: 'Pages', previous: 'Previous', next: 'Next', page: 'Page {page}',
  allProducts: 'All products', searchTitle: 'Search results for “{q}”', searchAll: 'Search parts', interpreted: 'Showing results for “{q}”',
  offline: 'The server cannot be reached; these results come from the shop’s offline index.',
  offlineNone: 'The server cannot be reached and offline search is not available. Please try again shortly.',
  exact: 'Exact', family: 'Same family', suggestions: 'Suggestions', viewAll: 'All {total} results', noMatch: 'No parts found',
  currency: 'Currency', scrollTop: 'Back to top', close: 'Close', menu: 'Menu',
  priceTiers: 'Price by quantity', quantity: 'Quantity', unitPrice: 'Unit price', andMore: '{min} and more', range: '{min} to {max}',
  minimumPurchase: 'Minimum order: {count} pcs', unavailable: 'This part is currently unavailable.', stock: 'Stock', stockUnits: '{count} pcs',
  livePrice: 'Current price and stock', gallery: 'Product images', openViewer: 'View image full screen', imageOf: 'Image {n} of {total}',
  specification: 'Specification', reviews: 'Reviews', comments: 'Questions', related: 'Related products',
  prevSlide: 'Previous slide', nextSlide: 'Next slide',
  loadFailed: 'The list could not be loaded from the server; please try again.',
  productList: 'Product list',
};

export const islandTexts = (locale: Locale): Texts => (locale === 'fa' ? fa : en);

/** "{n} of {total}" with numbers shown in the page's digits. */
export function fill(template: string, values: Record<string, string | number>, locale: Locale): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = values[k];
    return typeof v === 'number' ? formatNumber(v, locale) : String(v ?? '');
  });
}
