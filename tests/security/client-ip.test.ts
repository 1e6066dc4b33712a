/**
 * The client address behind a proxy, through the real server and the search rate limit: an attacker
 * who writes a different left-most X-Forwarded-For entry on every request is still one address (the
 * one the proxy appended), so the limit holds; another real client behind the same proxy is not
 * blocked by it. Checked with TRUST_PROXY as a hop count and as a list of proxy addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

const LIMIT = 3;
const settings = { hops: '1', list: '127.0.0.1,::1' } as const;
const servers: Partial<Record<keyof typeof settings, TestServer>> = {};

beforeAll(async () => {
  for (const [name, trust] of Object.entries(settings)) {
    servers[name as keyof typeof settings] = await startTestServer({
      catalogue: false,
      env: { TRUST_PROXY: trust, SEARCH_RATE_LIMIT: String(LIMIT), SEARCH_RATE_WINDOW_SECONDS: '600' },
    });
  }
}, 300_000);
afterAll(async () => {
  for (const s of Object.values(servers)) await s?.stop();
});

const suggest = (server: TestServer, forwardedFor: string) =>
  server.api('/suggestion?filter_searchPart=lm358', { headers: { 'x-forwarded-for': forwardedFor } });

describe.each(Object.keys(settings) as (keyof typeof settings)[])('TRUST_PROXY as %s', (name) => {
  it('does not let a forged left-most entry escape the rate limit', async () => {
    const server = servers[name]!;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await suggest(server, `10.66.${i}.${i + 1}, 203.0.113.50`)).status);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual(Array(10 - LIMIT).fill(429));

    // Another shopper behind the same proxy has an allowance of their own.
    expect((await suggest(server, '10.66.0.1, 198.51.100.9')).status).toBe(200);
  });
});
