/**
 * Accounts over the real server and database: sign-up rules, the OAuth2 password and refresh grants,
 * cookie sessions with CSRF, e-mail verification and password reset through the .eml outbox,
 * profile, password change, addresses with one default, Iran's places, and isolation between customers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFromOutbox, readOutbox } from './support/outbox';
import { startTestServer, type TestServer } from './support/server';
import { solvedCaptcha } from './support/captcha';

let server: TestServer;
let dataDir: string;

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let seq = 0;
function person(over: Record<string, unknown> = {}) {
  seq++;
  return {
    name: 'علي رضايي',
    mobile: '۰۹۱۲ ۱۲۳ ۴۵۶۷',
    username: `user${seq}.test`,
    email: `User${seq}@Example.com`,
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
    ...over,
  };
}

async function register(over: Record<string, unknown> = {}) {
  const p = person(over);
  const res = await server.api('/register', json('POST', { ...p, captcha: await solvedCaptcha(server) }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return p;
}

async function tokenFor(username: string, password = 'secret-pass-1') {
  const res = await server.api('/oauth/token', json('POST', { grant_type: 'password', client_id: 3, username, password }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
}

let tehranId: number;
let tehranCityId: number;
let tabrizId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-accounts-'));
  server = await startTestServer({
    catalogue: false,
    env: {
      DATA_DIR: dataDir,
      LOGIN_SLOW_AFTER: '100',
      LOGIN_CAPTCHA_AFTER: '4',
      LOGIN_IP_FACTOR: '5',
      PUBLIC_BASE_URL: 'https://shop.example',
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('registration', () => {
  it('creates the account with a canonical mobile, Persian letters and a lower-case e-mail, and mails a verification link', async () => {
    const p = await register({ website: 'qateh.example', company: 'شركت نمونه', agreeWithEmail2: true, email2: 'me@chmail.ir' });
    const { access_token } = await tokenFor(p.username);
    const me = await server.api('/getUser', { headers: bearer(access_token) });
    expect(me.body.data).toMatchObject({
      username: p.username,
      name: 'علی رضایی',
      email: String(p.email).toLowerCase(),
      mobile: '09121234567',
      company_name: 'شرکت نمونه',
      website: 'https://qateh.example',
      email2: 'me@chmail.ir',
      agreeWithEmail2: true,
      emailVerified: false,
    });
    const link = await linkFromOutbox(dataDir, String(p.email).toLowerCase(), '/email/verify/');
    expect(link.origin).toBe('https://shop.example');
    expect(link.pathname).toBe(`/email/verify/${p.username}`);
    expect(link.searchParams.get('token')).toBeTruthy();
  });

  it('answers bad input with Persian field errors (422)', async () => {
    const res = await server.api(
      '/register',
      json('POST', {
        name: '',
        mobile: '0212345678',
        username: 'has space',
        email: 'not-mail',
        password: 'short',
        password_confirmation: 'other',
        website: 'not a site',
      }),
    );
    expect(res.status).toBe(422);
    const errors = res.body.data.errors as Record<string, string[]>;
    expect(errors.name?.[0]).toBe('لطفاً این فیلد را پر کنید.');
    expect(errors.mobile?.[0]).toContain('شماره موبایل');
    expect(errors.username?.[0]).toContain('نام کاربری');
    expect(errors.email?.[0]).toBe('نشانی ایمیل معتبر نیست.');
    expect(errors.password?.[0]).toMatch(/نویسه/);
    expect(errors.website?.[0]).toContain('وب‌سایت');
  });

  it('reports missing fields, wrong types and over-long values', async () => {
    const missing = await server.api('/register', json('POST', {}));
    expect(missing.status).toBe(422);
    for (const f of ['name', 'mobile', 'username', 'email', 'password', 'password_confirmation']) {
      expect(missing.body.data.errors[f], f).toBeTruthy();
    }
    const wrongType = await server.api('/register', json('POST', person({ name: 42, mobile: 9121234567, agreeWithEmail2: 'maybe' })));
    expect(wrongType.status).toBe(422);
    expect(Object.keys(wrongType.body.data.errors)).toEqual(expect.arrayContaining(['name', 'mobile', 'agreeWithEmail2']));
    const long = await server.api(
      '/register',
      json('POST', person({ name: 'ن'.repeat(101), username: 'a'.repeat(51), password: 'p'.repeat(129) })),
    );
    expect(long.status).toBe(422);
    expect(long.body.data.errors.name[0]).toContain('۱۰۰');
    expect(long.body.data.errors.username[0]).toContain('۵۰');
  });

  it('refuses script tags and markup in text fields', async () => {
    const res = await server.api(
      '/register',
      json('POST', person({ name: '<script>alert(1)</script>', company: '<img src=x onerror=alert(1)>' })),
    );
    expect(res.status).toBe(422);
    expect(res.body.data.errors.name[0]).toContain('HTML');
    expect(res.body.data.errors.company[0]).toContain('HTML');
  });

  it('accepts the username symbols of the spec and refuses others', async () => {
    await register({ username: 'a*b-c.d+e/f_g' });
    for (const bad of ['دانیال', 'a b', 'a@b', 'a<b']) {
      const res = await server.api('/register', json('POST', person({ username: bad })));
      expect(res.status, bad).toBe(422);
      expect(res.body.data.errors.username, bad).toBeTruthy();
    }
  });

  it('keeps usernames and e-mails unique regardless of case', async () => {
    const p = await register();
    const res = await server.api(
      '/register',
      json('POST', {
        ...person({ username: p.username.toUpperCase(), email: String(p.email).toUpperCase() }),
        captcha: await solvedCaptcha(server),
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.data.errors.username[0]).toBe('این نام کاربری قبلاً ثبت شده است.');
    expect(res.body.data.errors.email[0]).toBe('این ایمیل قبلاً ثبت شده است.');
  });

  it('accepts mobile numbers in every common form and stores one', async () => {
    for (const [mobile, i] of [
      ['+98 912 765 4321', 1],
      ['00989127654321', 2],
      ['9127654321', 3],
      ['۰۹۱۲-۷۶۵-۴۳۲۱', 4],
    ] as const) {
      const p = await register({ mobile, username: `mobile${i}`, email: `mobile${i}@example.com` });
      const { access_token } = await tokenFor(p.username);
      const me = await server.api('/getUser', { headers: bearer(access_token) });
      expect(me.body.data.mobile).toBe('09127654321');
    }
  });
});

describe('tokens', () => {
  it('password grant gives bearer tokens with the spec lifetimes; e-mail works as the login too', async () => {
    const p = await register();
    const t = await tokenFor(String(p.email));
    expect(t.token_type).toBe('Bearer');
    expect(t.expires_in).toBe(31_536_000);
    expect(t.refresh_token).not.toBe(t.access_token);
    const me = await server.api('/getUser', { headers: bearer(t.access_token) });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body.data)).toEqual(expect.arrayContaining(['username', 'name', 'email']));
  });

  it('wrong credentials give the spec messages; a wrong client id is refused', async () => {
    const p = await register();
    const unknown = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: '3', username: 'nobody-here', password: 'whatever-1' }),
    );
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('User not found.');
    const wrong = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: '3', username: p.username, password: 'wrong-pass-1' }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Username/password is invalid.');
    const client = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: '2', username: p.username, password: p.password }),
    );
    expect(client.status).toBe(401);
    const grant = await server.api('/oauth/token', json('POST', { grant_type: 'client_credentials', client_id: '3' }));
    expect(grant.status).toBe(422);
  });

  it('accepts the form-encoded token request OAuth2 clients send', async () => {
    const p = await register();
    const res = await server.api('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: '3', username: p.username, password: p.password }),
    });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBeTruthy();
  });

  it('refresh grant rotates the pair: the old refresh and access tokens stop working', async () => {
    const p = await register();
    const t = await tokenFor(p.username);
    const refreshed = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'refresh_token', client_id: '3', refresh_token: t.refresh_token }),
    );
    expect(refreshed.status).toBe(200);
    expect((await server.api('/getUser', { headers: bearer(refreshed.body.access_token) })).status).toBe(200);
    expect((await server.api('/getUser', { headers: bearer(t.access_token) })).status).toBe(401);
    const again = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'refresh_token', client_id: '3', refresh_token: t.refresh_token }),
    );
    expect(again.status).toBe(401);
  });

  it('logout revokes both the access and the refresh token', async () => {
    const p = await register();
    const t = await tokenFor(p.username);
    expect((await server.api('/logout', { method: 'POST', headers: bearer(t.access_token) })).status).toBe(200);
    expect((await server.api('/getUser', { headers: bearer(t.access_token) })).status).toBe(401);
    const refreshed = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'refresh_token', client_id: '3', refresh_token: t.refresh_token }),
    );
    expect(refreshed.status).toBe(401);
  });

  it('getUser without or with a made-up token is 401', async () => {
    expect((await server.api('/getUser')).status).toBe(401);
    expect((await server.api('/getUser', { headers: bearer('made-up') })).status).toBe(401);
  });

  it('after repeated failures one account needs the captcha, even with the right password; never a 429', async () => {
    const p = await register();
    for (let i = 0; i < 4; i++) {
      const res = await server.api(
        '/oauth/token',
        json('POST', { grant_type: 'password', client_id: '3', username: p.username, password: 'wrong-pass-1' }),
      );
      expect(res.status).toBe(401);
    }
    const guarded = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: '3', username: p.username, password: p.password }),
    );
    expect(guarded.status).toBe(422);
    expect(guarded.body.data.errors.captcha).toEqual(['لطفاً کپچا را تأیید کنید.']);
    expect(guarded.headers.get('x-captcha-required')).toBe('1');
    // Another customer on the same address is not touched by it.
    const other = await register();
    expect((await tokenFor(other.username)).access_token).toBeTruthy();
  });
});

describe('website cookie session', () => {
  async function cookieLogin(username: string, password = 'secret-pass-1') {
    const res = await server.api('/auth/login', json('POST', { username, password }, { origin: server.url }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const setCookies = res.headers.getSetCookie();
    const jar = setCookies.map((c) => c.split(';')[0]).join('; ');
    const csrf = /qateh_csrf=([^;]+)/.exec(jar)?.[1] ?? '';
    return { setCookies, jar, csrf };
  }

  it('keeps the tokens in httpOnly SameSite=Lax cookies; page scripts only see the CSRF token', async () => {
    const p = await register();
    const { setCookies, jar } = await cookieLogin(p.username);
    const access = setCookies.find((c) => c.startsWith('qateh_at='))!;
    expect(access).toMatch(/HttpOnly/i);
    expect(access).toMatch(/SameSite=Lax/i);
    expect(access).toMatch(/Max-Age=31536000/);
    expect(access).not.toMatch(/Secure/i); // plain http here
    expect(setCookies.find((c) => c.startsWith('qateh_rt='))).toMatch(/HttpOnly.*|Path=\/api\/site\/v1\/auth/i);
    expect(setCookies.find((c) => c.startsWith('qateh_csrf='))).not.toMatch(/HttpOnly/i);
    const me = await server.api('/getUser', { headers: { cookie: jar } });
    expect(me.body.data.username).toBe(p.username);
  });

  it('marks the cookies Secure behind an https proxy', async () => {
    const secure = await startTestServer({ catalogue: false, env: { DATA_DIR: dataDir, TRUST_PROXY: '1' } });
    try {
      await secure.api(
        '/register',
        json('POST', { ...person({ username: 'secure1', email: 'secure1@example.com' }), captcha: await solvedCaptcha(secure) }),
      );
      const res = await secure.api(
        '/auth/login',
        json('POST', { username: 'secure1', password: 'secret-pass-1' }, { 'x-forwarded-proto': 'https' }),
      );
      expect(res.status).toBe(200);
      for (const c of res.headers.getSetCookie()) expect(c).toMatch(/Secure/);
    } finally {
      await secure.stop();
    }
  });

  it('refuses cookie calls that change state without the CSRF header, and sign-in from another origin', async () => {
    const p = await register();
    const { jar, csrf } = await cookieLogin(p.username);
    const profile = { name: 'نام تازه', mobile: '09121111111' };
    const forged = await server.api('/dashboard/profile', json('POST', profile, { cookie: jar }));
    expect(forged.status).toBe(403);
    const wrong = await server.api('/dashboard/profile', json('POST', profile, { cookie: jar, 'x-csrf-token': 'x'.repeat(csrf.length) }));
    expect(wrong.status).toBe(403);
    const ok = await server.api('/dashboard/profile', json('POST', profile, { cookie: jar, 'x-csrf-token': csrf }));
    expect(ok.status).toBe(200);
    const crossSite = await server.api(
      '/auth/login',
      json('POST', { username: p.username, password: p.password }, { origin: 'https://evil.example' }),
    );
    expect(crossSite.status).toBe(403);
    const formPost = await server.api('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=${p.username}&password=${p.password}`,
    });
    expect(formPost.status).toBe(403);
  });

  it('site logout revokes the session and clears the cookies', async () => {
    const p = await register();
    const { jar, csrf } = await cookieLogin(p.username);
    const out = await server.api('/auth/logout', { method: 'POST', headers: { cookie: jar, 'x-csrf-token': csrf } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^qateh_at=;/.test(c))).toBe(true);
    expect((await server.api('/getUser', { headers: { cookie: jar } })).status).toBe(401);
  });
});

describe('e-mail verification and password reset', () => {
  it('verifies with the mailed link once; afterwards says "Already verified"; resend says so too', async () => {
    const p = await register();
    const email = String(p.email).toLowerCase();
    const link = await linkFromOutbox(dataDir, email, '/email/verify/');
    const token = link.searchParams.get('token')!;
    const first = await server.api('/email/verify', json('POST', { token, username: p.username }));
    expect(first.body.message).toBe('Email verified');
    const second = await server.api('/email/verify', json('POST', { token, username: p.username }));
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Already verified');
    const { access_token } = await tokenFor(p.username);
    expect((await server.api('/getUser', { headers: bearer(access_token) })).body.data.emailVerified).toBe(true);
    expect(
      (await server.api('/email/resend', json('POST', { captcha: await solvedCaptcha(server) }, bearer(access_token)))).body.message,
    ).toBe('Already verified');
    const bogus = await server.api('/email/verify', json('POST', { token: 'nope' }));
    expect(bogus.status).toBe(422);
  });

  it('resend mails a new link that replaces the old one', async () => {
    const p = await register();
    const email = String(p.email).toLowerCase();
    const oldLink = await linkFromOutbox(dataDir, email, '/email/verify/');
    const { access_token } = await tokenFor(p.username);
    const res = await server.api(`/email/resend?captcha=${encodeURIComponent(await solvedCaptcha(server))}`, {
      headers: bearer(access_token),
    });
    expect(res.body.message).toBe('Email Sent');
    expect((await server.api('/email/resend', json('POST', { captcha: await solvedCaptcha(server) }, bearer(access_token)))).status).toBe(
      429,
    );
    const mails = readOutbox(dataDir).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(2);
    const newLink = await linkFromOutbox(dataDir, email, '/email/verify/');
    expect(newLink.searchParams.get('token')).not.toBe(oldLink.searchParams.get('token'));
    expect((await server.api('/email/verify', json('POST', { token: oldLink.searchParams.get('token') }))).status).toBe(422);
    expect((await server.api('/email/verify', json('POST', { token: newLink.searchParams.get('token') }))).body.message).toBe(
      'Email verified',
    );
  });

  it('forgot password answers the same for known and unknown addresses; the link resets once and ends every session', async () => {
    const p = await register();
    const email = String(p.email).toLowerCase();
    const session = await tokenFor(p.username);
    const known = await server.api('/password/forgot', json('POST', { email, captcha: await solvedCaptcha(server) }));
    const unknown = await server.api(
      '/password/forgot',
      json('POST', { email: 'nobody@example.com', captcha: await solvedCaptcha(server) }),
    );
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const link = await linkFromOutbox(dataDir, email, '/password/reset/');
    const token = link.pathname.split('/').pop()!;
    const mismatch = await server.api(
      '/password/reset',
      json('POST', { token, password: 'brand-new-pass', password_confirmation: 'other-pass-1' }),
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.data.errors.password_confirmation[0]).toBe('تکرار رمز عبور با رمز عبور یکسان نیست.');
    const ok = await server.api(
      '/password/reset',
      json('POST', { token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }),
    );
    expect(ok.status).toBe(200);
    const reused = await server.api(
      '/password/reset',
      json('POST', { token, password: 'another-pass-1', password_confirmation: 'another-pass-1' }),
    );
    expect(reused.status).toBe(422);
    expect((await server.api('/getUser', { headers: bearer(session.access_token) })).status).toBe(401);
    expect((await tokenFor(p.username, 'brand-new-pass')).access_token).toBeTruthy();
    expect(readOutbox(dataDir).some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it('an expired reset link does not work', async () => {
    const expiring = await startTestServer({ catalogue: false, env: { DATA_DIR: dataDir, RESET_TOKEN_MINUTES: '0.00001' } });
    try {
      await expiring.api(
        '/register',
        json('POST', { ...person({ username: 'expiry1', email: 'expiry1@example.com' }), captcha: await solvedCaptcha(expiring) }),
      );
      await expiring.api('/password/forgot', json('POST', { email: 'expiry1@example.com', captcha: await solvedCaptcha(expiring) }));
      const link = await linkFromOutbox(dataDir, 'expiry1@example.com', '/password/reset/');
      const res = await expiring.api(
        '/password/reset',
        json('POST', { token: link.pathname.split('/').pop(), password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }),
      );
      expect(res.status).toBe(422);
      expect(res.body.data.errors.token[0]).toContain('منقضی');
    } finally {
      await expiring.stop();
    }
  });
});

describe('profile and password', () => {
  it('updates the profile fields and validates them', async () => {
    const p = await register();
    const { access_token } = await tokenFor(p.username);
    const res = await server.api(
      '/dashboard/profile',
      json(
        'POST',
        {
          name: 'مريم',
          mobile: '+989351234567',
          company_name: 'الكترونيك',
          phone: '021-6671 2345',
          website: '',
          email2: 'm@chmail.ir',
          agreeWithEmail2: '1',
        },
        bearer(access_token),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Updated');
    expect(res.body.data).toMatchObject({
      name: 'مریم',
      mobile: '09351234567',
      company_name: 'الکترونیک',
      phone: '02166712345',
      website: null,
      email2: 'm@chmail.ir',
      agreeWithEmail2: true,
    });
    const bad = await server.api('/dashboard/profile', json('POST', { name: '<b>x</b>', mobile: '123' }, bearer(access_token)));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['mobile', 'name']);
  });

  it('password change needs the current password and ends the other sessions only', async () => {
    const p = await register();
    const here = await tokenFor(p.username);
    const elsewhere = await tokenFor(p.username);
    const wrong = await server.api(
      '/dashboard/password',
      json(
        'POST',
        { current_password: 'nope-nope-1', password: 'changed-pass-1', password_confirmation: 'changed-pass-1' },
        bearer(here.access_token),
      ),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.errors.current_password[0]).toBe('رمز عبور فعلی درست نیست.');
    const ok = await server.api(
      '/dashboard/password',
      json(
        'POST',
        { current_password: p.password, password: 'changed-pass-1', password_confirmation: 'changed-pass-1' },
        bearer(here.access_token),
      ),
    );
    expect(ok.status).toBe(200);
    expect((await server.api('/getUser', { headers: bearer(here.access_token) })).status).toBe(200);
    expect((await server.api('/getUser', { headers: bearer(elsewhere.access_token) })).status).toBe(401);
    expect((await tokenFor(p.username, 'changed-pass-1')).access_token).toBeTruthy();
  });
});

describe('provinces, cities and addresses', () => {
  let token: string;
  const address = (over: Record<string, unknown> = {}) => ({
    name: 'خانه',
    mobile: '09121234567',
    province_id: tehranId,
    city_id: tehranCityId,
    address: 'خيابان انقلاب، پلاک ۱',
    postCode: '۱۳۱۴۵-۶۷۸۹۱',
    latitude: 35.7,
    longitude: 51.4,
    ...over,
  });

  beforeAll(async () => {
    const p = await register();
    token = (await tokenFor(p.username)).access_token;
  });

  it("lists Iran's 31 provinces and each one's cities with Persian letters", async () => {
    const all = await server.api('/dashboard/getProvince', { headers: bearer(token) });
    expect(all.body.data).toHaveLength(31);
    const names = all.body.data.map((p: { name: string }) => p.name).join(' ');
    expect(names).not.toMatch(/[يك]/);
    expect(names).toContain('سیستان و بلوچستان');
    tehranId = all.body.data.find((p: { name: string }) => p.name === 'تهران').id;
    tabrizId = all.body.data.find((p: { name: string }) => p.name === 'آذربایجان شرقی').id;
    const byName = await server.api(`/dashboard/getProvince?name=${encodeURIComponent('خراسان')}`, { headers: bearer(token) });
    expect(byName.body.data).toHaveLength(3);
    const tehran = await server.api(`/dashboard/province/${tehranId}`, { headers: bearer(token) });
    const cityNames = tehran.body.data.cities.map((c: { name: string }) => c.name);
    expect(cityNames).toEqual(expect.arrayContaining(['تهران', 'ری', 'ورامین', 'شهریار', 'دماوند']));
    tehranCityId = tehran.body.data.cities.find((c: { name: string }) => c.name === 'تهران').id;
    // Arabic ي/ك typed in a search still finds the Persian name.
    const city = await server.api(`/dashboard/city?name=${encodeURIComponent('كرج')}`, { headers: bearer(token) });
    expect(city.body.data.map((c: { name: string }) => c.name)).toContain('کرج');
    expect((await server.api('/dashboard/province/99999', { headers: bearer(token) })).status).toBe(404);
    expect((await server.api('/dashboard/getProvince')).status).toBe(401);
  });

  it('holds at least a thousand cities, every province with some', async () => {
    let total = 0;
    const all = await server.api('/dashboard/getProvince', { headers: bearer(token) });
    for (const p of all.body.data as { id: number }[]) {
      const res = await server.api(`/dashboard/province/${p.id}`, { headers: bearer(token) });
      expect(res.body.data.cities.length).toBeGreaterThan(5);
      total += res.body.data.cities.length;
    }
    expect(total).toBeGreaterThan(1000);
  });

  it('creates addresses: the first is default, a new default replaces the old, postal code and mobile normalised', async () => {
    const first = await server.api('/dashboard/address', json('POST', address(), bearer(token)));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      default: true,
      postCode: '1314567891',
      address: 'خیابان انقلاب، پلاک ۱',
      latitude: 35.7,
      longitude: 51.4,
      city: { name: 'تهران' },
    });
    const second = await server.api(
      '/dashboard/address',
      json('POST', address({ name: 'محل کار', latitude: null, longitude: null }), bearer(token)),
    );
    expect(second.body.data.default).toBe(false);
    expect(second.body.data.latitude).toBeNull();
    const third = await server.api('/dashboard/address', json('POST', address({ name: 'انبار', default: true }), bearer(token)));
    expect(third.body.data.default).toBe(true);
    const list = await server.api('/dashboard/address', { headers: bearer(token) });
    expect(list.body.data.filter((a: { default: boolean }) => a.default).map((a: { id: number }) => a.id)).toEqual([third.body.data.id]);
    expect(list.body.data[0].id).toBe(third.body.data.id);

    const updated = await server.api(
      `/dashboard/address/${second.body.data.id}`,
      json('PUT', address({ name: 'دفتر', default: true }), bearer(token)),
    );
    expect(updated.body.data).toMatchObject({ name: 'دفتر', default: true });
    const afterUpdate = await server.api('/dashboard/address', { headers: bearer(token) });
    expect(afterUpdate.body.data.filter((a: { default: boolean }) => a.default)).toHaveLength(1);

    expect((await server.api(`/dashboard/address/${second.body.data.id}`, { method: 'DELETE', headers: bearer(token) })).body.message).toBe(
      'Deleted',
    );
    const afterDelete = await server.api('/dashboard/address', { headers: bearer(token) });
    expect(afterDelete.body.data.filter((a: { default: boolean }) => a.default)).toHaveLength(1);

    const selected = await server.api(`/dashboard/last-address-selected/${first.body.data.id}`, { headers: bearer(token) });
    expect(selected.body.data.lastSelected).toBe(true);
  });

  it('validates addresses: mobile required, 10-digit postal code, city within the province, coordinates in range, no markup', async () => {
    const res = await server.api(
      '/dashboard/address',
      json('POST', address({ mobile: '', postCode: '12345', latitude: 123, address: '<script>x</script>' }), bearer(token)),
    );
    expect(res.status).toBe(422);
    expect(res.body.data.errors.mobile[0]).toBe('لطفاً این فیلد را پر کنید.');
    expect(res.body.data.errors.postCode[0]).toBe('کد پستی باید ۱۰ رقم باشد.');
    expect(res.body.data.errors.latitude).toBeTruthy();
    expect(res.body.data.errors.address[0]).toContain('HTML');
    const wrongCity = await server.api('/dashboard/address', json('POST', address({ province_id: tabrizId }), bearer(token)));
    expect(wrongCity.status).toBe(422);
    expect(wrongCity.body.data.errors.city_id).toBeTruthy();
    const missing = await server.api('/dashboard/address', json('POST', {}, bearer(token)));
    expect(Object.keys(missing.body.data.errors)).toEqual(
      expect.arrayContaining(['name', 'mobile', 'province_id', 'city_id', 'address', 'postCode']),
    );
    expect((await server.api('/dashboard/address/abc', { headers: bearer(token) })).status).toBe(422);
  });
});

describe('one customer never reaches another', () => {
  it("cannot read, change, delete or select another customer's address, and sees only their own profile", async () => {
    const a = await register();
    const b = await register();
    const ta = (await tokenFor(a.username)).access_token;
    const tb = (await tokenFor(b.username)).access_token;
    const created = await server.api(
      '/dashboard/address',
      json(
        'POST',
        {
          name: 'خانه الف',
          mobile: '09121234567',
          province_id: tehranId,
          city_id: tehranCityId,
          address: 'نشانی الف',
          postCode: '1314567891',
        },
        bearer(ta),
      ),
    );
    const id = created.body.data.id;
    expect((await server.api(`/dashboard/address/${id}`, { headers: bearer(tb) })).status).toBe(404);
    const put = await server.api(
      `/dashboard/address/${id}`,
      json(
        'PUT',
        {
          name: 'ربوده',
          mobile: '09121234567',
          province_id: tehranId,
          city_id: tehranCityId,
          address: 'x',
          postCode: '1314567891',
        },
        bearer(tb),
      ),
    );
    expect(put.status).toBe(404);
    expect((await server.api(`/dashboard/address/${id}`, { method: 'DELETE', headers: bearer(tb) })).status).toBe(404);
    expect((await server.api(`/dashboard/last-address-selected/${id}`, { headers: bearer(tb) })).status).toBe(404);
    expect((await server.api('/dashboard/address', { headers: bearer(tb) })).body.data).toEqual([]);
    const own = await server.api(`/dashboard/address/${id}`, { headers: bearer(ta) });
    expect(own.body.data.name).toBe('خانه الف');
    // Profile calls act on the caller only; a smuggled username is ignored.
    await server.api('/dashboard/profile', json('POST', { name: 'ب', mobile: '09121111111', username: a.username }, bearer(tb)));
    expect((await server.api('/getUser', { headers: bearer(ta) })).body.data.name).toBe('علی رضایی');
    expect((await server.api('/dashboard/reviews', { headers: bearer(tb) })).body).toMatchObject({ items: [], total: 0 });
  });
});
