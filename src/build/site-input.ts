/**
 * The input the build hands the pages for one Astro run (src/site/build-input.ts): where the API is,
 * the bulk export client, which pages to render, and where the pages report what they were
 * rendered from (build-record.ts). The pages never import the build: it comes to them.
 */
import type { SiteBuildInput } from '../site/build-input';
import { dataHash, recordIndex, recordListing, recordProduct, recordSearch } from './build-record';
import { createExportApi } from './export-client';
import { productHash } from './product-hash';
import { renderScope, type RenderOnlyFile } from './render-filter';

/** Hash of what a listing's first page shows: its products' card data and the page count. */
export const listingHash = (list: { total: number; items: unknown[] }): string => dataHash([list.total, list.items]);

export function siteBuildInput(apiUrl: string, filter: RenderOnlyFile | null): SiteBuildInput {
  const exportApi = createExportApi(apiUrl);
  return {
    buildId: `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    apiUrl,
    exportIndex: () => exportApi.index(),
    exportProducts: (query) => exportApi.products(query),
    scope: filter ? renderScope(filter) : null,
    maxProducts: Number(process.env.SITE_MAX_PRODUCTS || 0),
    recordIndex,
    recordListing: (categorySlug, firstPage) => recordListing(categorySlug, listingHash(firstPage)),
    recordProduct: (product, searchText) => {
      recordProduct(
        product.slug,
        productHash(product),
        product.categories.map((c) => c.slug),
      );
      recordSearch(product, searchText);
    },
  };
}
