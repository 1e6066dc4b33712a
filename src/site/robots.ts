/**
 * What crawlers are told. They may read the catalogue, products, blog and store pages; they are asked
 * to skip the private and per-visitor pages (accounts, the buying path, the staff console, search
 * results) and the API; the sitemap lists neither those nor the error pages. Every page kept out
 * here also says noindex itself (ShopShell, AccountShell, ErrorPage, the search page).
 */
import { LOCALES, localePath, splitLocale } from './i18n';

/** Language-free path prefixes of pages that are someone's own or a search's, never content. */
const PRIVATE_PATHS = [
  '/account',
  '/email',
  '/password',
  '/staff',
  '/shop/cart',
  '/shop/checkout',
  '/shop/customer',
  '/shop/compare',
  '/shop/wishlist',
  '/shop/receipt',
  '/shop/track-order',
  '/shop/search',
];

/** Error pages: shown with their status where something failed, not pages to find. */
const ERROR_PAGES = ['/404', '/site/not-found', '/site/server-error', '/site/too-many-attemp-error', '/site/too-many-attempt-error'];

const isPrivate = (path: string) => PRIVATE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/** True for a page URL (absolute or a path) the sitemap should list. */
/** The spec's layout and off-canvas cart routes show a product or the cart another way: marked noindex, kept out of the sitemap. */
const NOINDEX_LAYOUT_PAGES = ['/offcanvas-cart', '/shop/product-standard', '/shop/product-sidebar', '/shop/product-columnar'];

export function belongsInSitemap(url: string): boolean {
  const [, path] = splitLocale(new URL(url, 'http://x').pathname.replace(/\/+$/, '') || '/');
  return !isPrivate(path) && !ERROR_PAGES.includes(path) && !NOINDEX_LAYOUT_PAGES.includes(path);
}

export function robotsTxt(site: string): string {
  const lines = ['User-agent: *', 'Disallow: /api/'];
  for (const locale of LOCALES) for (const path of PRIVATE_PATHS) lines.push(`Disallow: ${localePath(locale, path)}`);
  lines.push('', `Sitemap: ${site.replace(/\/+$/, '')}/sitemap-index.xml`);
  return `${lines.join('\n')}\n`;
}
