/** The real parts catalogue of ../shared/data (read-only), as the importer takes it. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SHARED_DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));

export function readSharedCatalogue() {
  return {
    categories: { name: 'categories.csv', text: readFileSync(`${SHARED_DATA}categories.csv`, 'utf8') },
    products: { name: 'products.csv', text: readFileSync(`${SHARED_DATA}products.csv`, 'utf8') },
  };
}
