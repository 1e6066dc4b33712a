/** The product a review, question or restock request is about: public products only, else 404. */
import { and, eq } from 'drizzle-orm';
import { productDisplayName } from '../../../lib/display-name';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { notFound } from '../../http/errors';
import { PRODUCT_NOT_FOUND } from '../product-lists';
import { productIsPublic } from '../product-views';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ProductRef {
  id: number;
  slug: string;
  name: string;
  nameFa: string;
  partNumber: string;
  displayName: string;
}

export async function publicProductRef(db: Db | Tx, id: number, opts: { lock?: boolean } = {}): Promise<ProductRef> {
  const query = db
    .select({ id: products.id, slug: products.slug, name: products.name, nameFa: products.nameFa, partNumber: products.partNumber })
    .from(products)
    .where(and(eq(products.id, id), productIsPublic))
    .limit(1);
  // The lock serialises writers of one product's rating, so each recount sees the rows before it.
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return { ...row, displayName: productDisplayName(row) };
}

/** 1 for no rows; never below 1 so a pager always has a page to show. */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));
