/**
 * Repricing the dollar-priced catalogue from a new rate without stalling the shop.
 *
 * PGlite has one connection: a transaction (or one statement) over the whole catalogue held it for the
 * whole run and every read of the shop waited behind it (p95 ≈ 37 s at 10k products). So a run is a
 * row of reprice_runs walked in short transactions of BATCH products each: a batch locks its products,
 * writes each one's price with all its tiers, its history line, and moves the run's cursor, and commits.
 * A shopper therefore sees every product either at its old price set or at its new one, never half; the
 * shop's reads go between batches. The cursor commits with the prices it covers, so a run cut short by
 * a crash continues where it stopped (on the next start, or when it has been idle too long) and no
 * product is repriced twice. Only one run is open at a time (a partial unique index): a second rate
 * entered meanwhile is refused with 409, and so is a percent change (bulk-pricing.ts).
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { priceFromUsd } from '../../../lib/repricing';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { exchangeRates, products, repriceRuns, staffActions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { dollarPriced, lockPriced, REPRICE_MESSAGES, repriceRows, takeRepriceTurn } from './bulk-pricing';

/**
 * How a run shares the database with the shop. PostgreSQL's reads never wait on the rows a batch
 * locks, so there a large batch only saves round trips and the run goes flat out. PGlite answers one
 * statement at a time: every read that arrives during a batch waits for it, so there batches are
 * small and the run rests as long as its last batch took, leaving the shop at least half the database
 * (100,000 products at 100 a batch without rest: a product read waited 840 ms at p95 meanwhile).
 */
export interface RepricePace {
  /** Products per transaction. */
  batch: number;
  /** Rest after each batch, as a share of that batch's duration. */
  rest: number;
}
export const repricePaceFor = (kind: 'pglite' | 'postgres'): RepricePace =>
  kind === 'pglite' ? { batch: 25, rest: 1 } : { batch: 1000, rest: 0 };
/** An open run whose last batch is older than this has lost its process and is taken over. */
const STALE_AFTER_SECONDS = 60;

const restAfter = (batchMs: number, pace: RepricePace) =>
  new Promise<void>((resolve) => (pace.rest > 0 ? setTimeout(resolve, batchMs * pace.rest) : setImmediate(resolve)));

/** Opens a run for `rialsPerUsd`; 409 while another run is open. */
export async function openRepriceRun(db: Db, staffId: number, rialsPerUsd: number): Promise<number> {
  const opened = await db.execute(sql`INSERT INTO reprice_runs (rials_per_usd, staff_id) VALUES (${rialsPerUsd}, ${staffId})
    ON CONFLICT (running) WHERE running DO NOTHING RETURNING id`);
  const id = rowsOf<{ id: number }>(opened)[0]?.id;
  if (id === undefined) throw new HttpError(409, REPRICE_MESSAGES.running);
  return Number(id);
}

/**
 * Reprices the next batch of run `runId` in one transaction, or closes the run (rate recorded, staff
 * action logged) when no product is left. True once the run is closed (by this call or before).
 */
export async function applyRepriceBatch(db: Db, runId: number, limit: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The run's row lock makes two processes driving the same run take turns batch by batch.
    const [run] = await tx.select().from(repriceRuns).where(eq(repriceRuns.id, runId)).for('update');
    if (!run?.running) return true;
    await takeRepriceTurn(tx);
    const rows = await lockPriced(tx, and(dollarPriced, gt(products.id, run.afterProductId))!, limit);
    if (!rows.length) {
      await tx.update(repriceRuns).set({ running: false, finishedAt: new Date(), updatedAt: new Date() }).where(eq(repriceRuns.id, runId));
      const [rate] = await tx
        .insert(exchangeRates)
        .values({ rialsPerUsd: run.rialsPerUsd, staffId: run.staffId, repriced: run.repriced })
        .returning({ id: exchangeRates.id });
      await tx.insert(staffActions).values({
        staffId: run.staffId,
        action: 'products.exchange-rate',
        entity: 'exchange_rate',
        entityId: rate!.id,
        details: { rialsPerUsd: run.rialsPerUsd, repriced: run.repriced },
      });
      return true;
    }
    const rialsPerUsd = run.rialsPerUsd;
    const n = await repriceRows(
      tx,
      rows,
      (r) => priceFromUsd(r.basePriceUsdCents!, r.marginPercent ?? 0, rialsPerUsd),
      run.staffId,
      'exchange-rate',
    );
    await tx
      .update(repriceRuns)
      .set({ afterProductId: rows[rows.length - 1]!.id, repriced: run.repriced + n, updatedAt: new Date() })
      .where(eq(repriceRuns.id, runId));
    return false;
  });
}

/**
 * Runs this process is driving, per database (a run's id is only unique in its own), so a periodic
 * check does not start a second loop beside its own.
 */
const drivingBy = new WeakMap<Db, Map<number, Promise<number>>>();

function runsDriven(db: Db): Map<number, Promise<number>> {
  let runs = drivingBy.get(db);
  if (!runs) drivingBy.set(db, (runs = new Map()));
  return runs;
}

/** Applies the batches of run `runId` until it closes, resting between them at `pace`; the products repriced. */
export function driveRepriceRun(db: Db, runId: number, pace: RepricePace): Promise<number> {
  const driving = runsDriven(db);
  const already = driving.get(runId);
  if (already) return already;
  const run = (async () => {
    try {
      for (;;) {
        const started = performance.now();
        if (await applyRepriceBatch(db, runId, pace.batch)) break;
        await restAfter(performance.now() - started, pace);
      }
      const [row] = await db.select({ repriced: repriceRuns.repriced }).from(repriceRuns).where(eq(repriceRuns.id, runId));
      return row?.repriced ?? 0;
    } finally {
      driving.delete(runId);
    }
  })();
  driving.set(runId, run);
  return run;
}

/** Enters a new dollar rate and reprices every dollar-priced product; resolves with how many changed. */
export async function repriceByExchangeRate(db: Db, staffId: number, rialsPerUsd: number, pace: RepricePace): Promise<number> {
  return driveRepriceRun(db, await openRepriceRun(db, staffId, rialsPerUsd), pace);
}

/**
 * Continues an open run nobody here drives: at start-up any open run (its process died), later only
 * one idle for STALE_AFTER_SECONDS (its process died while another instance kept serving). `finished`
 * is told when a run this call took over has closed.
 */
export async function resumeRepriceRun(db: Db, opts: { onlyStale: boolean; pace: RepricePace; finished: () => void }): Promise<void> {
  const [open] = await db
    .select({ id: repriceRuns.id })
    .from(repriceRuns)
    .where(
      and(
        eq(repriceRuns.running, true),
        opts.onlyStale ? sql`${repriceRuns.updatedAt} < now() - make_interval(secs => ${STALE_AFTER_SECONDS})` : undefined,
      ),
    );
  if (!open || runsDriven(db).has(open.id)) return;
  await driveRepriceRun(db, open.id, opts.pace);
  opts.finished();
}

export async function currentExchangeRate(db: Db) {
  const [rate] = await db.select().from(exchangeRates).orderBy(desc(exchangeRates.id)).limit(1);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(dollarPriced);
  const [open] = await db
    .select({ rialsPerUsd: repriceRuns.rialsPerUsd, repriced: repriceRuns.repriced, startedAt: repriceRuns.createdAt })
    .from(repriceRuns)
    .where(eq(repriceRuns.running, true));
  return {
    rialsPerUsd: rate?.rialsPerUsd ?? null,
    setAt: rate?.createdAt.toISOString() ?? null,
    dollarPriced: count?.n ?? 0,
    running: open ? { rialsPerUsd: open.rialsPerUsd, repriced: open.repriced, startedAt: open.startedAt.toISOString() } : null,
  };
}
