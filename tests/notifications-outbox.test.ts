/**
 * The outbox itself, on the real database (PGlite, or PostgreSQL with DATABASE_URL): each event queued
 * once, nothing queued by a rolled-back change, retries with doubling waits, a message claimed by a
 * worker that died mid-send sent by another after the lease, and two workers on one database sending
 * each of N messages exactly once.
 */
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { notificationOutbox } from '../src/server/db/schema';
import { claimDue, enqueue, markSent, type NewMessage } from '../src/server/notifications/outbox';
import { kavenegarClient } from '../src/server/notifications/sms/kavenegar';
import { STANDIN_API_KEY } from '../src/server/notifications/sms/settings';
import { createSmsStandin } from '../src/server/notifications/sms/standin';
import { OutboxWorker } from '../src/server/notifications/worker';
import { createMailer } from '../src/server/services/accounts/mailer';
import { freshDatabase } from './support/database';
import { readMails } from './support/outbox';

let database: Database & { url?: string };
let dataDir: string;
let config: Config;
let standin: ReturnType<typeof createSmsStandin>;
let standinServer: ServerType;
let standinUrl: string;

const mailTo = (to: string, key: string): NewMessage => ({
  channel: 'mail',
  event: 'test',
  recipient: to,
  dedupeKey: key,
  payload: { subject: `آزمایش ${key}`, text: `متن ${key}`, html: `<p>${key}</p>` },
});
const smsTo = (to: string, key: string): NewMessage => ({
  channel: 'sms',
  event: 'test',
  recipient: to,
  dedupeKey: key,
  payload: { kind: 'send', message: `پیام ${key}` },
});

/** A clock the test moves: leases and backoff are read from it, so no test waits for real time. */
function testClock(start = new Date(Date.now() + 60_000)) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

const rowOf = async (key: string) => (await database.db.select().from(notificationOutbox).where(eq(notificationOutbox.dedupeKey, key)))[0]!;

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-outbox-'));
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    NOTIFY_RETRY_BASE_SECONDS: '30',
    NOTIFY_MAX_ATTEMPTS: '4',
    NOTIFY_LEASE_SECONDS: '120',
    SMS_TEMPLATE_PREINVOICE_READY: 'qateh-preinvoice',
  });
  standin = createSmsStandin(config);
  standinServer = await new Promise((resolve) => {
    const s = serve({ fetch: standin.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  standinUrl = `http://127.0.0.1:${(standinServer.address() as AddressInfo).port}/v1/`;
});

afterAll(async () => {
  await new Promise<void>((r) => standinServer.close(() => r()));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('notification outbox', () => {
  it('queues an event once however often it is enqueued, and nothing for a rolled-back change', async () => {
    expect(await enqueue(database.db, [mailTo('once@example.com', 'dedupe-1')])).toBe(1);
    expect(await enqueue(database.db, [mailTo('once@example.com', 'dedupe-1')])).toBe(0);
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, [mailTo('never@example.com', 'rolled-back-1')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await database.db.select().from(notificationOutbox);
    expect(rows.filter((r) => r.dedupeKey === 'dedupe-1')).toHaveLength(1);
    expect(rows.filter((r) => r.dedupeKey === 'rolled-back-1')).toHaveLength(0);
    await database.db.delete(notificationOutbox);
  });

  it('retries a failed SMS with doubling waits, sends it once the provider answers, and gives up after the last try', async () => {
    const clock = testClock();
    // Port 1 refuses connections: a provider that is down.
    const down = new OutboxWorker({
      db: database.db,
      config,
      mailer: createMailer(config),
      sms: kavenegarClient({ baseUrl: 'http://127.0.0.1:1/v1/', apiKey: STANDIN_API_KEY }),
      clock: clock.now,
      workerId: 'down',
    });
    await enqueue(database.db, [smsTo('09121110000', 'retry-1'), smsTo('09121110001', 'giveup-1')]);

    expect(await down.sendDue()).toBe(2);
    let row = await rowOf('retry-1');
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/unreachable/);
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(30_000);

    clock.advance(29);
    expect(await down.sendDue()).toBe(0);
    clock.advance(1);
    expect(await down.sendDue()).toBe(2);
    row = await rowOf('retry-1');
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(60_000);

    // The provider is back for the first message's next try.
    clock.advance(60);
    const up = new OutboxWorker({
      db: database.db,
      config,
      mailer: createMailer(config),
      sms: kavenegarClient({ baseUrl: standinUrl, apiKey: STANDIN_API_KEY }),
      clock: clock.now,
      workerId: 'up',
      batchSize: 1,
    });
    expect(await up.sendDue()).toBe(1);
    row = await rowOf('retry-1');
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(3);
    expect(Number(row.providerId)).toBe(standin.messages.find((m) => m.receptor === '09121110000')!.messageid);
    expect(standin.messages.filter((m) => m.receptor === '09121110000')).toHaveLength(1);

    // The other one keeps failing: tries 3 and 4 (the limit), then failed for good.
    expect(await down.sendDue()).toBe(1);
    clock.advance(120);
    expect(await down.sendDue()).toBe(1);
    const given = await rowOf('giveup-1');
    expect(given.status).toBe('failed');
    expect(given.attempts).toBe(4);
    clock.advance(100_000);
    expect(await down.sendDue()).toBe(0);
  });

  it('marks a message the provider refuses (wrong key: 403) failed at once, without retrying', async () => {
    const clock = testClock();
    const wrongKey = new OutboxWorker({
      db: database.db,
      config,
      mailer: createMailer(config),
      sms: kavenegarClient({ baseUrl: standinUrl, apiKey: 'not-the-key' }),
      clock: clock.now,
      workerId: 'wrong',
    });
    await enqueue(database.db, [smsTo('09121110002', 'refused-1')]);
    expect(await wrongKey.sendDue()).toBe(1);
    const row = await rowOf('refused-1');
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/Kavenegar 403/);
  });

  it('speaks verify/lookup: an approved template with its tokens reaches the provider; an unknown template is refused (424)', async () => {
    const clock = testClock();
    const worker = new OutboxWorker({
      db: database.db,
      config,
      mailer: createMailer(config),
      sms: kavenegarClient({ baseUrl: standinUrl, apiKey: STANDIN_API_KEY }),
      clock: clock.now,
      workerId: 'lookup',
    });
    const tokens = { token: '1234567890', token2: '250000', token3: '24' };
    await enqueue(database.db, [
      {
        channel: 'sms',
        event: 'test',
        recipient: '09121110003',
        dedupeKey: 'lookup-1',
        payload: { kind: 'lookup', template: 'qateh-preinvoice', tokens },
      },
      {
        channel: 'sms',
        event: 'test',
        recipient: '09121110004',
        dedupeKey: 'lookup-2',
        payload: { kind: 'lookup', template: 'not-approved', tokens },
      },
    ]);
    expect(await worker.sendDue()).toBe(2);
    expect((await rowOf('lookup-1')).status).toBe('sent');
    expect(standin.messages.find((m) => m.receptor === '09121110003')).toMatchObject({
      kind: 'lookup',
      template: 'qateh-preinvoice',
      tokens,
    });
    const refused = await rowOf('lookup-2');
    expect(refused.status).toBe('failed');
    expect(refused.lastError).toMatch(/Kavenegar 424/);
  });

  it('sends a message claimed by a worker that died mid-send after its lease, once', async () => {
    const clock = testClock();
    await enqueue(database.db, [mailTo('lease@example.com', 'lease-1')]);
    // Worker A claims and "dies": it never marks the message.
    const claimed = await claimDue(database.db, { workerId: 'dead', now: clock.now(), leaseSeconds: 120, limit: 10 });
    expect(claimed.map((r) => r.dedupeKey)).toEqual(['lease-1']);
    const b = new OutboxWorker({ db: database.db, config, mailer: createMailer(config), sms: null, clock: clock.now, workerId: 'b' });
    expect(await b.sendDue()).toBe(0);
    clock.advance(119);
    expect(await b.sendDue()).toBe(0);
    clock.advance(1);
    expect(await b.sendDue()).toBe(1);
    const row = await rowOf('lease-1');
    expect(row.status).toBe('sent');
    expect(row.lockedBy).toBe('b');
    expect(row.attempts).toBe(2);
    // A coming back late cannot overwrite the newer claim's result.
    expect(await markSent(database.db, claimed[0]!, 'dead', clock.now(), null)).toBe(false);
    expect(readMails(dataDir).filter((m) => m.to.includes('lease@example.com'))).toHaveLength(1);
  });

  it('two workers on one database send each of 60 messages exactly once', async () => {
    const n = 60;
    await database.db.delete(notificationOutbox);
    await enqueue(
      database.db,
      Array.from({ length: n }, (_, i) => mailTo(`many${i}@example.com`, `many-${i}`)),
    );
    // On PostgreSQL the second worker has its own connection pool, as a second server instance would.
    const second = database.url ? await openDatabase({ url: database.url }) : database;
    try {
      const a = new OutboxWorker({ db: database.db, config, mailer: createMailer(config), sms: null, workerId: 'a', batchSize: 4 });
      const b = new OutboxWorker({ db: second.db, config, mailer: createMailer(config), sms: null, workerId: 'b', batchSize: 4 });
      const [byA, byB] = await Promise.all([a.drain(), b.drain()]);
      expect(byA + byB).toBe(n);
    } finally {
      if (second !== database) await second.close();
    }
    const mails = readMails(dataDir).filter((m) => /many\d+@/.test(m.to));
    expect(mails).toHaveLength(n);
    expect(new Set(mails.map((m) => m.to)).size).toBe(n);
    const rows = (await database.db.select().from(notificationOutbox)).filter((r) => r.dedupeKey?.startsWith('many-'));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
