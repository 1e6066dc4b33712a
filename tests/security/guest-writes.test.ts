/**
 * Forms a script could post by the thousand: every one needs a solved captcha (missing, junk, forged,
 * expired and replayed answers refused with the spec's Persian messages, nothing written, no mail
 * sent), and all of them share one allowance per client address, counted in the database so that
 * parallel posts and a second server on the same database cannot get past it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { bankReceipts, contactMessages, newsletterSubscribers, resupplyRequests, users } from '../../src/server/db/schema';
import { startServer } from '../../src/server/server';
import { CAPTCHA_MESSAGES } from '../../src/server/services/captcha/messages';
import { solvedCaptcha } from '../support/captcha';
import { readOutbox } from '../support/outbox';
import { startTestServer, type TestServer } from '../support/server';
import { bearer, json, newCustomer, type Customer } from '../support/shop';

const HMAC_KEY = 'guest-writes-captcha-key-0123456789';
let server: TestServer;
let dataDir: string;
let ana: Customer;
let bob: Customer;
let productId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-guest-writes-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir, CAPTCHA_HMAC_KEY: HMAC_KEY } });
  ana = await newCustomer(server, 'ana');
  bob = await newCustomer(server, 'bob');
  const found = await server.api('/suggestion?filter_searchPart=LM358N&limit=1');
  productId = found.body.items[0].id;
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const rows = async (
  table: typeof bankReceipts | typeof contactMessages | typeof newsletterSubscribers | typeof resupplyRequests | typeof users,
) => Number((await server.database.db.select({ n: count() }).from(table))[0]!.n);
const mailsTo = (address: string) => readOutbox(dataDir).filter((m) => m.to.includes(address)).length;

let seq = 0;
/** Each guarded form: how to post it with a given captcha answer, and how many things it has made so far. */
const FORMS: {
  name: string;
  send: (captcha: string | undefined) => Promise<{ status: number; body: any }>;
  made: () => Promise<number>;
  ok: number;
}[] = [
  {
    name: 'sign-up',
    ok: 201,
    send: (captcha) => {
      seq++;
      return server.api(
        '/register',
        json('POST', {
          name: 'کاربر تازه',
          mobile: '09121234567',
          username: `guest${seq}`,
          email: `guest${seq}@example.com`,
          password: 'secret-pass-1',
          password_confirmation: 'secret-pass-1',
          captcha,
        }),
      );
    },
    made: () => rows(users),
  },
  {
    name: 'forgot password',
    ok: 200,
    send: (captcha) => server.api('/password/forgot', json('POST', { email: `${ana.username}@example.com`, captcha })),
    made: async () => readOutbox(dataDir).filter((m) => m.to.includes(`${ana.username}@example.com`) && m.body.length > 0).length,
  },
  {
    name: 'e-mail verification resend (POST)',
    ok: 200,
    send: (captcha) => server.api('/email/resend', json('POST', { captcha }, bearer(ana.token))),
    made: async () => mailsTo(`${ana.username}@example.com`),
  },
  {
    name: 'e-mail verification resend (GET)',
    ok: 200,
    send: (captcha) =>
      server.api(`/email/resend${captcha === undefined ? '' : `?captcha=${encodeURIComponent(captcha)}`}`, { headers: bearer(bob.token) }),
    made: async () => mailsTo(`${bob.username}@example.com`),
  },
  {
    name: 'bank receipt',
    ok: 201,
    send: (captcha) =>
      server.api(
        '/paymentBank/create',
        json('POST', {
          name: 'مشتری',
          payment_date: '2025-01-05T10:00:00Z',
          price: 120_000,
          factor_number: '1234567',
          tracking_code: '556677',
          account_number: '0101234567',
          captcha,
        }),
      ),
    made: () => rows(bankReceipts),
  },
  {
    name: 'contact',
    ok: 200,
    send: (captcha) =>
      server.api(
        '/contact-us',
        json('POST', { name: 'سارا', email: 'sara@example.com', subject: 'موجودی', comment: 'سلام، موجود دارید؟', captcha }),
      ),
    made: () => rows(contactMessages),
  },
  {
    name: 'newsletter',
    ok: 200,
    send: (captcha) => {
      seq++;
      return server.api('/newsletters', json('POST', { email: `reader${seq}@example.com`, captcha }));
    },
    made: () => rows(newsletterSubscribers),
  },
  {
    name: 'restock request',
    ok: 201,
    send: (captcha) => server.api('/resupply/products', json('POST', { product_id: productId, number: 5, captcha }, bearer(ana.token))),
    made: () => rows(resupplyRequests),
  },
];

async function answerFor(challenge: Awaited<ReturnType<typeof createChallenge>>): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64');
}

describe('every guarded form needs a solved captcha', () => {
  it.each(FORMS.map((f) => [f.name, f] as const))('%s', async (_name, form) => {
    const before = await form.made();
    const refused = async (captcha: string | undefined, message: string) => {
      const res = await form.send(captcha);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.data.errors.captcha).toEqual([message]);
      expect(await form.made()).toBe(before);
    };
    await refused(undefined, CAPTCHA_MESSAGES.missing.fa);
    await refused('', CAPTCHA_MESSAGES.missing.fa);
    await refused('not base64 at all', CAPTCHA_MESSAGES.invalid.fa);
    const good = JSON.parse(Buffer.from(await solvedCaptcha(server), 'base64').toString());
    await refused(Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString('base64'), CAPTCHA_MESSAGES.invalid.fa);
    await refused(
      await answerFor(
        await createChallenge({ hmacKey: 'someone-elses-key-0123456789', maxNumber: 1000, expires: new Date(Date.now() + 60_000) }),
      ),
      CAPTCHA_MESSAGES.invalid.fa,
    );
    await refused(
      await answerFor(await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 1000, expires: new Date(Date.now() - 60_000) })),
      CAPTCHA_MESSAGES.expired.fa,
    );

    const answer = await solvedCaptcha(server);
    const res = await form.send(answer);
    expect(res.status, JSON.stringify(res.body)).toBe(form.ok);
    // Mails go out just after the answer.
    await expect.poll(form.made).toBe(before + 1);
    // A solved challenge is accepted once, by any form.
    const after = await form.made();
    const replay = await FORMS[FORMS.length - 1 - FORMS.indexOf(form)]!.send(answer);
    expect(replay.status).toBe(422);
    expect(replay.body.data.errors.captcha).toEqual([CAPTCHA_MESSAGES.invalid.fa]);
    expect(await form.made()).toBe(after);
  });
});

describe('one allowance per client address, shared through the database', () => {
  const LIMIT = 10;
  let limited: TestServer;
  let second: Awaited<ReturnType<typeof startServer>>;
  const post = (base: string, address: string, path = '/newsletters', body: string = JSON.stringify({ email: 'x@example.com' })) =>
    fetch(`${base}/api/site/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body,
    }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as { message: string } }));

  beforeAll(async () => {
    const env = { GUEST_WRITE_RATE_LIMIT: String(LIMIT), GUEST_WRITE_RATE_WINDOW_SECONDS: '600', TRUST_PROXY: '1', DATA_DIR: dataDir };
    limited = await startTestServer({ catalogue: false, env });
    // A second server on the same database, as a shop behind a load balancer runs them.
    second = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', ...env }), limited.database);
  }, 300_000);
  afterAll(async () => {
    await second?.close();
    await limited?.stop();
  });

  it(`lets exactly ${LIMIT} of 40 parallel posts from one address through; the rest get 429 with Retry-After, unread`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(limited.url, '203.0.113.7', i % 2 ? '/newsletters' : '/contact-us')),
    );
    const through = answers.filter((a) => a.status !== 429);
    expect(through).toHaveLength(LIMIT);
    // Those that got through still lacked a captcha.
    for (const a of through) expect(a.status).toBe(422);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(600);
      expect(a.body.message).toMatch(/دقیقه دیگر دوباره تلاش کنید/);
    }
    // Refused before the body is read: broken JSON gets the 429, not a 400.
    expect((await post(limited.url, '203.0.113.7', '/register', '{"broken')).status).toBe(429);
    // Another address has its own allowance.
    expect((await post(limited.url, '203.0.113.8')).status).toBe(422);
  });

  it('the second server counts the same hits', async () => {
    expect((await post(second.url, '203.0.113.7')).status).toBe(429);
    const address = '198.51.100.20';
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await post(i % 2 ? second.url : limited.url, address)).status);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });

  it('sign-in is not part of it (it has its own throttle), and reads are not counted', async () => {
    const address = '198.51.100.30';
    for (let i = 0; i < LIMIT; i++) await post(limited.url, address);
    expect((await post(limited.url, address)).status).toBe(429);
    expect((await fetch(`${limited.url}/api/site/v1/captcha/challenge`, { headers: { 'x-forwarded-for': address } })).status).toBe(200);
    const signIn = await post(
      limited.url,
      address,
      '/oauth/token',
      JSON.stringify({ grant_type: 'password', client_id: 3, username: 'nobody', password: 'x' }),
    );
    expect(signIn.status).not.toBe(429);
  });
});
