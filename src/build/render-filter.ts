/**
 * Which pages a build renders. A partial (incremental) build renders only some product and listing
 * pages; a full build split over worker processes gives each worker a contiguous slice of the
 * products (and the listings to one of them); Russian product pages are usually made from the
 * English ones (src/build/russian-pages.ts) instead of rendered. The build writes this to a JSON
 * file and names it in QATEH_RENDER_ONLY; getStaticPaths of the product and listing routes ask
 * here. Without the variable every page is rendered in every language.
 */
import { readFileSync } from 'node:fs';
import type { ExportIndex } from '../api/schemas/export';

import type { Locale } from '../lib/locales';

export interface RenderOnly {
  /** Product slugs to render; null: every product. */
  products: Set<string> | null;
  /** True when `products` is a run of neighbours in id order, read in bulk like a full build. */
  contiguous: boolean;
  /** Category slugs of listings to render ('' is /shop/catalog); null: every listing. */
  listings: Set<string> | null;
  /** Languages product pages are rendered in; `alsoRussian` products get Russian too. */
  productLocales: Set<Locale>;
  alsoRussian: Set<string>;
  /** The export index the build already read (a worker's slice of it); null: read it again. */
  index: ExportIndex | null;
  /**
   * Product pages are rendered one at a time on their first request (src/build/product-render-thread.ts),
   * each product read by itself: no index of the whole catalogue is read.
   */
  onRequest: boolean;
}

export interface RenderOnlyFile {
  products?: string[];
  contiguous?: boolean;
  listings?: string[];
  productLocales?: Locale[];
  alsoRussian?: string[];
  index?: ExportIndex;
  onRequest?: boolean;
}

// Keyed by the file: one process may run several builds (tests, `npm start` then a rebuild).
let cached: { file: string | undefined; filter: RenderOnly | null } | undefined;

export function renderFilter(): RenderOnly | null {
  const file = process.env.QATEH_RENDER_ONLY || undefined;
  if (cached && cached.file === file) return cached.filter;
  let filter: RenderOnly | null = null;
  if (file) {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as RenderOnlyFile;
    filter = {
      products: raw.products ? new Set(raw.products) : null,
      contiguous: raw.contiguous ?? false,
      listings: raw.listings ? new Set(raw.listings) : null,
      productLocales: new Set(raw.productLocales ?? ['fa', 'en', 'ru']),
      alsoRussian: new Set(raw.alsoRussian ?? []),
      index: raw.index ?? null,
      onRequest: raw.onRequest ?? false,
    };
  }
  cached = { file, filter };
  return filter;
}

/** True when this build renders the listing of `categorySlug` (null: all products). */
export const rendersListing = (categorySlug: string | null): boolean => {
  const only = renderFilter()?.listings;
  return !only || only.has(categorySlug ?? '');
};

/** True when this build renders product `slug` in `locale` (Russian is otherwise made from English). */
export const rendersProductLocale = (slug: string, locale: Locale): boolean => {
  const only = renderFilter();
  return !only || only.productLocales.has(locale) || (locale === 'ru' && only.alsoRussian.has(slug));
};
