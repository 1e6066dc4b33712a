/**
 * Small view helpers shared by the static pages: which name to show in which language, page URLs
 * of catalogue things. How Latin text sits inside Persian text is src/lib/latin-runs.ts.
 */
import type { CategoryRef, ProductCard } from '../api/schemas/catalogue';
import { localePath, type Locale } from './i18n';

export const categoryName = (c: Pick<CategoryRef, 'name' | 'nameFa'>, locale: Locale): string => (locale === 'fa' ? c.nameFa : c.name);

/** Persian pages show the display name (spec §3); others the English name. */
export const productName = (p: Pick<ProductCard, 'displayName' | 'name'>, locale: Locale): string =>
  locale === 'fa' ? p.displayName : p.name;

export const productUrl = (locale: Locale, slug: string): string => localePath(locale, `/shop/products/${slug}`);
export const categoryUrl = (locale: Locale, slug: string | null): string =>
  localePath(locale, slug ? `/shop/catalog/${slug}` : '/shop/catalog');

/** Listing URL of page `page`: page 1 is never written into the URL (spec §9). */
export const listingPageUrl = (base: string, page: number): string => (page <= 1 ? base : `${base}?page=${page}`);
