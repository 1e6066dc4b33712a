/** Spec §4: in stock, waiting to arrive (pre-order, when a date is set), or out of stock. */
export const AVAILABILITIES = ['in-stock', 'pre-order', 'out-of-stock'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export function availabilityOf(p: { stock: number; availabilityDate: string | null }): Availability {
  if (p.stock > 0) return 'in-stock';
  return p.availabilityDate ? 'pre-order' : 'out-of-stock';
}

/** In-stock and waiting-to-arrive items can be added to the cart; out-of-stock ones get a restock request. */
export const canAddToCart = (a: Availability) => a !== 'out-of-stock';
