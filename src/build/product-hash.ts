/** The data hash of a product page, the same in the build (src/site/data.ts) and in the rebuild. */
import type { Product } from '../api/schemas/catalogue';
import { dataHash } from './build-record';

/** Hash of what a product page shows; views change with every visit and are not shown. */
export const productHash = (p: Product): string => dataHash({ ...p, views: 0 });
