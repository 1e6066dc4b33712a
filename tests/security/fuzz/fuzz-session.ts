/** A real server over a fresh database with the shared catalogue, a signed-in customer and staff member: what the fuzzer runs against. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_STAFF, ensureStaffAccount } from '../../../src/server/seed/staff';
import { startTestServer, type TestServer } from '../../support/server';
import type { OpenApiDocument } from './api-fuzzer';
import { solvedCaptcha } from '../../support/captcha';

export interface FuzzSession {
  server: TestServer;
  doc: OpenApiDocument;
  tokens: { customer: string; staff: string };
  stop(): Promise<void>;
}

async function token(server: TestServer, username: string, password: string): Promise<string> {
  const res = await server.api('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 3, username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

export async function startFuzzSession(): Promise<FuzzSession> {
  // Mails of sign-ups and forms go to an outbox of the run's own, removed afterwards.
  const dataDir = mkdtempSync(join(tmpdir(), 'qateh-fuzz-'));
  const server = await startTestServer({ env: { DATA_DIR: dataDir, LOGIN_CAPTCHA_AFTER: '1000000', LOGIN_SLOW_AFTER: '1000000' } });
  const password = 'secret-pass-1';
  const reg = await server.api('/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'فازر',
      mobile: '09121234567',
      username: 'fuzzer',
      email: 'fuzzer@example.com',
      password,
      password_confirmation: password,
      captcha: await solvedCaptcha(server),
    }),
  });
  if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  await ensureStaffAccount(server.database.db);
  const tokens = {
    customer: await token(server, 'fuzzer', password),
    staff: await token(server, DEMO_STAFF.username, DEMO_STAFF.password),
  };
  const doc = (await server.api('/openapi.json')).body as OpenApiDocument;
  return {
    server,
    doc,
    tokens,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
