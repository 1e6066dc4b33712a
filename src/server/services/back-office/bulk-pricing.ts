/**
 * Catalogue-wide price changes: a percent up or down (optionally of one category or brand), and the
 * shared step both use to reprice a batch of products. Prices are computed by the pure rules of
 * src/lib/repricing.ts, batch by batch (ids in keyset order), and written with one UPDATE per batch.
 *
 * A percent change is one transaction, so the shop switches from the old prices to the new ones at
 * commit: no shopper sees half a catalogue repriced, and a failure leaves every price as it was.
 * Between batches the run yields to the event loop, so this process keeps answering other requests.
 * Runs take turns (an advisory lock), and a staff edit of one product waits on its row lock.
 * A new dollar rate reprices in many short transactions instead (exchange-rate-run.ts).
 */
import { and, asc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { followTiers, priceByPercent } from '../../../lib/repricing';
import type { Db } from '../../db/client';
import { productChanges, productPrices, products, repriceRuns, staffActions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { bulkInsert } from '../catalogue/bulk-insert';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const BATCH = 1000;

export const REPRICE_MESSAGES = {
  running: 'قیمت‌گذاری با نرخ تازهٔ دلار هنوز در جریان است؛ پس از پایان آن دوباره تلاش کنید.',
};

export interface PricedRow {
  id: number;
  price: number;
  compareAtPrice: number | null;
  basePriceUsdCents: number | null;
  marginPercent: number | null;
}
export type NewPrice = (row: PricedRow) => number;

const yieldToShop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Takes the turn of catalogue-wide repricing for the rest of the transaction `tx`. */
export const takeRepriceTurn = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('qateh.reprice'))`);

/** The columns a new price is computed from, of products locked for the rest of the transaction. */
export const lockPriced = (tx: Tx, filter: SQL, limit: number) =>
  tx
    .select({
      id: products.id,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      basePriceUsdCents: products.basePriceUsdCents,
      marginPercent: products.marginPercent,
    })
    .from(products)
    .where(filter)
    .orderBy(asc(products.id))
    .limit(limit)
    .for('update');

/**
 * Writes the new prices of `rows` (locked by the caller) with their tiers and one history line each, in
 * the caller's transaction: a product and all its tiers change together. Returns how many changed.
 */
export async function repriceRows(tx: Tx, rows: PricedRow[], newPrice: NewPrice, staffId: number, source: string): Promise<number> {
  const ids = rows.map((r) => r.id);
  const tiers = await tx.select().from(productPrices).where(inArray(productPrices.productId, ids));
  const tiersOf = new Map<number, typeof tiers>();
  for (const t of tiers) tiersOf.set(t.productId, [...(tiersOf.get(t.productId) ?? []), t]);

  const productRows: { id: number; price: number; compare_at_price: number | null }[] = [];
  const tierRows: { id: number; price: number; compare_at_price: number | null }[] = [];
  const history: (typeof productChanges.$inferInsert)[] = [];
  for (const r of rows) {
    const price = newPrice(r);
    if (price === r.price) continue;
    const [compareAt] = followTiers([{ price: r.price, compareAtPrice: r.compareAtPrice }], r.price, price);
    productRows.push({ id: r.id, price, compare_at_price: compareAt!.compareAtPrice });
    // products.price is the first tier's price: that tier takes the new price, the others keep their distance.
    const own = (tiersOf.get(r.id) ?? []).sort((a, b) => a.minCount - b.minCount);
    for (const t of followTiers(own, r.price, price)) tierRows.push({ id: t.id, price: t.price, compare_at_price: t.compareAtPrice });
    history.push({ productId: r.id, staffId, field: 'price', before: r.price, after: price, source });
  }
  if (productRows.length) {
    await tx.execute(sql`UPDATE products p SET price = v.price, compare_at_price = v.compare_at_price, updated_at = now()
        FROM json_to_recordset(${JSON.stringify(productRows)}::json) AS v(id int, price bigint, compare_at_price bigint) WHERE p.id = v.id`);
    if (tierRows.length) {
      await tx.execute(sql`UPDATE product_prices t SET price = v.price, compare_at_price = v.compare_at_price
          FROM json_to_recordset(${JSON.stringify(tierRows)}::json) AS v(id int, price bigint, compare_at_price bigint) WHERE t.id = v.id`);
    }
    await bulkInsert(tx, productChanges, history);
  }
  return productRows.length;
}

async function repriceWhere(tx: Tx, filter: SQL, newPrice: NewPrice, staffId: number, source: string): Promise<number> {
  await takeRepriceTurn(tx);
  let after = 0;
  let total = 0;
  for (;;) {
    const rows: PricedRow[] = await lockPriced(tx, and(filter, gt(products.id, after))!, BATCH);
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    total += await repriceRows(tx, rows, newPrice, staffId, source);
    await yieldToShop();
  }
  return total;
}

export async function repriceByPercent(
  db: Db,
  staffId: number,
  filter: SQL,
  percent: number,
  described: Record<string, unknown>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await takeRepriceTurn(tx);
    // A rate run still open would overwrite the products it has not reached yet and keep the percent on the rest.
    const [open] = await tx.select({ id: repriceRuns.id }).from(repriceRuns).where(eq(repriceRuns.running, true));
    if (open) throw new HttpError(409, REPRICE_MESSAGES.running);
    const n = await repriceWhere(tx, filter, (r) => priceByPercent(r.price, percent), staffId, 'bulk-percent');
    await tx.insert(staffActions).values({
      staffId,
      action: 'products.reprice-percent',
      entity: 'products',
      entityId: 0,
      details: { percent, repriced: n, ...described },
    });
    return n;
  });
}

/** Products that follow the dollar: a base price is set (a missing margin counts as none). */
export const dollarPriced = and(isNotNull(products.basePriceUsdCents), sql`${products.deletedAt} IS NULL`)!;
