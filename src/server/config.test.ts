import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SET_IN_PRODUCTION } from './config';

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
    [{ WEB_PROCESSES: '0' }, 'WEB_PROCESSES'],
    [{ WEB_PROCESSES: 'many' }, 'WEB_PROCESSES'],
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

  it('runs several server processes only on PostgreSQL, `auto` being one per core', () => {
    const postgres = 'postgres://shop@127.0.0.1/shop';
    expect(loadConfig({}).WEB_PROCESSES).toBe(1);
    expect(loadConfig({ WEB_PROCESSES: '3', DATABASE_URL: postgres }).WEB_PROCESSES).toBe(3);
    expect(loadConfig({ WEB_PROCESSES: 'auto', DATABASE_URL: postgres }).WEB_PROCESSES).toBe(availableParallelism());
    // PGlite's data folder belongs to one process: a second one would be refused at start, or worse.
    expect(() => loadConfig({ WEB_PROCESSES: '2' })).toThrow(/WEB_PROCESSES: 2 server processes need PostgreSQL \(DATABASE_URL\)/);
    expect(loadConfig({ WEB_PROCESSES: '1' }).WEB_PROCESSES).toBe(1);
  });
});

/** A production shop's own settings: every variable production insists on, none at its demo value. */
const GOOD_PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_BASE_URL: 'https://shop.example.ir',
  CAPTCHA_HMAC_KEY: 'f3b1c0de9a8e4b7c6d5e4f3a2b1c0d9e8f7a6b5c',
  CSRF_SECRET: '0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b',
  SMTP_URL: 'smtp://mail.example.ir:587',
  MAIL_FROM: 'Shop <no-reply@shop.example.ir>',
  STORE_ADDRESS_FA: 'تبریز، خیابان امام، پلاک ۳',
  STORE_ADDRESS_EN: '3 Imam St., Tabriz',
  STORE_EMAIL: 'info@shop.example.ir',
  STORE_PHONES: '041-33334444',
  STORE_MOBILE: '0914-111-2233',
  HELP_FILES_BASE_URL: 'https://shop.example.ir/help',
  BANK_ACCOUNT_HOLDER: 'فروشگاه نمونه',
  BANK_NAME: 'بانک ملت',
  BANK_ACCOUNT_NUMBER: '5566778899',
  BANK_CARD_NUMBER: '6104-3377-0000-1111',
  BANK_SHEBA: 'IR450120000000005566778899',
};

describe('production (NODE_ENV=production)', () => {
  it("starts with the shop's own settings: sandbox off, no demo seeding, no demo links", () => {
    const config = loadConfig(GOOD_PRODUCTION_ENV);
    expect(config.PAYMENT_SANDBOX).toBe(false);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.SOCIAL_MESSENGER_URL).toBeUndefined();
    expect(config.SOCIAL_INSTAGRAM_URL).toBeUndefined();
    expect(config.PCB_ORDER_URL).toBeUndefined();
    expect(loadConfig({ ...GOOD_PRODUCTION_ENV, SOCIAL_INSTAGRAM_URL: 'https://instagram.com/shop' }).SOCIAL_INSTAGRAM_URL).toBe(
      'https://instagram.com/shop',
    );
  });

  it('turns the sandbox on only when asked for by name', () => {
    expect(loadConfig({ ...GOOD_PRODUCTION_ENV, PAYMENT_SANDBOX: '1' }).PAYMENT_SANDBOX).toBe(true);
  });

  it.each(SET_IN_PRODUCTION)('refuses without %s, naming it', (name) => {
    const env = { ...GOOD_PRODUCTION_ENV };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}: must be set in production`));
  });

  const withDemoValue = SET_IN_PRODUCTION.filter((name) => loadConfig({})[name] !== undefined);
  it.each(withDemoValue)('refuses %s set to its development default, naming it', (name) => {
    const demo = loadConfig({})[name];
    const env = { ...GOOD_PRODUCTION_ENV, [name]: Array.isArray(demo) ? demo.join(',') : String(demo) };
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}: must not be the development default`));
  });

  it('names every missing variable at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of SET_IN_PRODUCTION) expect(message).toContain(name);
  });

  it.each([
    ['ZARINPAL_MERCHANT_ID', '00000000-1111-2222-3333-444444444444'],
    ['SADAD_KEY', 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYX'],
  ])("refuses the sandbox's test credential in %s", (name, value) => {
    expect(() => loadConfig({ ...GOOD_PRODUCTION_ENV, [name]: value })).toThrow(
      new RegExp(`\\b${name}: is the payment sandbox's test credential`),
    );
  });

  it('refuses demo seeding', () => {
    expect(() => loadConfig({ ...GOOD_PRODUCTION_ENV, SEED_DEMO: '1' })).toThrow(/\bSEED_DEMO\b/);
    expect(loadConfig({ ...GOOD_PRODUCTION_ENV, SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('leaves development and tests on their defaults', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).CAPTCHA_HMAC_KEY).toBe('qateh-development-captcha-key');
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({}).PAYMENT_SANDBOX).toBeUndefined();
  });
});
