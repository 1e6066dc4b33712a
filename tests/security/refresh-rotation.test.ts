/**
 * Refresh-token rotation under attack, over the real server and database: of 20 parallel refreshes of
 * one token exactly one gets a new pair; a rotated token presented again revokes its whole family
 * (the pair that replaced it included), while the customer's other sign-ins keep working.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { solvedCaptcha } from '../support/captcha';

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'qateh-refresh-'));
  server = await startTestServer({ catalogue: false, env: { DATA_DIR: dataDir } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const refresh = (token: string) => server.api('/oauth/token', json({ grant_type: 'refresh_token', client_id: '3', refresh_token: token }));
const isLive = async (access: string) => (await server.api('/getUser', { headers: { authorization: `Bearer ${access}` } })).status === 200;

let seq = 0;
async function signedIn() {
  seq++;
  const p = {
    name: 'مشتری آزمون',
    mobile: '09121234567',
    username: `rotator${seq}`,
    email: `rotator${seq}@example.com`,
    password: 'right-pass-123',
    password_confirmation: 'right-pass-123',
  };
  expect((await server.api('/register', json({ ...p, captcha: await solvedCaptcha(server) }))).status).toBe(201);
  return { p, tokens: await passwordGrant(p.username) };
}
async function passwordGrant(username: string) {
  const res = await server.api('/oauth/token', json({ grant_type: 'password', client_id: '3', username, password: 'right-pass-123' }));
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

describe('refresh rotation', () => {
  it('20 parallel refreshes of one token: exactly one succeeds, and the replays revoke the family', async () => {
    const { p, tokens } = await signedIn();
    const other = await passwordGrant(p.username);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(tokens.refresh_token)));
    const won = answers.filter((a) => a.status === 200);
    console.info(`[refresh-rotation] 20 parallel refreshes of one token: ${won.length} succeeded`);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(19);
    // The 19 others presented a token that had been rotated: the whole family is revoked.
    expect(await isLive(won[0]!.body.access_token)).toBe(false);
    expect((await refresh(won[0]!.body.refresh_token)).status).toBe(401);
    expect(await isLive(tokens.access_token)).toBe(false);
    // Another sign-in of the same customer is another family and keeps working.
    expect(await isLive(other.access_token)).toBe(true);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it("a stolen token replayed after the owner refreshed revokes the owner's new pair too", async () => {
    const { tokens } = await signedIn();
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
    expect(await isLive(second.body.access_token)).toBe(true);
    // The thief replays the first token (rotated twice ago).
    const replay = await refresh(tokens.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('The refresh token is invalid.');
    expect(await isLive(second.body.access_token)).toBe(false);
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
  });

  it('the website refresh (cookies) rotates once and refuses the old cookie afterwards', async () => {
    const { p } = await signedIn();
    const login = await server.api('/auth/login', json({ username: p.username, password: p.password }, { origin: server.url }));
    expect(login.status).toBe(200);
    const jar = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /qateh_csrf=([^;]+)/.exec(jar)![1]!;
    const call = () => server.api('/auth/refresh', json({}, { cookie: jar, 'x-csrf-token': csrf, origin: server.url }));
    const answers = await Promise.all(Array.from({ length: 10 }, call));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(9);
  });
});
