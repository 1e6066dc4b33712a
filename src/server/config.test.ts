import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('starts with defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(4321);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.STORE_PHONES.length).toBeGreaterThan(0);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(4321);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_BASE_URL: 'not a url' }, 'PUBLIC_BASE_URL'],
    [{ STORE_EMAIL: 'nobody' }, 'STORE_EMAIL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ SEARCH_RATE_LIMIT: '-1' }, 'SEARCH_RATE_LIMIT'],
  ])('names the bad variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('reads lists and switches', () => {
    const config = loadConfig({ STORE_PHONES: '021-1, 021-2 ,', SEED_DEMO: '0', TRUST_PROXY: 'true' });
    expect(config.STORE_PHONES).toEqual(['021-1', '021-2']);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.TRUST_PROXY).toEqual({ hops: 1 });
  });
});
