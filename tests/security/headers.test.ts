/**
 * The security headers over real HTTP: Permissions-Policy on every answer, HSTS only on answers that
 * went out over https (a trusted proxy's X-Forwarded-Proto, or the public https address), the page
 * policy following the site's record of inline hashes (re-read when a build changes it, a site built
 * before the record read from its pages), an uploaded-looking SVG locked out of scripts, and the bank
 * sandbox's pages under their own policy with no inline event handler.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_HASHES_FILE } from '../../src/build/inline-hashes';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { autoPostPage } from '../../src/server/payments/sandbox/page';
import { startServer, type RunningServer } from '../../src/server/server';
import { freshDatabase } from '../support/database';

let database: Database;
const servers: RunningServer[] = [];
let siteDir: string;

async function serverWith(env: Record<string, string>, siteDirectory?: string): Promise<RunningServer> {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', ...env });
  const server = await startServer(config, database, siteDirectory ? { siteDir: siteDirectory } : {});
  servers.push(server);
  return server;
}

/** A GET with headers fetch() will not send (Host). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

beforeAll(async () => {
  database = await freshDatabase();
  siteDir = mkdtempSync(join(tmpdir(), 'qateh-headers-site-'));
  writeFileSync(
    join(siteDir, 'index.html'),
    '<!doctype html><title>t</title><script>window.a=1</script><script type="application/ld+json">{"a":1}</script><style>p{color:red}</style>',
  );
  writeFileSync(join(siteDir, '404.html'), '<!doctype html><title>404</title>');
  writeFileSync(join(siteDir, 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
}, 180_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  await database?.close();
  rmSync(siteDir, { recursive: true, force: true });
});

describe('Strict-Transport-Security', () => {
  it('never on plain http; on https behind a trusted proxy; an untrusted X-Forwarded-Proto is ignored', async () => {
    const plain = await serverWith({});
    const proxied = await serverWith({ TRUST_PROXY: '1' });
    const health = '/api/site/v1/health';
    expect((await get(plain.url + health)).headers['strict-transport-security']).toBeUndefined();
    expect((await get(plain.url + health, { 'X-Forwarded-Proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
    expect((await get(proxied.url + health, { 'X-Forwarded-Proto': 'https' })).headers['strict-transport-security']).toBe(
      'max-age=31536000',
    );
    expect((await get(proxied.url + health, { 'X-Forwarded-Proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
    expect((await get(proxied.url + health)).headers['strict-transport-security']).toBeUndefined();
  });

  it('with an https public address: on requests to that host, not on plain requests to the bare port', async () => {
    const server = await serverWith({ PUBLIC_BASE_URL: 'https://shop.example' });
    const health = `${server.url}/api/site/v1/health`;
    expect((await get(health, { Host: 'shop.example' })).headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await get(health)).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Permissions-Policy and Content-Security-Policy', () => {
  it('every answer refuses camera, microphone, geolocation, payment, usb…; JSON gets no page policy', async () => {
    const server = await serverWith({});
    const res = await get(`${server.url}/api/site/v1/health`);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(res.headers['permissions-policy']).toContain(`${feature}=()`);
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('an SVG opened by itself may run nothing', async () => {
    const server = await serverWith({}, siteDir);
    const res = await get(`${server.url}/drawing.svg`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none';/);
    expect(res.headers['content-security-policy']).not.toContain('script-src');
  });

  it("pages: the site's recorded hashes, re-read when a build rewrites the record", async () => {
    const server = await serverWith({}, siteDir);
    // A site built before builds recorded hashes: its pages are read once.
    let csp = String((await get(`${server.url}/`)).headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${hashOf('window.a=1')};`);
    expect(csp).not.toContain(hashOf('{"a":1}'));
    expect(csp).toContain(`style-src-elem 'self' ${hashOf('p{color:red}')};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);

    writeFileSync(join(siteDir, INLINE_HASHES_FILE), JSON.stringify({ scripts: ["'sha256-AAAA'"], styles: [] }));
    csp = String((await get(`${server.url}/`)).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'sha256-AAAA';");
    // The 404 page is a page too.
    expect(String((await get(`${server.url}/nothing-here`)).headers['content-security-policy'])).toContain("'sha256-AAAA'");
  });

  it("the sandbox's pages have their own policy; the return to the shop posts itself by a hashed script, not an onload attribute", async () => {
    const html = autoPostPage('/api/site/v1/callback_sadad', { token: 't' });
    expect(html).not.toMatch(/\son\w+=/);
    const server = await serverWith({ PAYMENT_SANDBOX: '1' });
    const res = await get(`${server.url}/sandbox/zarinpal/pg/StartPay/none`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none'/);
    expect(csp).toContain(hashOf('document.forms[0].submit()'));
    expect(csp).toContain("form-action 'self' http://localhost:4321");
  });
});
