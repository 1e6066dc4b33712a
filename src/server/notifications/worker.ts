/**
 * The outbox worker every server instance runs: claims due messages (see outbox.ts), sends each through
 * the mailer or the SMS adapter, marks it sent, or schedules the next try with backoff. The periodic
 * checks (reminders, expiry, back in stock) run in the same loop every NOTIFY_SCHEDULE_SECONDS.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { newsletterSubscribers, notificationSettings, type MailPayload, type SmsPayload } from '../db/schema';
import { loadInvoiceView } from '../invoices/invoice-view';
import { renderInvoicePdf } from '../invoices/render';
import type { Mailer, MailMessage } from '../services/accounts/mailer';
import { claimDue, markFailed, markSent, markSkipped, type OutboxRow } from './outbox';
import { runScheduledChecks } from './schedule';
import { SmsError, type KavenegarClient } from './sms/kavenegar';

export class PermanentSendError extends Error {}

export interface WorkerOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** null: no SMS provider (production without a key); SMS rows are then skipped when enqueued. */
  sms: KavenegarClient | null;
  clock?: () => Date;
  workerId?: string;
  batchSize?: number;
  log?: (line: string) => void;
}

export class OutboxWorker {
  readonly id: string;
  private readonly clock: () => Date;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastSchedule = 0;
  private stopped = false;

  constructor(private readonly opts: WorkerOptions) {
    this.id = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.clock = opts.clock ?? (() => new Date());
  }

  /** Claims and sends one batch; returns how many messages it handled. */
  async sendDue(): Promise<number> {
    const { db, config } = this.opts;
    const rows = await claimDue(db, {
      workerId: this.id,
      now: this.clock(),
      leaseSeconds: config.NOTIFY_LEASE_SECONDS,
      limit: this.opts.batchSize ?? 20,
    });
    for (const row of rows) await this.deliver(row);
    return rows.length;
  }

  /** Sends until nothing is due (tests and shutdown drains). */
  async drain(): Promise<number> {
    let total = 0;
    for (let n = await this.sendDue(); n > 0; n = await this.sendDue()) total += n;
    return total;
  }

  runSchedule() {
    return runScheduledChecks(this.opts.db, this.opts.config, this.clock());
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { db, config } = this.opts;
    try {
      const skip = row.marketing ? await this.marketingRefusal(row) : null;
      if (skip) {
        await markSkipped(db, row, this.id, skip);
        return;
      }
      const providerId = row.channel === 'mail' ? await this.sendMail(row) : await this.sendSms(row);
      await markSent(db, row, this.id, this.clock(), providerId);
    } catch (err) {
      const permanent = err instanceof PermanentSendError || (err instanceof SmsError && err.permanent) || isPermanentSmtp(err);
      const outcome = await markFailed(db, row, this.id, this.clock(), (err as Error).message ?? String(err), {
        permanent,
        baseSeconds: config.NOTIFY_RETRY_BASE_SECONDS,
        maxAttempts: config.NOTIFY_MAX_ATTEMPTS,
      });
      this.opts.log?.(
        `notifications: ${row.channel} ${row.event} #${row.id} to ${row.recipient} ${outcome === 'retry' ? 'will be retried' : 'failed'}: ${(err as Error).message}`,
      );
    }
  }

  /** A marketing mail is not sent to someone who turned marketing off or unsubscribed since it was queued. */
  private async marketingRefusal(row: OutboxRow): Promise<string | null> {
    const { db } = this.opts;
    if (row.userId !== null) {
      const [s] = await db
        .select({ on: notificationSettings.marketingMail })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, row.userId));
      if (s && !s.on) return 'the customer turned marketing mail off';
    }
    if (row.event === 'newsletter') {
      const [sub] = await db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.email, row.recipient), isNull(newsletterSubscribers.unsubscribedAt)));
      if (!sub) return 'unsubscribed';
    }
    return null;
  }

  private async sendMail(row: OutboxRow): Promise<string | null> {
    const payload = row.payload as MailPayload;
    const message: MailMessage = { to: row.recipient, subject: payload.subject, text: payload.text, html: payload.html };
    if (payload.headers) message.headers = payload.headers;
    if (payload.attachments?.length) {
      message.attachments = [];
      for (const a of payload.attachments) {
        const view = await loadInvoiceView(this.opts.db, a.orderId, this.opts.config);
        if (!view) throw new PermanentSendError(`invoice of order ${a.orderId} is not available (not paid)`);
        message.attachments.push({ filename: a.filename, content: await renderInvoicePdf(view), contentType: 'application/pdf' });
      }
    }
    await this.opts.mailer.send(message);
    return null;
  }

  private async sendSms(row: OutboxRow): Promise<string | null> {
    if (!this.opts.sms) throw new PermanentSendError('no SMS provider configured (KAVENEGAR_API_KEY)');
    const payload = row.payload as SmsPayload;
    const entry =
      payload.kind === 'lookup'
        ? await this.opts.sms.lookup({ receptor: row.recipient, template: payload.template, tokens: payload.tokens })
        : await this.opts.sms.send({ receptor: row.recipient, message: payload.message, sender: this.opts.config.KAVENEGAR_SENDER });
    return String(entry.messageid);
  }

  /** Polls every NOTIFY_POLL_SECONDS; one pass at a time; errors are logged, never end the loop. */
  start(): void {
    const { config } = this.opts;
    const loop = async () => {
      if (this.stopped) return;
      this.running = (async () => {
        try {
          const now = Date.now();
          if (now - this.lastSchedule >= config.NOTIFY_SCHEDULE_SECONDS * 1000) {
            this.lastSchedule = now;
            await this.runSchedule();
          }
          await this.drain();
        } catch (err) {
          (this.opts.log ?? console.error)(`notifications: outbox pass failed: ${(err as Error).message}`);
        }
      })();
      await this.running;
      this.running = null;
      if (!this.stopped) this.timer = setTimeout(() => void loop(), config.NOTIFY_POLL_SECONDS * 1000);
    };
    this.timer = setTimeout(() => void loop(), 0);
  }

  /** Lets the pass under way finish (its claims are marked), then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/** SMTP 5xx answers refuse the message itself (bad address, rejected content): no point retrying. */
function isPermanentSmtp(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
