import { createServer } from 'node:net';
import { ofetch } from 'ofetch';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { startServer, type RunningServer } from '../../src/server/server';
import { freshDatabase } from './database';

export { readSharedCatalogue, SHARED_DATA } from './shared-catalogue';

export interface TestServer extends RunningServer {
  database: Database;
  /** Raw fetch against the API base: `api('/categories')`. Never throws on HTTP errors. */
  api(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/** A loopback port nobody listens on right now (the OS picks it; we close at once and hand it over). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * PORT and PUBLIC_BASE_URL of one test server: payment callbacks and mail links are built from
 * PUBLIC_BASE_URL (never from a request's Host), so it must name the port the server listens on.
 * A test that sets PUBLIC_BASE_URL itself keeps it (and an ephemeral port).
 */
export async function ownAddressEnv(env: Record<string, string> = {}): Promise<Record<string, string>> {
  if (env.PUBLIC_BASE_URL) return { PORT: '0' };
  const port = await freePort();
  return { PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` };
}

/** The real server on a free loopback port over a fresh database, with the shared catalogue imported. */
export async function startTestServer(opts: { catalogue?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const database = await freshDatabase({ catalogue: opts.catalogue !== false });
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    ...(await ownAddressEnv(opts.env)),
    SEED_DEMO: '0',
    SEARCH_RATE_LIMIT: '100000',
    BOM_UPLOAD_RATE_LIMIT: '100000',
    GUEST_WRITE_RATE_LIMIT: '100000',
    // Cheap proofs of work: tests solve the real captcha on every guarded form.
    CAPTCHA_MAX_NUMBER: '2000',
    ...opts.env,
  });
  const server = await startServer(config, database);
  const base = `${server.url}/api/site/v1`;
  return {
    ...server,
    database,
    async api(path, init) {
      const res = await fetch(base + path, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, body, headers: res.headers };
    },
    async stop() {
      await server.close();
      await database.close();
    },
  };
}

export { ofetch };
