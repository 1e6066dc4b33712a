/**
 * Site forms over the real server: newsletter sign-up and unsubscribe, the contact form stored and
 * mailed to the store, guarded by the self-hosted ALTCHA captcha or, when configured, by reCAPTCHA
 * (verified against a local stand-in speaking Google's siteverify protocol).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers } from '../src/server/db/schema';
import { CAPTCHA_MESSAGES } from '../src/server/services/captcha/messages';
import { readOutbox } from './support/outbox';
import { startTestServer, type TestServer } from './support/server';

const HMAC_KEY = 'forms-test-captcha-key-0123456789';
let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-forms-'));
  server = await startTestServer({ catalogue: false, env: { DATA_DIR: dataDir, CAPTCHA_HMAC_KEY: HMAC_KEY, CAPTCHA_MAX_NUMBER: '5000' } });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, s: TestServer = server) =>
  s.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** What the storefront widget does: fetch a challenge, find the number, send the base64 payload. */
async function solvedCaptcha(s: TestServer = server): Promise<string> {
  const res = await s.api('/captcha/challenge');
  expect(res.status).toBe(200);
  expect(res.body.provider).toBe('altcha');
  const c = res.body.challenge;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...c, number: solution!.number })).toString('base64');
}

/** The text of a mail's base64 parts (Persian mail bodies are base64-encoded). */
const decodedParts = (raw: string) =>
  [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');

const message = (over: Record<string, unknown> = {}) => ({
  name: 'مريم كريمي',
  email: 'Maryam@Example.com',
  subject: 'موجودی ATmega328P',
  comment: 'سلام، ۲۰ عدد از این آی‌سی را دارید؟',
  ...over,
});

describe('newsletter', () => {
  it('signs up; a second sign-up (any letter case) is not an error and not a second row', async () => {
    const first = await post('/newsletters', { email: 'Reader@Example.com', captcha: await solvedCaptcha() });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(/خبرنامه.*موفقیت/);
    const again = await post('/newsletters', { email: ' reader@example.com ', captcha: await solvedCaptcha() });
    expect(again.status).toBe(200);
    const rows = await server.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('the unsubscribe link works once and keeps working; signing up again resubscribes with the same token', async () => {
    await post('/newsletters', { email: 'leaver@example.com', captcha: await solvedCaptcha() });
    const [row] = await server.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'leaver@example.com'));
    const out = await server.api(`/newsletters/unsubscribe?token=${row!.unsubscribeToken}`);
    expect(out.status).toBe(200);
    expect(out.body.message).toMatch(/لغو شد/);
    const [gone] = await server.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'leaver@example.com'));
    expect(gone!.unsubscribedAt).not.toBeNull();
    expect((await server.api(`/newsletters/unsubscribe?token=${row!.unsubscribeToken}`)).status).toBe(200);

    await post('/newsletters', { email: 'leaver@example.com', captcha: await solvedCaptcha() });
    const [back] = await server.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'leaver@example.com'));
    expect(back!.unsubscribedAt).toBeNull();
    expect(back!.unsubscribeToken).toBe(row!.unsubscribeToken);
  });

  it('bad input: missing or malformed e-mail gives the 422 list; unknown tokens 404', async () => {
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: 'a@b' }, { email: 42 }]) {
      const res = await post('/newsletters', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.data.errors.email[0]).toMatch(/[\u0600-\u06ff]/);
    }
    expect((await server.api(`/newsletters/unsubscribe?token=${'A'.repeat(32)}`)).status).toBe(404);
    expect((await server.api('/newsletters/unsubscribe?token=<script>')).status).toBe(422);
    expect((await server.api('/newsletters/unsubscribe')).status).toBe(422);
  });
});

describe('contact form with the self-hosted captcha', () => {
  it('stores the message and mails it to the store', async () => {
    const res = await post('/contact-us', { ...message(), captcha: await solvedCaptcha() });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/موفقیت/);
    const [row] = await server.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'maryam@example.com'));
    // Arabic letters folded to Persian, the address lower-cased.
    expect(row).toMatchObject({ name: 'مریم کریمی', subject: 'موجودی ATmega328P' });
    const mail = readOutbox(dataDir)
      .map((m) => ({ ...m, text: decodedParts(m.body) }))
      .find((m) => m.text.includes('موجودی ATmega328P'));
    expect(mail?.to).toBe('support@qateh.example');
    expect(mail!.text).toContain('سلام، ۲۰ عدد از این آی‌سی را دارید؟');
    expect(mail!.text).toContain('maryam@example.com');
  });

  it('a solved challenge is accepted once', async () => {
    const captcha = await solvedCaptcha();
    expect((await post('/contact-us', { ...message({ subject: 'اول' }), captcha })).status).toBe(200);
    const replay = await post('/contact-us', { ...message({ subject: 'دوم' }), captcha });
    expect(replay.status).toBe(422);
    expect(replay.body.data.errors.captcha).toEqual([CAPTCHA_MESSAGES.invalid.fa]);
    const stored = await server.database.db.select().from(contactMessages).where(eq(contactMessages.subject, 'دوم'));
    expect(stored).toHaveLength(0);
  });

  it('missing captcha is in the 422 list with the other fields', async () => {
    const res = await post('/contact-us', { name: '', email: 'x', comment: 'کم' });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toMatchObject({ captcha: [CAPTCHA_MESSAGES.missing.fa] });
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['captcha', 'comment', 'email', 'name', 'subject']);
  });

  it("wrong answers, forged and expired challenges are refused with the spec's messages", async () => {
    const good = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString());
    const wrong = Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString('base64');
    expect((await post('/contact-us', { ...message(), captcha: wrong })).body.data.errors.captcha).toEqual([CAPTCHA_MESSAGES.invalid.fa]);

    const forgedChallenge = await createChallenge({
      hmacKey: 'someone-elses-key-0123456789',
      maxNumber: 1000,
      expires: new Date(Date.now() + 60_000),
    });
    const forgedSolution = await solveChallenge(forgedChallenge.challenge, forgedChallenge.salt, forgedChallenge.algorithm, 1000).promise;
    const forged = Buffer.from(JSON.stringify({ ...forgedChallenge, number: forgedSolution!.number })).toString('base64');
    expect((await post('/contact-us', { ...message(), captcha: forged })).body.data.errors.captcha).toEqual([CAPTCHA_MESSAGES.invalid.fa]);

    const oldChallenge = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 1000, expires: new Date(Date.now() - 60_000) });
    const oldSolution = await solveChallenge(oldChallenge.challenge, oldChallenge.salt, oldChallenge.algorithm, 1000).promise;
    const expired = Buffer.from(JSON.stringify({ ...oldChallenge, number: oldSolution!.number })).toString('base64');
    const res = await post('/contact-us', { ...message(), captcha: expired });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: CAPTCHA_MESSAGES.expired.fa, data: { errors: { captcha: [CAPTCHA_MESSAGES.expired.fa] } } });

    for (const junk of ['not base64 at all', Buffer.from('{"x":1}').toString('base64'), Buffer.from('[]').toString('base64')]) {
      expect((await post('/contact-us', { ...message(), captcha: junk })).status).toBe(422);
    }
  });
});

describe('contact form with reCAPTCHA configured', () => {
  let google: Server;
  let recaptchaServer: TestServer;
  const seen: URLSearchParams[] = [];
  const SECRET = 'test-recaptcha-secret';

  beforeAll(async () => {
    // A stand-in for Google's siteverify: form-encoded secret/response/remoteip in, JSON verdict out.
    google = createServer((req, res) => {
      let raw = '';
      req.on('data', (d) => {
        raw += d;
      });
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        seen.push(form);
        const token = form.get('response');
        const verdict =
          form.get('secret') !== SECRET
            ? { success: false, 'error-codes': ['invalid-input-secret'] }
            : token === 'good-v2'
              ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
              : token === 'good-v3'
                ? { success: true, score: 0.9, action: 'contact', challenge_ts: new Date().toISOString(), hostname: 'localhost' }
                : token === 'bot-v3'
                  ? { success: true, score: 0.1, action: 'contact' }
                  : token === 'other-action'
                    ? { success: true, score: 0.9, action: 'login' }
                    : token === 'used'
                      ? { success: false, 'error-codes': ['timeout-or-duplicate'] }
                      : { success: false, 'error-codes': ['invalid-input-response'] };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(verdict));
      });
    });
    await new Promise<void>((r) => google.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(google.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    recaptchaServer = await startTestServer({
      catalogue: false,
      env: { DATA_DIR: dataDir, RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_SITE_KEY: 'site-key-123', RECAPTCHA_VERIFY_URL: url },
    });
  }, 60_000);
  afterAll(async () => {
    await recaptchaServer?.stop();
    await new Promise((r) => google?.close(r));
  });

  it('hands out the site key instead of a challenge', async () => {
    const res = await recaptchaServer.api('/captcha/challenge');
    expect(res.body).toEqual({
      provider: 'recaptcha',
      siteKey: 'site-key-123',
      version: 3,
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
    });
  });

  it('v2 and v3 tokens that pass are accepted; the secret and client address are sent', async () => {
    for (const captcha of ['good-v2', 'good-v3']) {
      const res = await post('/contact-us', { ...message({ subject: captcha }), captcha }, recaptchaServer);
      expect(res.status, captcha).toBe(200);
    }
    const last = seen.at(-1)!;
    expect(last.get('secret')).toBe(SECRET);
    expect(last.get('response')).toBe('good-v3');
    expect(last.get('remoteip')).toMatch(/127\.0\.0\.1/);
  });

  it.each([
    ['bot-v3', CAPTCHA_MESSAGES.invalid.fa],
    ['other-action', CAPTCHA_MESSAGES.invalid.fa],
    ['forged', CAPTCHA_MESSAGES.invalid.fa],
    ['used', CAPTCHA_MESSAGES.expired.fa],
  ])('%s is refused', async (captcha, text) => {
    const res = await post('/contact-us', { ...message(), captcha }, recaptchaServer);
    expect(res.status).toBe(422);
    expect(res.body.data.errors.captcha).toEqual([text]);
  });

  it('an unreachable verifier is a 503 with a Persian message, and nothing is stored', async () => {
    const offline = await startTestServer({
      catalogue: false,
      env: { DATA_DIR: dataDir, RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' },
    });
    try {
      const res = await post('/contact-us', { ...message({ subject: 'offline' }), captcha: 'good-v2' }, offline);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(CAPTCHA_MESSAGES.unavailable.fa);
      expect(await offline.database.db.select().from(contactMessages)).toHaveLength(0);
    } finally {
      await offline.stop();
    }
  });
});
