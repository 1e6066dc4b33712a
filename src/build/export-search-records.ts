/**
 * The Pagefind fallback's records of a site whose product pages are rendered on request
 * (SITE_PRODUCT_PAGES=on-request): no product page is rendered at build time to record them from, so
 * they are made from the products read in id order through the bulk export (the database at build
 * time), each as its page would have recorded it (build-record.ts: recordSearch).
 */
import type { Product } from '../api/schemas/catalogue';
import { EXPORT_MAX_LIMIT } from '../api/schemas/export';
import { createExportApi } from './export-client';

/** Hands `record` every public product among `slugs` (all when absent); returns how many. */
export async function exportSearchRecords(apiUrl: string, record: (p: Product) => void, slugs?: Set<string>): Promise<number> {
  const exporter = createExportApi(apiUrl);
  let count = 0;
  for (let after = 0; ;) {
    const page = await exporter.products({ after, limit: EXPORT_MAX_LIMIT });
    for (const p of page.items) {
      if (slugs && !slugs.has(p.slug)) continue;
      record(p);
      count++;
    }
    if (page.next === null) return count;
    after = page.next;
  }
}
