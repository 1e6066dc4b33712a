/** Spec §4: in stock, waiting to arrive (pre-order, when a date is set), or out of stock. */
export const AVAILABILITIES = ['in-stock', 'pre-order', 'out-of-stock'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/**
 * In stock means a shopper can buy the minimum purchase now: stock below it (3 left of a pack of 10)
 * is not in stock, or the buy button would always end in "contact the store".
 */
export function availabilityOf(p: { stock: number; availabilityDate: string | null; minimumPurchase?: number }): Availability {
  if (p.stock > 0 && p.stock >= Math.max(1, p.minimumPurchase ?? 1)) return 'in-stock';
  return p.availabilityDate ? 'pre-order' : 'out-of-stock';
}

/** The same rule for SQL over the products table aliased `table` (listing filters and sort). */
export const IN_STOCK_SQL = (table: string) => `(${table}.stock > 0 and ${table}.stock >= greatest(${table}.minimum_purchase, 1))`;

/** In-stock and waiting-to-arrive items can be added to the cart; out-of-stock ones get a restock request. */
export const canAddToCart = (a: Availability) => a !== 'out-of-stock';

// Made on first use and kept: every product page of a build asks for the day.
let tehranDay: Intl.DateTimeFormat | undefined;
/** Today's date in Tehran (the store's calendar day) as YYYY-MM-DD. */
export const storeDay = (now: Date): string =>
  (tehranDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' })).format(
    now,
  );

/**
 * What a shopper is told about a pre-order's arrival: its date while that day is still ahead (or
 * today), "soon" once it has passed without the store updating it — a date in the past is never
 * shown as if it were coming.
 */
export function arrivalOf(availabilityDate: string | null, now: Date): { kind: 'date'; date: string } | { kind: 'soon' } | null {
  if (!availabilityDate) return null;
  return availabilityDate.slice(0, 10) >= storeDay(now) ? { kind: 'date', date: availabilityDate } : { kind: 'soon' };
}
