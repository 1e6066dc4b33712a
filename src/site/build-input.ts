/**
 * What the pages need from whatever builds them, handed in by the build instead of reached for: the
 * pages do not import the build pipeline or read its environment. The build (src/build/astro-render.ts)
 * provides it for the length of one Astro run; src/site/data.ts and the routes' getStaticPaths read it.
 *
 * Astro runs in the build's own process (or worker), but loads the pages as a bundle of its own — a
 * second copy of every module — so the input travels on a global object both copies see.
 */
import type { Product, ProductList } from '../api/schemas/catalogue';
import type { ExportIndex, ExportProducts } from '../api/schemas/export';
import type { Locale } from '../lib/locales';

/** Which pages a build renders; absent: every page in every language. */
export interface RenderScope {
  /** Product slugs to render; null: every product. */
  products: ReadonlySet<string> | null;
  /** True when `products` is a run of neighbours in id order, read in bulk like a full build. */
  contiguous: boolean;
  /** Category slugs of listings to render ('' is /shop/catalog); null: every listing. */
  listings: ReadonlySet<string> | null;
  /** Languages product pages are rendered in; `alsoRussian` products get Russian too. */
  productLocales: ReadonlySet<Locale>;
  alsoRussian: ReadonlySet<string>;
  /** The export index the build already read (a worker's slice of it); null: read it again. */
  index: ExportIndex | null;
  /**
   * Product pages are rendered one at a time on their first request (src/build/product-render-thread.ts),
   * each product read by itself: no index of the whole catalogue is read.
   */
  onRequest: boolean;
}

export interface SiteBuildInput {
  /** One id per Astro run: what a page module keeps for one build is dropped when it changes (build-scope.ts). */
  buildId: string;
  /** The API the pages read their data from. */
  apiUrl: string;
  /** The catalogue in bulk (the export calls, which answer only the build). */
  exportIndex(): Promise<ExportIndex>;
  exportProducts(query: { after: number; limit: number }): Promise<ExportProducts>;
  /** Which pages to render; null: all of them. */
  scope: RenderScope | null;
  /** At most this many product pages (0: no limit), to try a build on part of a large catalogue. */
  maxProducts: number;
  /** What the pages were rendered from, for the build's manifest and search records. */
  recordIndex(generatedAt: string, version: string): void;
  recordListing(categorySlug: string | null, firstPage: ProductList): void;
  /** A product page rendered, with its folded search text (the page wrote it too, src/site/pagefind-text.ts). */
  recordProduct(product: Product, searchText: string): void;
}

const KEY = '__qatehSiteBuildInput';
type WithInput = typeof globalThis & { [KEY]?: SiteBuildInput };

/** Called by the build around one Astro run (undefined when it ends). */
export function provideBuildInput(input: SiteBuildInput | undefined): void {
  if (input) (globalThis as WithInput)[KEY] = input;
  else delete (globalThis as WithInput)[KEY];
}

/** The running build's input; throws outside a build. */
export function buildInput(): SiteBuildInput {
  const input = (globalThis as WithInput)[KEY];
  if (!input) throw new Error('The pages are built by `npm run build` (scripts/build-site.ts), which hands them their data source.');
  return input;
}

/** The running build's id; '' outside a build. */
export const currentBuildId = (): string => (globalThis as WithInput)[KEY]?.buildId ?? '';

/** True when this build renders the listing of `categorySlug` (null: all products). */
export const rendersListing = (categorySlug: string | null): boolean => {
  const only = buildInput().scope?.listings;
  return !only || only.has(categorySlug ?? '');
};

/** True when this build renders product `slug` in `locale` (Russian is otherwise made from English). */
export const rendersProductLocale = (slug: string, locale: Locale): boolean => {
  const only = buildInput().scope;
  return !only || only.productLocales.has(locale) || (locale === 'ru' && only.alsoRussian.has(slug));
};
