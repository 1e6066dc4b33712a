/**
 * Body size limits on the real server: a body declared or streamed past 1 MB is refused with 413 and a
 * Persian message before it is read (the server answers after the first bytes of a 200 MB upload), and
 * nothing is written; the parts-list upload keeps its own 5 MB limit from the same table.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { BODY_TOO_LARGE_MESSAGE, DEFAULT_BODY_LIMIT, UPLOAD_BODY_LIMITS } from '../../src/server/http/body-limits';
import { BOM_MESSAGES } from '../../src/server/services/bom/bom-errors';
import { startTestServer, type TestServer } from '../support/server';
import { rawRequest } from './raw-http';
import { solvedCaptcha } from '../support/captcha';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ catalogue: false });
}, 300_000);
afterAll(async () => server?.stop());

const API = '/api/site/v1';
const MB = 1024 * 1024;

/** A sign-up whose name field is padded to `bytes`: valid JSON, so only its size can refuse it. */
function paddedSignUp(username: string, bytes: number, captcha = ''): string {
  const body = {
    name: 'x',
    mobile: '09121234567',
    username,
    email: `${username}@example.com`,
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
    captcha,
    pad: '',
  };
  body.pad = 'a'.repeat(Math.max(0, bytes - JSON.stringify(body).length));
  return JSON.stringify(body);
}

const userExists = async (username: string) =>
  (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username))).length > 0;

describe('request body limits', () => {
  it('answers a declared 200 MB JSON body with 413 after reading almost none of it', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      `${API}/register`,
      { 'content-type': 'application/json', 'content-length': String(200 * MB) },
      async (send) => {
        const chunk = Buffer.alloc(64 * 1024, 'a');
        await send('{"name":"');
        // Keep sending until the server answers; it must answer long before 200 MB.
        for (let i = 0; i < 3200; i++) if (!(await send(chunk))) break;
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ status: 413, message: BODY_TOO_LARGE_MESSAGE });
    expect(answer.body).toMatch(/مگابایت/);
    expect(answer.bytesWritten).toBeLessThan(20 * MB);
  });

  it('cuts off a streamed (chunked) body once it passes 1 MB, and writes nothing', async () => {
    const body = paddedSignUp('chunked1', 2 * MB);
    const answer = await rawRequest(
      server.url,
      'POST',
      `${API}/register`,
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      async (send) => {
        for (let at = 0; at < body.length; at += 32 * 1024) if (!(await send(body.slice(at, at + 32 * 1024)))) break;
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(BODY_TOO_LARGE_MESSAGE);
    expect(await userExists('chunked1')).toBe(false);
  });

  it('reads a body just under the limit as usual', async () => {
    const res = await server.api('/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: paddedSignUp('under1', DEFAULT_BODY_LIMIT - 1024, await solvedCaptcha(server)),
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(await userExists('under1')).toBe(true);
  });

  it('refuses a form body past the limit too', async () => {
    const form = new URLSearchParams({ email: 'a@example.com', pad: 'x'.repeat(DEFAULT_BODY_LIMIT + 10) });
    const res = await server.api('/newsletters', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(BODY_TOO_LARGE_MESSAGE);
  });

  it('lets a parts-list upload past 1 MB through and refuses one past its own 5 MB with its own message', async () => {
    expect(UPLOAD_BODY_LIMITS['/SaveCustomerFile']!.maxBytes).toBeGreaterThan(5 * MB);
    const biggish = new FormData();
    biggish.append(
      'newFile',
      new Blob([`Part Number,Qty,Description\nLM358P,2,${'d'.repeat(1.5 * MB)}\n`], { type: 'text/csv' }),
      'parts.csv',
    );
    const ok = await server.api('/SaveCustomerFile', { method: 'POST', body: biggish });
    expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).not.toBe(413);
    expect(ok.status).toBeLessThan(500);

    const answer = await rawRequest(
      server.url,
      'POST',
      `${API}/SaveCustomerFile`,
      { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(6 * MB) },
      async (send) => {
        await send('--x\r\n');
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(BOM_MESSAGES.tooLarge);
  });
});
