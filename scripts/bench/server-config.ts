import { loadConfig, type Config } from '../../src/server/config';

/** A benchmark's server: loopback on a free port, no demo data, no search rate limit in the way; `env` on top. */
export function benchServerConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: '0', SEARCH_RATE_LIMIT: '1000000000', ...env });
}
