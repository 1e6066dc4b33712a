/**
 * The outbox's four moves: enqueue (in the caller's transaction), claim (a batch of due rows, under a
 * lease), sent, failed. Claiming is one UPDATE over a `FOR UPDATE SKIP LOCKED` selection, so two
 * instances polling at the same moment take different rows; a claim whose lease ran out (its server died
 * mid-send) is due again. Marking sent or failed names the claimant, so a worker whose lease was taken
 * over cannot overwrite the newer claim's result.
 */
import { and, eq, sql } from 'drizzle-orm';
import { retryDelaySeconds } from '../../lib/retry-backoff';
import type { Db } from '../db/client';
import { notificationOutbox, type MailPayload, type NotificationChannel, type SmsPayload } from '../db/schema';
import { rowsOf } from '../db/rows';

/** A transaction or the database: enqueueing joins whichever the caller holds. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type OutboxRow = typeof notificationOutbox.$inferSelect;

export interface NewMessage {
  channel: NotificationChannel;
  event: string;
  recipient: string;
  payload: MailPayload | SmsPayload;
  dedupeKey: string;
  userId?: number | null;
  locale?: 'fa' | 'en';
  marketing?: boolean;
  /** 'skipped' records a message that will not be sent (no SMS provider in production). */
  status?: 'pending' | 'skipped';
  lastError?: string;
}

/** Queues messages; one whose dedupe key is already queued is left out. Returns how many were new. */
export async function enqueue(tx: DbOrTx, messages: NewMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await tx
    .insert(notificationOutbox)
    .values(
      messages.map((m) => ({
        channel: m.channel,
        event: m.event,
        recipient: m.recipient,
        payload: m.payload,
        dedupeKey: m.dedupeKey,
        userId: m.userId ?? null,
        locale: m.locale ?? 'fa',
        marketing: m.marketing ?? false,
        status: m.status ?? 'pending',
        lastError: m.lastError ?? null,
      })),
    )
    .onConflictDoNothing({ target: notificationOutbox.dedupeKey })
    .returning({ id: notificationOutbox.id });
  return rows.length;
}

export interface ClaimOptions {
  workerId: string;
  now: Date;
  leaseSeconds: number;
  limit: number;
}

export async function claimDue(db: Db, opts: ClaimOptions): Promise<OutboxRow[]> {
  const now = opts.now.toISOString();
  const until = new Date(opts.now.getTime() + opts.leaseSeconds * 1000).toISOString();
  const claimed = await db.execute(sql`
    UPDATE notification_outbox SET status = 'sending', locked_by = ${opts.workerId}, locked_until = ${until}::timestamptz,
      attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM notification_outbox
      WHERE (status = 'pending' AND next_attempt_at <= ${now}::timestamptz)
         OR (status = 'sending' AND locked_until <= ${now}::timestamptz)
      ORDER BY next_attempt_at, id
      LIMIT ${opts.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  const ids = rowsOf<{ id: number | string }>(claimed).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notificationOutbox)
    .where(
      and(
        sql`${notificationOutbox.id} IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        eq(notificationOutbox.lockedBy, opts.workerId),
      ),
    )
    .orderBy(notificationOutbox.id);
}

export async function markSent(db: Db, row: OutboxRow, workerId: string, now: Date, providerId: string | null): Promise<boolean> {
  const done = await db
    .update(notificationOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null, providerId })
    .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.lockedBy, workerId), eq(notificationOutbox.status, 'sending')))
    .returning({ id: notificationOutbox.id });
  return done.length > 0;
}

/** Skipped at send time (a marketing mail to someone who opted out since it was queued). */
export async function markSkipped(db: Db, row: OutboxRow, workerId: string, reason: string): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({ status: 'skipped', lockedUntil: null, lastError: reason })
    .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.lockedBy, workerId), eq(notificationOutbox.status, 'sending')));
}

/**
 * A failed try: due again after the backoff, or failed for good after the last try or when the
 * provider said the message itself is wrong (permanent).
 */
export async function markFailed(
  db: Db,
  row: OutboxRow,
  workerId: string,
  now: Date,
  error: string,
  opts: {
    permanent: boolean;
    baseSeconds: number;
    maxAttempts: number;
  },
): Promise<'retry' | 'failed'> {
  const delay = opts.permanent ? null : retryDelaySeconds(row.attempts, { baseSeconds: opts.baseSeconds, maxAttempts: opts.maxAttempts });
  await db
    .update(notificationOutbox)
    .set(
      delay === null
        ? { status: 'failed', lockedUntil: null, lastError: error.slice(0, 1000) }
        : { status: 'pending', lockedUntil: null, lastError: error.slice(0, 1000), nextAttemptAt: new Date(now.getTime() + delay * 1000) },
    )
    .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.lockedBy, workerId), eq(notificationOutbox.status, 'sending')));
  return delay === null ? 'failed' : 'retry';
}
