/**
 * Which pages a build renders. A partial (incremental) build renders only some product and listing
 * pages; a full build split over worker processes gives each worker a contiguous slice of the
 * products (and the listings to one of them); Russian product pages are usually made from the
 * English ones (src/build/russian-pages.ts) instead of rendered. The build hands the pages this as
 * the scope of its input (src/build/site-input.ts → src/site/build-input.ts), which the product and
 * listing routes' getStaticPaths ask.
 */
import type { ExportIndex } from '../api/schemas/export';
import type { Locale } from '../lib/locales';
import type { RenderScope } from '../site/build-input';

/** What a build job names (JSON: it crosses into worker processes); absent fields: everything. */
export interface RenderOnlyFile {
  products?: string[];
  contiguous?: boolean;
  listings?: string[];
  productLocales?: Locale[];
  alsoRussian?: string[];
  index?: ExportIndex;
  onRequest?: boolean;
  /** The page sources (Astro's component paths) whose routes are rendered; absent: every route (src/build/rebuild-plan.ts fixedPagesToRender). */
  pages?: string[];
}

export function renderScope(raw: RenderOnlyFile): RenderScope {
  return {
    products: raw.products ? new Set(raw.products) : null,
    contiguous: raw.contiguous ?? false,
    listings: raw.listings ? new Set(raw.listings) : null,
    productLocales: new Set(raw.productLocales ?? ['fa', 'en', 'ru']),
    alsoRussian: new Set(raw.alsoRussian ?? []),
    index: raw.index ?? null,
    onRequest: raw.onRequest ?? false,
  };
}
