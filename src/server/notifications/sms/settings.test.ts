import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import { smsEndpoint, smsMode, smsStandinEnabled, STANDIN_API_KEY } from './settings';

describe('where SMS go', () => {
  const cases: [env: Record<string, string>, mode: string, standinMounted: boolean, baseUrl: string | null][] = [
    [{ NODE_ENV: 'development' }, 'standin', true, 'http://127.0.0.1:4321/sandbox/kavenegar/v1/'],
    [{ NODE_ENV: 'test' }, 'standin', true, 'http://127.0.0.1:4321/sandbox/kavenegar/v1/'],
    [{ NODE_ENV: 'production' }, 'off', false, null],
    [{ NODE_ENV: 'production', KAVENEGAR_API_KEY: 'real-key' }, 'provider', false, 'https://api.kavenegar.com/v1/'],
    [
      { NODE_ENV: 'development', KAVENEGAR_API_KEY: 'real-key', KAVENEGAR_API_URL: 'https://sms.example/v1/' },
      'provider',
      true,
      'https://sms.example/v1/',
    ],
  ];
  it.each(cases)('%j → %s (stand-in mounted: %s)', (env, mode, mounted, baseUrl) => {
    // Production's own checks (secrets, store details) are not what this table is about: its settings are built directly.
    const { NODE_ENV, ...rest } = env;
    const config: Config = { ...loadConfig({ NODE_ENV: 'test', ...rest }), NODE_ENV: NODE_ENV as Config['NODE_ENV'] };
    expect(smsMode(config)).toBe(mode);
    expect(smsStandinEnabled(config)).toBe(mounted);
    const endpoint = smsEndpoint(config, 'http://127.0.0.1:4321');
    expect(endpoint?.baseUrl ?? null).toBe(baseUrl);
    if (mode === 'standin') expect(endpoint?.apiKey).toBe(STANDIN_API_KEY);
    if (mode === 'provider') expect(endpoint?.apiKey).toBe('real-key');
  });

  it('refuses a store mobile that is not 09xxxxxxxxx', () => {
    expect(() => loadConfig({ STORE_ALERT_MOBILE: '+98 912 000 0000' })).toThrow(/STORE_ALERT_MOBILE/);
  });
});
