/**
 * Catalogue-wide price changes: a percent up or down (optionally of one category or brand), and
 * repricing every dollar-priced product from a new rate. Prices are computed by the pure rules of
 * src/lib/repricing.ts, batch by batch (ids in keyset order), and written with one UPDATE per batch.
 *
 * The whole run is one transaction, so the shop switches from the old prices to the new ones at
 * commit: no shopper sees half a catalogue repriced, and a failure leaves every price as it was.
 * Between batches the run yields to the event loop, so this process keeps answering other requests.
 * Runs take turns (an advisory lock), and a staff edit of one product waits on its row lock.
 */
import { and, asc, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { followTiers, priceByPercent, priceFromUsd } from '../../../lib/repricing';
import type { Db } from '../../db/client';
import { exchangeRates, productChanges, productPrices, products, staffActions } from '../../db/schema';
import { bulkInsert } from '../catalogue/bulk-insert';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const BATCH = 1000;

interface PricedRow { id: number; price: number; compareAtPrice: number | null; basePriceUsdCents: number | null; marginPercent: number | null }
type NewPrice = (row: PricedRow) => number;

const yieldToShop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function repriceWhere(tx: Tx, filter: SQL, newPrice: NewPrice, staffId: number, source: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('qateh.reprice'))`);
  let after = 0;
  let total = 0;
  for (;;) {
    const rows: PricedRow[] = await tx.select({
      id: products.id, price: products.price, compareAtPrice: products.compareAtPrice,
      basePriceUsdCents: products.basePriceUsdCents, marginPercent: products.marginPercent,
    }).from(products).where(and(filter, gt(products.id, after))).orderBy(asc(products.id)).limit(BATCH).for('update');
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
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
      total += productRows.length;
    }
    await yieldToShop();
  }
  return total;
}

export async function repriceByPercent(db: Db, staffId: number, filter: SQL, percent: number, described: Record<string, unknown>): Promise<number> {
  return db.transaction(async (tx) => {
    const n = await repriceWhere(tx, filter, (r) => priceByPercent(r.price, percent), staffId, 'bulk-percent');
    await tx.insert(staffActions).values({ staffId, action: 'products.reprice-percent', entity: 'products', entityId: 0, details: { percent, repriced: n, ...described } });
    return n;
  });
}

/** Products that follow the dollar: a base price is set (a missing margin counts as none). */
const dollarPriced = and(isNotNull(products.basePriceUsdCents), sql`${products.deletedAt} IS NULL`)!;

export async function repriceByExchangeRate(db: Db, staffId: number, rialsPerUsd: number): Promise<number> {
  return db.transaction(async (tx) => {
    const n = await repriceWhere(tx, dollarPriced, (r) => priceFromUsd(r.basePriceUsdCents!, r.marginPercent ?? 0, rialsPerUsd), staffId, 'exchange-rate');
    const [rate] = await tx.insert(exchangeRates).values({ rialsPerUsd, staffId, repriced: n }).returning({ id: exchangeRates.id });
    await tx.insert(staffActions).values({ staffId, action: 'products.exchange-rate', entity: 'exchange_rate', entityId: rate!.id, details: { rialsPerUsd, repriced: n } });
    return n;
  });
}

export async function currentExchangeRate(db: Db) {
  const [rate] = await db.select().from(exchangeRates).orderBy(sql`${exchangeRates.id} desc`).limit(1);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(dollarPriced);
  return { rialsPerUsd: rate?.rialsPerUsd ?? null, setAt: rate?.createdAt.toISOString() ?? null, dollarPriced: count?.n ?? 0 };
}
