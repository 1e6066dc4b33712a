/**
 * Catalogue-wide price changes: a percent up or down (optionally of one category or brand), and
 * repricing every dollar-priced product from a new rate. Prices are computed by the pure rules of
 * src/lib/repricing.ts, batch by batch (ids in keyset order), and written with one UPDATE per batch.
 *
 * A percent change is one transaction, so the shop switches from the old prices to the new ones at
 * commit: no shopper sees half a catalogue repriced, and a failure leaves every price as it was.
 * Between batches the run yields to the event loop, so this process keeps answering other requests.
 * Runs take turns (an advisory lock), and a staff edit of one product waits on its row lock.
 *
 * A new exchange rate reprices the whole dollar-priced catalogue, and PGlite has one connection: a
 * transaction that computed every price held it, and every product read of the shop waited behind it.
 * So that run computes in short transactions of a few thousand rows into reprice_staging (the shop's
 * reads go between them), then switches in one short transaction of set-based UPDATEs from the
 * staging rows: readers still see all old or all new prices. A product whose price changed after its
 * new one was computed (a staff edit, another rate) is recomputed inside the switch, under its row lock.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { followTiers, priceByPercent, priceFromUsd } from '../../../lib/repricing';
import type { Db } from '../../db/client';
import { exchangeRates, productChanges, productPrices, products, repriceStaging, staffActions } from '../../db/schema';
import { bulkInsert } from '../catalogue/bulk-insert';
import { rowsOf } from '../../db/rows';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const BATCH = 1000;

interface PricedRow {
  id: number;
  price: number;
  compareAtPrice: number | null;
  basePriceUsdCents: number | null;
  marginPercent: number | null;
}
type NewPrice = (row: PricedRow) => number;

const yieldToShop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function repriceWhere(tx: Tx, filter: SQL, newPrice: NewPrice, staffId: number, source: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('qateh.reprice'))`);
  let after = 0;
  let total = 0;
  for (;;) {
    const rows: PricedRow[] = await tx
      .select({
        id: products.id,
        price: products.price,
        compareAtPrice: products.compareAtPrice,
        basePriceUsdCents: products.basePriceUsdCents,
        marginPercent: products.marginPercent,
      })
      .from(products)
      .where(and(filter, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(BATCH)
      .for('update');
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

export async function repriceByPercent(
  db: Db,
  staffId: number,
  filter: SQL,
  percent: number,
  described: Record<string, unknown>,
): Promise<number> {
  return db.transaction(async (tx) => {
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
const dollarPriced = and(isNotNull(products.basePriceUsdCents), sql`${products.deletedAt} IS NULL`)!;

/** Rows computed per short transaction of a rate reprice. */
const STAGE_BATCH = 2000;

/** Computes the new prices of the dollar-priced products after `after` into the staging rows of `runId`; the last id read, or null at the end. */
async function stageBatch(db: Db, runId: string, newPrice: NewPrice, after: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const rows: PricedRow[] = await tx
      .select({
        id: products.id,
        price: products.price,
        compareAtPrice: products.compareAtPrice,
        basePriceUsdCents: products.basePriceUsdCents,
        marginPercent: products.marginPercent,
      })
      .from(products)
      .where(and(dollarPriced, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(STAGE_BATCH);
    if (!rows.length) return null;
    const tiers = await tx
      .select()
      .from(productPrices)
      .where(
        inArray(
          productPrices.productId,
          rows.map((r) => r.id),
        ),
      );
    const tiersOf = new Map<number, typeof tiers>();
    for (const t of tiers) tiersOf.set(t.productId, [...(tiersOf.get(t.productId) ?? []), t]);
    const staged: (typeof repriceStaging.$inferInsert)[] = [];
    for (const r of rows) {
      const price = newPrice(r);
      if (price === r.price) continue;
      const [compareAt] = followTiers([{ price: r.price, compareAtPrice: r.compareAtPrice }], r.price, price);
      const own = (tiersOf.get(r.id) ?? []).sort((a, b) => a.minCount - b.minCount);
      staged.push({
        runId,
        productId: r.id,
        beforePrice: r.price,
        price,
        compareAtPrice: compareAt!.compareAtPrice,
        tiers: followTiers(own, r.price, price).map((t) => ({ id: t.id, price: t.price, compareAtPrice: t.compareAtPrice })),
      });
    }
    await bulkInsert(tx as unknown as Db, repriceStaging, staged);
    return rows[rows.length - 1]!.id;
  });
}

export async function repriceByExchangeRate(db: Db, staffId: number, rialsPerUsd: number): Promise<number> {
  const newPrice: NewPrice = (r) => priceFromUsd(r.basePriceUsdCents!, r.marginPercent ?? 0, rialsPerUsd);
  const runId = randomUUID();
  try {
    for (let after: number | null = 0; after !== null;) {
      after = await stageBatch(db, runId, newPrice, after);
      await yieldToShop();
    }
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('qateh.reprice'))`);
      // Staged rows whose product still has the price they were computed from; the rest are recomputed below.
      const current = sql`EXISTS (SELECT 1 FROM products p WHERE p.id = s.product_id AND p.price = s.before_price
        AND p.base_price_usd_cents IS NOT NULL AND p.deleted_at IS NULL)`;
      await tx.execute(sql`INSERT INTO product_changes (product_id, staff_id, field, before, after, source)
        SELECT s.product_id, ${staffId}, 'price', to_jsonb(s.before_price), to_jsonb(s.price), 'exchange-rate'
        FROM reprice_staging s WHERE s.run_id = ${runId} AND ${current}`);
      await tx.execute(sql`UPDATE product_prices t SET price = (x->>'price')::bigint, compare_at_price = (x->>'compareAtPrice')::bigint
        FROM reprice_staging s, jsonb_array_elements(s.tiers) x
        WHERE s.run_id = ${runId} AND ${current} AND t.id = (x->>'id')::int AND t.product_id = s.product_id`);
      const applied = await tx.execute(sql`UPDATE products p SET price = s.price, compare_at_price = s.compare_at_price, updated_at = now()
        FROM reprice_staging s WHERE s.run_id = ${runId} AND p.id = s.product_id AND p.price = s.before_price
          AND p.base_price_usd_cents IS NOT NULL AND p.deleted_at IS NULL RETURNING p.id`);
      const appliedIds = new Set(rowsOf<{ id: number }>(applied).map((r) => Number(r.id)));
      const staged = await tx.select({ id: repriceStaging.productId }).from(repriceStaging).where(eq(repriceStaging.runId, runId));
      const changed = staged.map((r) => r.id).filter((id) => !appliedIds.has(id));
      const recomputed = changed.length
        ? await repriceWhere(tx, and(dollarPriced, inArray(products.id, changed))!, newPrice, staffId, 'exchange-rate')
        : 0;
      await tx.delete(repriceStaging).where(eq(repriceStaging.runId, runId));
      const n = appliedIds.size + recomputed;
      const [rate] = await tx.insert(exchangeRates).values({ rialsPerUsd, staffId, repriced: n }).returning({ id: exchangeRates.id });
      await tx.insert(staffActions).values({
        staffId,
        action: 'products.exchange-rate',
        entity: 'exchange_rate',
        entityId: rate!.id,
        details: { rialsPerUsd, repriced: n },
      });
      return n;
    });
  } finally {
    // A run that failed leaves no staging rows behind (after a switch there are none left to delete).
    await db
      .delete(repriceStaging)
      .where(eq(repriceStaging.runId, runId))
      .catch(() => undefined);
  }
}

export async function currentExchangeRate(db: Db) {
  const [rate] = await db
    .select()
    .from(exchangeRates)
    .orderBy(sql`${exchangeRates.id} desc`)
    .limit(1);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(dollarPriced);
  return { rialsPerUsd: rate?.rialsPerUsd ?? null, setAt: rate?.createdAt.toISOString() ?? null, dollarPriced: count?.n ?? 0 };
}
