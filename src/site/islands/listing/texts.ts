/**
 * Texts of the listing islands (catalogue and search results): filters, toolbar, counts and page
 * links, with the card labels they also show. Apart from the other island texts so a listing ships
 * only these; ui/texts.ts merges them into islandTexts. Russian reads English as elsewhere.
 */
import { cardTexts } from '../ui/card-texts';
import type { Locale } from '../ui/locale';

const fa = {
  filters: 'فیلترها',
  categories: 'دسته‌بندی‌ها',
  price: 'قیمت (تومان)',
  brand: 'برند',
  quality_: 'کیفیت',
  availability_: 'موجودی',
  min: 'از',
  max: 'تا',
  apply: 'اعمال',
  reset: 'حذف همه فیلترها',
  showFilters: 'نمایش فیلترها',
  hideFilters: 'بستن فیلترها',
  sort: 'مرتب‌سازی',
  perPage: 'تعداد در صفحه',
  view: 'نمایش',
  grid: 'شبکه‌ای',
  list: 'فهرستی',
  sorts: {
    default: 'پیش‌فرض',
    name_asc: 'نام (الف تا ی)',
    name_desc: 'نام (ی تا الف)',
    price_asc: 'ارزان‌ترین',
    price_desc: 'گران‌ترین',
    newest: 'جدیدترین',
  },
  showing: 'نمایش {from} تا {to} از {total} کالا',
  noProducts: 'کالایی با این فیلترها پیدا نشد.',
  loading: 'در حال بارگذاری…',
  pagination: 'صفحه‌ها',
  previous: 'قبلی',
  next: 'بعدی',
  page: 'صفحه {page}',
  loadFailed: 'دریافت فهرست از سرور ممکن نشد؛ لطفاً دوباره تلاش کنید.',
  productList: 'فهرست کالاها',
};
type OwnTexts = typeof fa;

const en: OwnTexts = {
  filters: 'Filters',
  categories: 'Categories',
  price: 'Price (Toman)',
  brand: 'Brand',
  quality_: 'Quality',
  availability_: 'Availability',
  min: 'From',
  max: 'To',
  apply: 'Apply',
  reset: 'Clear all filters',
  showFilters: 'Show filters',
  hideFilters: 'Close filters',
  sort: 'Sort by',
  perPage: 'Per page',
  view: 'View',
  grid: 'Grid',
  list: 'List',
  sorts: {
    default: 'Default',
    name_asc: 'Name (A–Z)',
    name_desc: 'Name (Z–A)',
    price_asc: 'Lowest price',
    price_desc: 'Highest price',
    newest: 'Newest',
  },
  showing: 'Showing {from}–{to} of {total} products',
  noProducts: 'No products match these filters.',
  loading: 'Loading…',
  pagination: 'Pages',
  previous: 'Previous',
  next: 'Next',
  page: 'Page {page}',
  loadFailed: 'The list could not be loaded from the server; please try again.',
  productList: 'Product list',
};

const withCards = (texts: OwnTexts, locale: Locale) => ({ ...texts, ...cardTexts(locale) });
export type ListingTexts = ReturnType<typeof withCards>;
const byLocale = { fa: withCards(fa, 'fa'), en: withCards(en, 'en') };

export const listingTexts = (locale: Locale): ListingTexts => (locale === 'fa' ? byLocale.fa : byLocale.en);
