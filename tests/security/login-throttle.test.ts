/**
 * Sign-in brake under attack, over the real server and database: a flood of parallel guesses at one
 * account gets at most LOGIN_CAPTCHA_AFTER of them checked against the password (every attempt is
 * counted before the check), the rest are asked for the captcha; the owner still signs in with a
 * solved captcha (no lock a stranger could use); username and e-mail share the account's count;
 * two instances on one database count together; an address guessing across accounts is asked for the
 * captcha too, while the accounts' owners elsewhere are not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/server';
import { startTestServer, type TestServer } from '../support/server';

const LIMIT = 5;
let server: TestServer;
let second: RunningServer;
let dataDir: string;

const env = (over: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  CAPTCHA_MAX_NUMBER: '2000',
  LOGIN_CAPTCHA_AFTER: String(LIMIT),
  LOGIN_SLOW_AFTER: '3',
  LOGIN_DELAY_MS: '20',
  // One loopback address plays every client here; the address's own mark is tested on its own below.
  LOGIN_IP_FACTOR: '1000',
  ...over,
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-login-throttle-'));
  server = await startTestServer({ catalogue: false, env: env() });
  // A second instance on the same database, as several servers on one PostgreSQL.
  second = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', ...env() }), server.database);
}, 180_000);

afterAll(async () => {
  await second?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}/api/site/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
    async (res) => ({ status: res.status, body: (await res.json()) as any, headers: res.headers }),
  );

const signIn = (username: string, password: string, extra: Record<string, unknown> = {}, base = server.url) =>
  post(base, '/oauth/token', { grant_type: 'password', client_id: '3', username, password, ...extra });

async function solvedCaptcha(from: TestServer = server): Promise<string> {
  const { body } = await from.api('/captcha/challenge');
  const c = body.challenge;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...c, number: solution!.number })).toString('base64');
}

let seq = 0;
async function register() {
  seq++;
  const p = {
    name: 'مشتری آزمون',
    mobile: '09121234567',
    username: `owner${seq}`,
    email: `owner${seq}@example.com`,
    password: 'right-pass-123',
    password_confirmation: 'right-pass-123',
  };
  const res = await post(server.url, '/register', { ...p, captcha: await solvedCaptcha(server) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return p;
}

/** How each answer went: checked against the password (200/401) or stopped before it (422 captcha). */
function tally(answers: { status: number; body: any }[]) {
  const checked = answers.filter((a) => a.status === 200 || a.status === 401).length;
  const askedCaptcha = answers.filter((a) => a.status === 422 && a.body.data?.errors?.captcha).length;
  return { checked, askedCaptcha, other: answers.length - checked - askedCaptcha };
}

describe('parallel guesses at one account', () => {
  it(`120 at once: at most ${LIMIT} reach the password, the rest are asked for the captcha; the owner signs in with one`, async () => {
    const owner = await register();
    // Guess #60 is the right password: past the limit it must not be checked either. (120 at once race as
    // 300 did: all of them reach the throttle before the first counted guess is answered.)
    const guesses = Array.from({ length: 120 }, (_, i) => (i === 59 ? owner.password : `wrong-guess-${i}`));
    const answers = await Promise.all(
      guesses.map((pw, i) => signIn(i % 2 ? owner.username : owner.email, pw, {}, i % 3 ? server.url : second.url)),
    );
    const t = tally(answers);
    console.info(
      `[login-throttle] 120 parallel guesses over two instances: ${t.checked} checked against the password, ${t.askedCaptcha} asked for the captcha`,
    );
    expect(t.other).toBe(0);
    expect(t.checked).toBeLessThanOrEqual(LIMIT);
    expect(t.checked).toBeGreaterThan(0);
    // The right password among the flood: refused unless it happened to be among the first few counted.
    const rightOne = answers[59]!;
    expect([200, 422]).toContain(rightOne.status);
    if (rightOne.status === 422) expect(rightOne.headers.get('x-captcha-required')).toBe('1');

    // The owner is not locked out: the right password now asks for the captcha, and passes with it.
    const withoutCaptcha = await signIn(owner.username, owner.password);
    expect(withoutCaptcha.status).toBe(422);
    expect(withoutCaptcha.body.data.errors.captcha).toEqual(['لطفاً کپچا را تأیید کنید.']);
    // A solved captcha lets one more guess through, once.
    const captcha = await solvedCaptcha();
    expect((await signIn(owner.username, 'still-wrong-1', { captcha })).status).toBe(401);
    expect((await signIn(owner.username, owner.password, { captcha })).status).toBe(422);
    const withCaptcha = await signIn(owner.username, owner.password, { captcha: await solvedCaptcha() });
    expect(withCaptcha.status, JSON.stringify(withCaptcha.body)).toBe(200);
    expect(withCaptcha.body.access_token).toBeTruthy();
  }, 120_000);

  it('username and e-mail of one account share one count, on either instance', async () => {
    const owner = await register();
    for (let i = 0; i < LIMIT; i++) {
      const res = await signIn(i % 2 ? owner.email.toUpperCase() : owner.username, `wrong-${i}`, {}, i % 2 ? second.url : server.url);
      expect(res.status).toBe(401);
      // The answer that uses up the free attempts tells the form to show the captcha.
      expect(res.headers.get('x-captcha-required')).toBe(i === LIMIT - 1 ? '1' : null);
    }
    expect((await signIn(owner.email, owner.password)).status).toBe(422);
    expect((await signIn(owner.username, owner.password, {}, second.url)).status).toBe(422);
  });

  it('a success forgives the failures before it', async () => {
    const owner = await register();
    for (let i = 0; i < LIMIT - 1; i++) expect((await signIn(owner.username, `wrong-${i}`)).status).toBe(401);
    expect((await signIn(owner.username, owner.password)).status).toBe(200);
    for (let i = 0; i < LIMIT - 1; i++) expect((await signIn(owner.username, `wrong-again-${i}`)).status).toBe(401);
    expect((await signIn(owner.username, owner.password)).status).toBe(200);
  });

  it('an unknown login is counted as typed, however it is cased or spaced', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(i % 2 ? 'Nobody.Here' : ' nobody.here ', `guess-${i}`)));
    const t = tally(answers);
    expect(t.checked).toBeLessThanOrEqual(LIMIT);
    expect(t.askedCaptcha).toBeGreaterThanOrEqual(40 - LIMIT);
    expect(answers.filter((a) => a.status === 401).every((a) => a.body.message === 'User not found.')).toBe(true);
  });

  it('another customer is not touched by the flood at one account', async () => {
    const victim = await register();
    const bystander = await register();
    await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(victim.username, `wrong-${i}`)));
    expect((await signIn(bystander.username, bystander.password)).status).toBe(200);
  });
});

describe('one address guessing across many accounts', () => {
  let narrow: TestServer;
  beforeAll(async () => {
    narrow = await startTestServer({ catalogue: false, env: env({ LOGIN_IP_FACTOR: '2' }) });
  }, 180_000);
  afterAll(async () => {
    await narrow?.stop();
  });

  it(`is asked for the captcha past ${LIMIT} × LOGIN_IP_FACTOR attempts, and may go on with it`, async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(`spray${i}@example.com`, 'Password1', {}, narrow.url)));
    const t = tally(answers);
    expect(t.other).toBe(0);
    expect(t.checked).toBeLessThanOrEqual(LIMIT * 2);
    const res = await signIn('someone-new', 'Password1', {}, narrow.url);
    expect(res.status).toBe(422);
    expect(res.headers.get('x-captcha-required')).toBe('1');
    const withCaptcha = await signIn('someone-new', 'Password1', { captcha: await solvedCaptcha(narrow) }, narrow.url);
    expect(withCaptcha.status).toBe(401);
    expect(withCaptcha.body.message).toBe('User not found.');
  });
});
