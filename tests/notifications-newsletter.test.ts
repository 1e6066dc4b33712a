/**
 * Marketing mail: a customer turns it off (order mails keep coming), staff write and send a newsletter
 * once, each mail carries a working unsubscribe link and List-Unsubscribe headers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../src/server/db/schema';
import { readMails, waitForMails } from './support/outbox';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, prepareProduct, staffToken, type Customer } from './support/shop';
import { solvedCaptcha } from './support/captcha';

let server: TestServer;
let dataDir: string;
let staff: string;
let ana: Customer;

const as = (c: Customer | string) => bearer(typeof c === 'string' ? c : c.token);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-newsletter-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://shop.example', NOTIFY_POLL_SECONDS: '0.05' } });
  staff = await staffToken(server);
  ana = await newCustomer(server, 'ana');
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('marketing preferences and newsletters', () => {
  it('a customer reads and changes their mail settings; bad values get a Persian 422', async () => {
    expect((await server.api('/dashboard/notifications')).status).toBe(401);
    expect((await server.api('/dashboard/notifications', { headers: as(ana) })).body.data).toEqual({ locale: 'fa', marketing_mail: true });
    const bad = await server.api('/dashboard/notifications', json('POST', { locale: 'de' }, as(ana)));
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.locale[0]).toMatch(/فارسی یا انگلیسی/);
    const off = await server.api('/dashboard/notifications', json('POST', { marketing_mail: false }, as(ana)));
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ locale: 'fa', marketing_mail: false });
  });

  it('staff send a newsletter once to every subscriber who wants it, each mail with a working unsubscribe link', async () => {
    for (const email of ['reader1@example.com', 'reader2@example.com', `${ana.username}@example.com`]) {
      expect((await server.api('/newsletters', json('POST', { email, captcha: await solvedCaptcha(server) }))).status).toBe(200);
    }
    expect(
      (await server.api('/staff/newsletters', json('POST', { subject: 'تازه‌ها', body: 'متن خبرنامه از طرف مشتری' }, as(ana)))).status,
    ).toBe(403);
    const short = await server.api('/staff/newsletters', json('POST', { subject: 'تازه‌ها', body: 'کوتاه' }, as(staff)));
    expect(short.status).toBe(422);
    const created = await server.api(
      '/staff/newsletters',
      json(
        'POST',
        {
          subject: 'قطعه‌های تازه آذر',
          body: 'میکروکنترلرهای STM32 تازه رسیدند.\n\nتا پایان ماه ارسال رایگان از ۱۵۰ هزار تومان.',
        },
        as(staff),
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const list = await server.api('/staff/newsletters', { headers: as(staff) });
    expect(list.body.subscribers).toBe(3);
    const sent = await server.api(`/staff/newsletters/${id}/send`, json('POST', undefined, as(staff)));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The customer who turned marketing mail off is left out.
    expect(sent.body.data.recipients).toBe(2);
    expect((await server.api(`/staff/newsletters/${id}/send`, json('POST', undefined, as(staff)))).status).toBe(409);
    expect(
      (await server.api(`/staff/newsletters/${id}`, json('PUT', { subject: 'ویرایش', body: 'متن ویرایش‌شده خبرنامه' }, as(staff)))).status,
    ).toBe(409);

    const mails = await waitForMails(dataDir, (m) => m.subject.includes('قطعه‌های تازه آذر'), 2);
    expect(mails.map((m) => m.to).sort()).toEqual(['reader1@example.com', 'reader2@example.com']);
    const mail = mails.find((m) => m.to === 'reader1@example.com')!;
    expect(mail.html).toMatch(/<html dir="rtl" lang="fa">/);
    expect(mail.text).toContain('میکروکنترلرهای STM32 تازه رسیدند.');
    const link = /https:\/\/shop\.example\/newsletter\/unsubscribe\?token=[^\s"<>]+/.exec(mail.text)![0];
    expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Opening the link only asks (mail scanners open links); the button (or a one-click POST) unsubscribes.
    const path = link.replace('https://shop.example', '');
    const ask = await fetch(`${server.url}${path}`);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('<form method="post">');
    const [before] = await server.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader1@example.com'));
    expect(before!.unsubscribedAt).toBeNull();
    const done = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('اشتراک شما در خبرنامه لغو شد');
    const [after] = await server.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader1@example.com'));
    expect(after!.unsubscribedAt).not.toBeNull();
    expect((await fetch(`${server.url}/newsletter/unsubscribe?token=nope`, { method: 'POST' })).status).toBe(404);

    // The next newsletter reaches only who is left.
    const second = await server.api(
      '/staff/newsletters',
      json('POST', { subject: 'خبرنامه دوم', body: 'متن دومین خبرنامه فروشگاه.' }, as(staff)),
    );
    const sent2 = await server.api(`/staff/newsletters/${second.body.data.id}/send`, json('POST', undefined, as(staff)));
    expect(sent2.body.data.recipients).toBe(1);
    const [only] = await waitForMails(dataDir, (m) => m.subject.includes('خبرنامه دوم'));
    expect(only!.to).toBe('reader2@example.com');
  });

  it('order mails still reach a customer who turned marketing mail off', async () => {
    const p = await prepareProduct(server.database.db, { skip: 2, stock: 20 });
    expect((await server.api('/cart', json('POST', { product_id: p.id, cart_quantity: 1 }, as(ana)))).status).toBe(200);
    const order = await server.api('/order', json('POST', { address_id: ana.addressId, shipping_method: 'post' }, as(ana)));
    expect(order.status).toBe(201);
    await waitForMails(dataDir, (m) => m.to.includes(ana.username) && m.subject.includes(order.body.data.factorNumber));
    expect(readMails(dataDir).filter((m) => m.to.includes(ana.username) && /خبرنامه|آذر/.test(m.subject))).toHaveLength(0);
  });
});
