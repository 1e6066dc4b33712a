/**
 * Cross-site request forgery against cookie sessions, over the real server: the CSRF token belongs to
 * one session (an HMAC of its id), so a cookie/header pair planted from another session, or made up,
 * is refused with 403 and changes nothing; nothing changes state on a cookie-authenticated GET (the
 * e-mail resend answers 405 and sends no mail), while the site's POST with the token works.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { startTestServer, type TestServer } from '../support/server';
import { solvedCaptcha } from '../support/captcha';

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-csrf-'));
  server = await startTestServer({ catalogue: false, env: { DATA_DIR: dataDir } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

let seq = 0;
async function cookieSession() {
  seq++;
  const p = {
    name: 'مشتری آزمون',
    mobile: '09121234567',
    username: `csrf${seq}`,
    email: `csrf${seq}@example.com`,
    password: 'right-pass-123',
    password_confirmation: 'right-pass-123',
  };
  expect((await server.api('/register', json('POST', { ...p, captcha: await solvedCaptcha(server) }))).status).toBe(201);
  const res = await server.api('/auth/login', json('POST', { username: p.username, password: p.password }, { origin: server.url }));
  expect(res.status).toBe(200);
  const cookies = Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  return { p, cookies, csrf: cookies.qateh_csrf! };
}
const jar = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
const profileOf = async (cookies: Record<string, string>) =>
  (await server.api('/dashboard/profile', { headers: { cookie: jar(cookies) } })).body.data;

describe('CSRF token bound to the session', () => {
  it('a cookie/token pair planted from another session is refused with 403 and changes nothing', async () => {
    const victim = await cookieSession();
    const attacker = await cookieSession();
    const before = await profileOf(victim.cookies);
    const change = { name: 'نام جعلی', mobile: '09120000000' };
    // A sibling subdomain can write qateh_csrf for our domain; it plants the attacker's own session token.
    const planted = { ...victim.cookies, qateh_csrf: attacker.csrf };
    const res = await server.api('/dashboard/profile', json('POST', change, { cookie: jar(planted), 'x-csrf-token': attacker.csrf }));
    expect(res.status).toBe(403);
    // Or any value of its choosing, cookie and header alike.
    const made = { ...victim.cookies, qateh_csrf: 'a'.repeat(victim.csrf.length) };
    expect(
      (await server.api('/dashboard/profile', json('POST', change, { cookie: jar(made), 'x-csrf-token': made.qateh_csrf }))).status,
    ).toBe(403);
    expect(await profileOf(victim.cookies)).toEqual(before);
    // The real token of the session works.
    const ok = await server.api('/dashboard/profile', json('POST', change, { cookie: jar(victim.cookies), 'x-csrf-token': victim.csrf }));
    expect(ok.status).toBe(200);
    expect((await profileOf(victim.cookies)).name).toBe('نام جعلی');
  });

  it('the website refresh refuses a planted pair too, so another site cannot replay the refresh cookie', async () => {
    const victim = await cookieSession();
    const attacker = await cookieSession();
    const planted = { ...victim.cookies, qateh_csrf: attacker.csrf };
    const res = await server.api(
      '/auth/refresh',
      json('POST', {}, { cookie: jar(planted), 'x-csrf-token': attacker.csrf, origin: server.url }),
    );
    expect(res.status).toBe(403);
    const ok = await server.api(
      '/auth/refresh',
      json('POST', {}, { cookie: jar(victim.cookies), 'x-csrf-token': victim.csrf, origin: server.url }),
    );
    expect(ok.status).toBe(200);
    // The new session comes with its own token; the old one no longer passes.
    const renewed = Object.fromEntries(ok.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
    expect(renewed.qateh_csrf).not.toBe(victim.csrf);
    const change = { name: 'نام تازه', mobile: '09121111111' };
    const session = { qateh_at: renewed.qateh_at!, qateh_csrf: renewed.qateh_csrf! };
    expect(
      (await server.api('/dashboard/profile', json('POST', change, { cookie: jar(session), 'x-csrf-token': victim.csrf }))).status,
    ).toBe(403);
    expect(
      (await server.api('/dashboard/profile', json('POST', change, { cookie: jar(session), 'x-csrf-token': renewed.qateh_csrf! }))).status,
    ).toBe(200);
  });

  it("a page holding a stale token gets the session's token back from getUser", async () => {
    const s = await cookieSession();
    const stale = { ...s.cookies, qateh_csrf: 'stale-token-from-before' };
    const me = await server.api('/getUser', { headers: { cookie: jar(stale) } });
    expect(me.status).toBe(200);
    expect(me.headers.getSetCookie().find((c) => c.startsWith('qateh_csrf='))).toContain(`qateh_csrf=${s.csrf};`);
    const fresh = await server.api('/getUser', { headers: { cookie: jar(s.cookies) } });
    expect(fresh.headers.getSetCookie()).toEqual([]);
  });
});

describe('no state change on a GET from another site', () => {
  const mailsTo = (email: string) => readOutbox(dataDir).filter((m) => m.to.includes(email)).length;

  it("the e-mail resend by GET with the browser's cookies answers 405 and sends nothing; POST with the token sends", async () => {
    const s = await cookieSession();
    const email = s.p.email;
    const before = mailsTo(email);
    const crossSiteGet = await server.api('/email/resend', { headers: { cookie: jar(s.cookies), 'sec-fetch-site': 'cross-site' } });
    expect(crossSiteGet.status).toBe(405);
    expect(crossSiteGet.headers.get('allow')).toBe('POST');
    const postWithoutToken = await server.api(
      '/email/resend',
      json('POST', { captcha: await solvedCaptcha(server) }, { cookie: jar(s.cookies) }),
    );
    expect(postWithoutToken.status).toBe(403);
    expect(mailsTo(email)).toBe(before);
    const ok = await server.api(
      '/email/resend',
      json('POST', { captcha: await solvedCaptcha(server) }, { cookie: jar(s.cookies), 'x-csrf-token': s.csrf }),
    );
    expect(ok.status).toBe(200);
    expect(mailsTo(email)).toBe(before + 1);
  });

  it("remembering the chosen address by GET with cookies is refused; API clients with a bearer token keep the spec's GET", async () => {
    const s = await cookieSession();
    const provinces = await server.api('/dashboard/getProvince', { headers: { cookie: jar(s.cookies) } });
    const tehranId = provinces.body.data.find((p: { name: string }) => p.name === 'تهران').id;
    const tehran = await server.api(`/dashboard/province/${tehranId}`, { headers: { cookie: jar(s.cookies) } });
    const cityId = tehran.body.data.cities.find((c: { name: string }) => c.name === 'تهران').id;
    const address = {
      name: 'خانه',
      mobile: '09121234567',
      province_id: tehranId,
      city_id: cityId,
      address: 'خیابان آزادی، پلاک ۱',
      postCode: '1314567891',
    };
    const created = await server.api('/dashboard/address', json('POST', address, { cookie: jar(s.cookies), 'x-csrf-token': s.csrf }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    expect((await server.api(`/dashboard/last-address-selected/${id}`, { headers: { cookie: jar(s.cookies) } })).status).toBe(405);
    expect(
      (await server.api(`/dashboard/last-address-selected/${id}`, { method: 'POST', headers: { cookie: jar(s.cookies) } })).status,
    ).toBe(403);
    const selected = await server.api(`/dashboard/last-address-selected/${id}`, {
      method: 'POST',
      headers: { cookie: jar(s.cookies), 'x-csrf-token': s.csrf },
    });
    expect(selected.status).toBe(200);
    expect(selected.body.data.lastSelected).toBe(true);
    const token = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: '3', username: s.p.username, password: s.p.password }),
    );
    expect(
      (await server.api(`/dashboard/last-address-selected/${id}`, { headers: { authorization: `Bearer ${token.body.access_token}` } }))
        .status,
    ).toBe(200);
  });
});
