/**
 * The products behind cart lines and order lines, read fresh from the catalogue: every price the
 * server charges comes from here, never from what a browser sent.
 */
import { inArray } from 'drizzle-orm';
import type { CartProduct } from '../../../api/schemas/shop';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { loadProductCards } from '../product-views';
import type { QuantityProduct } from '../../../lib/quantity';

export interface PricedProduct extends CartProduct {
  /** Enabled and not deleted: may be bought. */
  purchasable: boolean;
}

export async function loadPricedProducts(db: Db, ids: number[]): Promise<Map<number, PricedProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [cards, flags] = await Promise.all([
    loadProductCards(db, unique, { includeHidden: true }),
    db
      .select({ id: products.id, enable: products.enable, deletedAt: products.deletedAt })
      .from(products)
      .where(inArray(products.id, unique)),
  ]);
  const purchasable = new Map(flags.map((f) => [f.id, f.enable && f.deletedAt === null]));
  return new Map(
    cards.map((c) => [
      c.id,
      {
        id: c.id,
        slug: c.slug,
        name: c.name,
        nameFa: c.nameFa,
        displayName: c.displayName,
        partNumber: c.partNumber,
        images: c.images.slice(0, 1),
        badges: c.badges,
        availability: c.availability,
        price: c.price,
        compareAtPrice: c.compareAtPrice,
        prices: c.prices,
        minimumPurchase: c.minimumPurchase,
        stock: c.stock,
        threshold: c.threshold,
        purchasable: purchasable.get(c.id) ?? false,
      },
    ]),
  );
}

export const quantityRulesOf = (p: CartProduct): QuantityProduct => ({
  minimumPurchase: p.minimumPurchase,
  stock: p.stock,
  threshold: p.threshold,
  preOrder: p.availability === 'pre-order',
});

/** The cart-facing view without the server-only flag. */
export function toCartProduct(p: PricedProduct): CartProduct {
  const { purchasable: _purchasable, ...view } = p;
  return view;
}
