/**
 * `npx tsx scripts/bench-auth-races.ts` (PGlite) or with DATABASE_URL=postgres://… (PostgreSQL)
 *
 * The account attacks of issue 16 replayed against the real server, with the figures printed:
 *   1. 300 parallel wrong sign-in guesses at one account with a limit of 10: how many were checked
 *      against the password (answered 401) and how many stopped before it (422 captcha / 429);
 *   2. 20 parallel refreshes of one refresh token: how many got a new pair;
 *   3. a CSRF cookie/header pair from another session planted beside a victim's session cookie:
 *      the status of the forged profile change.
 * Never part of `npm test`; the tests in tests/security assert the outcomes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer } from '../tests/support/server';

const LIMIT = 10;
const dataDir = mkdtempSync(join(tmpdir(), 'qateh-auth-races-'));
const server = await startTestServer({
  catalogue: false,
  // Both the former (LOGIN_LOCK_AFTER) and the current (LOGIN_CAPTCHA_AFTER) name of the limit, so the
  // same script measures either version of the code; one address plays every client, so its own mark is lifted.
  env: { DATA_DIR: dataDir, LOGIN_LOCK_AFTER: String(LIMIT), LOGIN_CAPTCHA_AFTER: String(LIMIT), LOGIN_IP_FACTOR: '1000' },
});
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  server.api(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function register(username: string) {
  const password = 'right-pass-123';
  const res = await post('/register', {
    name: 'مشتری',
    mobile: '09121234567',
    username,
    email: `${username}@example.com`,
    password,
    password_confirmation: password,
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return { username, password };
}
const countBy = (statuses: number[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((x) => x === s).length]));

try {
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const victim = await register('victim');
  const guesses = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      post('/oauth/token', {
        grant_type: 'password',
        client_id: '3',
        username: i % 2 ? victim.username : `${victim.username}@example.com`,
        password: `wrong-${i}`,
      }),
    ),
  );
  const statuses = guesses.map((g) => g.status);
  console.log(
    `[${db}] 300 parallel wrong guesses, limit ${LIMIT}: ${statuses.filter((s) => s === 401).length} checked against the password; answers ${JSON.stringify(countBy(statuses))}`,
  );

  const rotator = await register('rotator');
  const tokens = (await post('/oauth/token', { grant_type: 'password', client_id: '3', ...rotator })).body as { refresh_token: string };
  const refreshes = await Promise.all(
    Array.from({ length: 20 }, () =>
      post('/oauth/token', { grant_type: 'refresh_token', client_id: '3', refresh_token: tokens.refresh_token }),
    ),
  );
  console.log(`[${db}] 20 parallel refreshes of one token: ${refreshes.filter((r) => r.status === 200).length} succeeded`);

  const cookieLogin = async (u: { username: string; password: string }) => {
    const res = await post('/auth/login', u, { origin: server.url });
    return Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  };
  const mark = await cookieLogin(await register('mark'));
  const thief = await cookieLogin(await register('thief'));
  const planted = { ...mark, qateh_csrf: thief.qateh_csrf! };
  const forged = await post(
    '/dashboard/profile',
    { name: 'جعلی', mobile: '09120000000' },
    {
      cookie: Object.entries(planted)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      'x-csrf-token': thief.qateh_csrf!,
    },
  );
  console.log(`[${db}] CSRF pair from another session planted beside the victim's session: ${forged.status}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
