/**
 * The /fa prefix redirect never leads off the site: repeated slashes, backslashes (read as slashes
 * by browsers) and their encoded forms after /fa/ stay paths of this shop. Sent byte for byte, as an
 * attacker's link would arrive.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { startServer, type RunningServer } from '../../src/server/server';
import { freshDatabase } from '../support/database';
import { rawRequest } from './raw-http';

let database: Database;
let server: RunningServer;
let siteDir: string;
beforeAll(async () => {
  siteDir = mkdtempSync(join(tmpdir(), 'qateh-site-'));
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(siteDir, '404.html'), '<!doctype html><title>404</title>');
  database = await freshDatabase();
  server = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0' }), database, { siteDir });
}, 300_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
  rmSync(siteDir, { recursive: true, force: true });
});

const SHOP = 'https://shop.example';

describe('/fa redirects', () => {
  it.each([
    ['/fa//evil.example/x', '/evil.example/x'],
    ['/fa///evil.example/x?y=1', '/evil.example/x?y=1'],
    ['/fa/\\evil.example', '/evil.example'],
    ['/fa/\\\\evil.example/x', '/evil.example/x'],
    ['/fa/\\/evil.example', '/evil.example'],
    ['/fa/%2F%2Fevil.example', null],
    ['/fa/%5C%5Cevil.example', null],
    ['/fa%2F%2Fevil.example', null],
    ['/fa/shop/catalog', '/shop/catalog'],
    ['/fa', '/'],
  ])('%s stays on the site', async (path, expected) => {
    const answer = await rawRequest(server.url, 'GET', path, { host: 'shop.example' });
    if (answer.status !== 301) {
      // Encoded slashes may simply find no page, and Node's HTTP parser refuses a raw backslash
      // (browsers send it as a slash, the cases above): either way nothing redirects anywhere.
      expect(answer.status, `${answer.status} for ${path}`).toBe(path.includes('\\') ? 400 : 404);
      if (answer.status === 404) expect(expected).toBeNull();
      return;
    }
    const location = String(answer.headers.location);
    expect(location.startsWith('/')).toBe(true);
    expect(location).not.toMatch(/^[/\\]{2}/);
    expect(new URL(location, SHOP).host).toBe('shop.example');
    if (expected) expect(location).toBe(expected);
  });
});
