/**
 * A partial (incremental) build renders only some product and listing pages. The rebuild writes
 * which ones to a JSON file and names it in QATEH_RENDER_ONLY; getStaticPaths of the product and
 * listing routes ask here. Without the variable every page is rendered (the full build).
 */
import { readFileSync } from 'node:fs';

export interface RenderOnly {
  products: Set<string>;
  /** Category slugs of listings to render; '' is the all-products listing (/shop/catalog). */
  listings: Set<string>;
}

export interface RenderOnlyFile {
  products: string[];
  listings: string[];
}

// Keyed by the file: one process may run several builds (tests, `npm start` then a rebuild).
let cached: { file: string | undefined; filter: RenderOnly | null } | undefined;

export function renderFilter(): RenderOnly | null {
  const file = process.env.QATEH_RENDER_ONLY || undefined;
  if (cached && cached.file === file) return cached.filter;
  let filter: RenderOnly | null = null;
  if (file) {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as RenderOnlyFile;
    filter = { products: new Set(raw.products), listings: new Set(raw.listings) };
  }
  cached = { file, filter };
  return filter;
}

/** True when this build renders the listing of `categorySlug` (null: all products). */
export const rendersListing = (categorySlug: string | null): boolean => {
  const only = renderFilter();
  return !only || only.listings.has(categorySlug ?? '');
};
