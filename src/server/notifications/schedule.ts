/**
 * The periodic checks of the outbox worker: reminders for confirmed pre-invoices about to expire,
 * notices for those that expired (and their discount-code uses given back), and back-in-stock mails. Each order is handled in its own small
 * transaction, and the dedupe keys make a check that two instances run at once queue each mail once.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { releaseExpiredDiscounts } from '../services/shop/discount-codes';
import { enqueueBackInStock } from './engagement-events';
import { enqueuePreInvoiceExpired, enqueuePreInvoiceReminder } from './order-events';
import { rowsOf } from '../db/rows';

/** Expired pre-invoices older than this are not announced (a first start on an old database stays quiet). */
const EXPIRED_LOOKBACK_DAYS = 7;

const ids = (result: unknown) => rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
const keyOf = (prefix: string) => sql.raw(`'${prefix}:' || o.id || ':' || floor(extract(epoch from o.expires_at) * 1000)::bigint`);

export async function runScheduledChecks(
  db: Db,
  config: Config,
  now: Date,
): Promise<{ reminders: number; expired: number; backInStock: number; discountsReturned: number }> {
  const at = now.toISOString();
  const reminderHours = config.PREINVOICE_REMINDER_HOURS;
  const remind = ids(
    await db.execute(sql`
    SELECT o.id FROM orders o
    WHERE o.status = 'confirmed' AND o.deleted_at IS NULL AND o.expires_at > ${at}::timestamptz
      AND o.expires_at <= ${at}::timestamptz + make_interval(secs => ${reminderHours * 3600})
      -- a pre-invoice confirmed with less time than the reminder window already said when it expires
      AND (o.confirmed_at IS NULL OR o.confirmed_at <= o.expires_at - make_interval(secs => ${reminderHours * 3600}))
      AND NOT EXISTS (SELECT 1 FROM notification_outbox n WHERE n.dedupe_key = ${keyOf('reminder')})
    ORDER BY o.expires_at LIMIT 200`),
  );
  for (const id of remind) await db.transaction((tx) => enqueuePreInvoiceReminder(tx, config, id));

  const expired = ids(
    await db.execute(sql`
    SELECT o.id FROM orders o
    WHERE o.status = 'confirmed' AND o.deleted_at IS NULL AND o.expires_at IS NOT NULL
      AND o.expires_at <= ${at}::timestamptz AND o.expires_at > ${at}::timestamptz - make_interval(days => ${EXPIRED_LOOKBACK_DAYS})
      AND NOT EXISTS (SELECT 1 FROM notification_outbox n WHERE n.dedupe_key = ${keyOf('expired')})
    ORDER BY o.expires_at LIMIT 200`),
  );
  for (const id of expired) await db.transaction((tx) => enqueuePreInvoiceExpired(tx, config, id));

  const discountsReturned = await releaseExpiredDiscounts(db, now);
  const backInStock = await db.transaction((tx) => enqueueBackInStock(tx, config));
  return { reminders: remind.length, expired: expired.length, backInStock, discountsReturned };
}
