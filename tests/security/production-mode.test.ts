/**
 * NODE_ENV=production is a real shop. The real start path (`node --import tsx scripts/start.ts`, its
 * own process) refuses development secrets and a missing PUBLIC_BASE_URL, naming them; with a shop's
 * own settings it serves with no payment sandbox, no demo data and no staff account; the first staff
 * account comes from `npm run staff:create`; with PAYMENT_SANDBOX=1 on purpose every page says test
 * mode in its language (the site is built again because the configuration its pages show changed).
 * On PGlite by default, on a throw-away PostgreSQL database when DATABASE_URL is set. The catalogue is
 * empty (production writes no demo), so each build is the fixed pages only: about 20 s on an idle
 * machine, minutes when it is shared, hence the long time limits (nothing here is timed).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/browser';
import { emptyPostgresDatabase } from '../support/database';
import { runScript, startShopProcess, stopShopProcesses, type ShopProcess } from '../support/shop-process';

const SHOP_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLIC_BASE_URL: 'https://shop.example.ir',
  CAPTCHA_HMAC_KEY: '9c1e5a7b3d2f4e6a8b0c1d2e3f4a5b6c7d8e9f0a',
  CSRF_SECRET: '4d2c8e1f6a3b9d0e7c5a2f8b1e4d6c9a3f0b7e2d',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'Nemoone <no-reply@shop.example.ir>',
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
  SITE_UPDATE_SECONDS: '0',
};
const STAFF = { username: 'maryam', email: 'maryam@shop.example.ir', password: 'a long staff passphrase' };
const BANNER = { fa: 'حالت آزمایشی فروشگاه', en: 'Test mode' };

let work: string;
let env: Record<string, string>;
let dropPostgres: (() => Promise<void>) | undefined;
let shop: ShopProcess | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'qateh-production-'));
  env = { ...SHOP_ENV, DATA_DIR: join(work, 'data'), SITE_OUT_DIR: join(work, 'site') };
  if (process.env.DATABASE_URL) {
    const empty = await emptyPostgresDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = empty.url;
    dropPostgres = empty.drop;
  }
});

afterAll(async () => {
  await stopShopProcesses();
  await dropPostgres?.();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The shop's database, opened while no server holds it (PGlite is one process's). */
async function withDatabase<T>(read: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR!, 'pglite') });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}
const count = async (database: Database, query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);

async function get(path: string, init?: RequestInit) {
  const res = await fetch(shop!.url + path, { redirect: 'manual', ...init });
  return { status: res.status, text: await res.text() };
}

describe('NODE_ENV=production', () => {
  it('refuses to start with the development captcha key or without PUBLIC_BASE_URL, naming them, and touches nothing', async () => {
    const { PUBLIC_BASE_URL: _unset, ...withoutBaseUrl } = env;
    // Both refused starts at once: neither opens or writes anything (checked below), and each is
    // mostly a process loading its modules.
    const [run, demoBank] = await Promise.all([
      runScript('start.ts', [], { ...withoutBaseUrl, CAPTCHA_HMAC_KEY: 'qateh-development-captcha-key' }),
      // A demo bank account would take real customers' transfers: refused like a secret.
      runScript('start.ts', [], { ...env, BANK_SHEBA: '', BANK_CARD_NUMBER: '6037-9911-2233-4455' }),
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/PUBLIC_BASE_URL: must be set in production/);
    expect(run.stderr).toMatch(/CAPTCHA_HMAC_KEY: must not be the development default/);
    expect(run.stdout).not.toContain('Qateh is running');

    expect(demoBank.code).not.toBe(0);
    expect(demoBank.stderr).toMatch(/BANK_SHEBA: must be set in production/);
    expect(demoBank.stderr).toMatch(/BANK_CARD_NUMBER: must not be the development default/);

    // Refused before anything was opened or written.
    expect(existsSync(env.DATA_DIR!)).toBe(false);
    expect(existsSync(env.SITE_OUT_DIR!)).toBe(false);
    if (env.DATABASE_URL)
      expect(await withDatabase((d) => count(d, sql`select count(*) as n from pg_tables where schemaname = 'public'`))).toBe(0);
  }, 300_000);

  it("with the shop's own settings serves without the sandbox, demo data, staff account or test-mode banner", async () => {
    shop = await startShopProcess(env);
    expect(shop.output()).toContain('No staff account yet');
    expect(shop.output()).not.toContain('Demo data written');

    for (const path of ['/sandbox/zarinpal/pg/StartPay/A0000000000000000000000000000000001', '/sandbox/sadad/VPG/Purchase?Token=x']) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect(
      (
        await get('/sandbox/zarinpal/pg/v4/payment/request.json', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(404);

    expect(JSON.parse((await get('/api/site/v1/health')).text)).toMatchObject({ ok: true, testMode: false });
    const store = JSON.parse((await get('/api/site/v1/store')).text).data;
    expect(store).toMatchObject({
      email: 'info@shop.example.ir',
      phones: ['041-33334444'],
      testMode: false,
      social: { messenger: null, instagram: null },
      pcbOrderUrl: null,
    });
    for (const path of ['/', '/en', '/shop/checkout/success', '/shop/checkout/fail']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      // The banner's element; its class's style is in every page's inlined CSS.
      expect(page.text, path).not.toContain('data-test-mode');
    }

    expect(await shop.stop()).toBe(0);
    shop = undefined;
    await withDatabase(async (d) => {
      expect(await count(d, sql`select count(*) as n from products`)).toBe(0);
      expect(await count(d, sql`select count(*) as n from categories`)).toBe(0);
      expect(await count(d, sql`select count(*) as n from users`)).toBe(0);
    });
  }, 900_000);

  it('npm run staff:create makes the first staff account, the password read from standard input', async () => {
    const args = ['--', '--username', STAFF.username, '--email', STAFF.email, '--name', 'مریم احمدی', '--mobile', '09141112233'];
    // The two refusals at once: refused arguments open no database (the count below says so).
    const [short, missing] = await Promise.all([
      runScript('staff-create.ts', args, env, 'short\n'),
      runScript('staff-create.ts', ['--username', STAFF.username], env, `${STAFF.password}\n`),
    ]);
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/^password: /m);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email');
    expect(await withDatabase((d) => count(d, sql`select count(*) as n from users`))).toBe(0);

    const made = await runScript('staff-create.ts', args, env, `${STAFF.password}\n`);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Staff account ${STAFF.username} created`);
    // The password never appears in what the script prints.
    expect(made.stdout + made.stderr).not.toContain(STAFF.password);
    const again = await runScript('staff-create.ts', args, env, `${STAFF.password}\n`);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('--promote');
    expect(
      await withDatabase((d) => count(d, sql`select count(*) as n from users where role = 'staff' and username = ${STAFF.username}`)),
    ).toBe(1);
  }, 300_000);

  it('with PAYMENT_SANDBOX=1 on purpose every page says test mode in its language, and the sandbox answers', async () => {
    shop = await startShopProcess({ ...env, PAYMENT_SANDBOX: '1' });
    // The pages were built without the banner: another configuration builds them again.
    expect(shop.output()).toMatch(/rebuilt in full \(the configuration every page shows changed/);
    expect(shop.output()).toContain('TEST MODE');
    expect(JSON.parse((await get('/api/site/v1/store')).text).data.testMode).toBe(true);
    expect(JSON.parse((await get('/api/site/v1/health')).text)).toMatchObject({ ok: true, testMode: true });

    const pages: [string, number, 'fa' | 'en'][] = [
      ['/', 200, 'fa'],
      ['/en', 200, 'en'],
      ['/ru', 200, 'en'],
      ['/shop/cart', 200, 'fa'],
      ['/en/shop/checkout', 200, 'en'],
      ['/shop/checkout/success', 200, 'fa'],
      ['/en/shop/checkout/fail', 200, 'en'],
      ['/shop/receipt', 200, 'fa'],
      ['/account/login', 200, 'fa'],
      ['/staff', 200, 'fa'],
      ['/site/terms', 200, 'fa'],
      ['/no/such/page', 404, 'fa'],
      ['/en/no/such/page', 404, 'en'],
    ];
    for (const [path, status, lang] of pages) {
      const page = await get(path);
      expect(page.status, path).toBe(status);
      expect(page.text, path).toContain(`<strong id="test-mode-title">${BANNER[lang]}</strong>`);
    }
    // The sandbox's own payment page says so too (in both languages, as it always has).
    const request = await get('/sandbox/zarinpal/pg/v4/payment/request.json', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(request.status).not.toBe(404);

    // Seen by a shopper: a named landmark at the top of the page, on a phone and on a desktop.
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      for (const [path, lang, width] of [
        ['/', 'fa', 375],
        ['/en/shop/checkout/success', 'en', 1280],
      ] as const) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        await page.goto(shop.url + path);
        const banner = page.getByRole('complementary', { name: BANNER[lang] });
        await expect.poll(() => banner.isVisible()).toBe(true);
        const box = await banner.boundingBox();
        expect(box!.y).toBe(0);
        expect(box!.width).toBe(width);
        await page.close();
      }
    } finally {
      await browser.close();
    }

    // The staff account made by the script signs in and reaches the staff console's API.
    const token = await fetch(`${shop.url}/api/site/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 3, username: STAFF.username, password: STAFF.password }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    expect((await fetch(`${shop.url}/api/site/v1/staff/orders`, { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(
      200,
    );
  }, 900_000);
});
