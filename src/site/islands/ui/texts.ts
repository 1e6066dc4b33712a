/**
 * The islands' own texts, small enough to ship to the browser (locales/*.json stays on the build
 * side). Russian is a stub and reads English, as the static pages do. islandTexts is every island
 * text in one object (search and header here; listing, product page and card labels from their
 * own modules): an island that ships on a budget imports its feature's texts directly
 * (listing/texts.ts, product/texts.ts, ui/card-texts.ts) so it does not carry the others.
 */
import { listingTexts } from '../listing/texts';
import { productTexts } from '../product/texts';
import type { Locale } from './locale';

const fa = {
  allProducts: 'همه محصولات',
  searchTitle: 'نتایج جستجوی «{q}»',
  searchAll: 'جستجوی قطعات',
  interpreted: 'نتایج برای «{q}»',
  offline: 'ارتباط با سرور برقرار نیست؛ نتایج از فهرست آفلاین فروشگاه آمده‌اند.',
  offlineNone: 'ارتباط با سرور برقرار نیست و جستجوی آفلاین هم در دسترس نیست. لطفاً کمی بعد دوباره تلاش کنید.',
  exact: 'دقیق',
  family: 'هم‌خانواده',
  suggestions: 'پیشنهادها',
  viewAll: 'همه {total} نتیجه',
  noMatch: 'قطعه‌ای پیدا نشد',
  currency: 'واحد پول',
  scrollTop: 'بازگشت به بالای صفحه',
  close: 'بستن',
  menu: 'منو',
};
type OwnTexts = typeof fa;

const en: OwnTexts = {
  allProducts: 'All products',
  searchTitle: 'Search results for “{q}”',
  searchAll: 'Search parts',
  interpreted: 'Showing results for “{q}”',
  offline: 'The server cannot be reached; these results come from the shop’s offline index.',
  offlineNone: 'The server cannot be reached and offline search is not available. Please try again shortly.',
  exact: 'Exact',
  family: 'Same family',
  suggestions: 'Suggestions',
  viewAll: 'All {total} results',
  noMatch: 'No parts found',
  currency: 'Currency',
  scrollTop: 'Back to top',
  close: 'Close',
  menu: 'Menu',
};

const all = (own: OwnTexts, locale: Locale) => ({ ...productTexts(locale), ...listingTexts(locale), ...own });
const byLocale = { fa: all(fa, 'fa'), en: all(en, 'en') };

export const islandTexts = (locale: Locale) => (locale === 'fa' ? byLocale.fa : byLocale.en);

export { fill } from './fill';
