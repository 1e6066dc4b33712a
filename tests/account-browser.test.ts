/**
 * The account area in a real Chromium against a real (tiny) static build served beside the API:
 * sign-up → verification link from the outbox → sign-in → profile → address picked on the map →
 * sign-out; forgot password → reset → sign-in; guests sent to sign-in and back; after a few wrong
 * passwords the sign-in form shows the captcha and the owner signs in with it; the dashboard's resend.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillLive, signIn, startBrowserShop, type BrowserShop } from './support/browser';
import { solvedCaptcha } from './support/captcha';
import { linkFromOutbox, readOutbox } from './support/outbox';
import { pageExists } from './support/site-files';

let shop: BrowserShop;

beforeAll(async () => {
  // Tiles point at a closed local port: the map must still record clicks without them.
  shop = await startBrowserShop({
    env: { MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png', LOGIN_DELAY_MS: '50', CAPTCHA_MAX_NUMBER: '5000' },
  });
}, 900_000);

afterAll(async () => {
  await shop?.close();
});

const newPage = (): Promise<Page> => shop.newPage();
const url = (path: string) => shop.url(path);

describe('account pages', () => {
  it('are built for every language, with the dynamic ones served from one page', async () => {
    for (const page of [
      'account/login',
      'account/register',
      'account/signin',
      'account/signup',
      'account/dashboard',
      'account/profile',
      'account/password',
      'account/addresses',
      'account/addresses/create',
      'account/forgot-password',
      'account/logout',
      'email/verify',
      'email/error',
      'password/reset',
    ]) {
      expect(pageExists(shop.outDir, page), page).toBe(true);
      expect(pageExists(shop.outDir, `en/${page}`), `en/${page}`).toBe(true);
    }
    for (const path of ['/account/addresses/12', '/email/verify/ali', '/password/reset/abc', '/en/account/addresses/3']) {
      expect((await fetch(url(path))).status, path).toBe(200);
    }
    expect((await fetch(url('/account/nothing-here'))).status).toBe(404);
    const html = await (await fetch(url('/account/login'))).text();
    expect(html).toContain('name="robots" content="noindex"');
    // Until the island is live the form cannot be sent as a plain GET with the password in the URL.
    expect(html).toMatch(/<button class="button" type="submit" disabled="">/);
    const page = await newPage();
    await page.goto(url('/account/login?registered=1'));
    // The first page of the file: its island's code is fetched and compiled before it hydrates.
    await expect.poll(() => page.locator('form.account-form button[type=submit]').isEnabled(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('[role=status]').textContent(), { timeout: 15_000 }).toBeTruthy();
    await page.context().close();
  });

  it('sign-up → verify from the outbox → sign-in → profile → address on the map → sign-out', async () => {
    const page = await newPage();
    await page.goto(url('/account/register'));
    // The browser-side check names every empty required field under the spec's summary header.
    await page.click('form.account-form button[type=submit]');
    await expect.poll(() => page.locator('main [role=alert]').textContent()).toContain('لطفاً خطاهای زیر را اصلاح کنید:');
    expect(await page.locator('.account-field__error').first().textContent()).toBe('لطفاً این فیلد را پر کنید');

    await fillLive(page, '#f-name', 'سارا احمدی');
    await fillLive(page, '#f-mobile', '۰۹۳۵۱۲۳۴۵۶۷');
    await fillLive(page, '#f-username', 'sara.a');
    await fillLive(page, '#f-email', 'sara@example.com');
    await fillLive(page, '#f-password', 'sara-pass-123');
    await fillLive(page, '#f-password_confirmation', 'sara-pass-000');
    await page.click('form.account-form button[type=submit]');
    // The server's 422 comes back field by field.
    await expect.poll(() => page.locator('#f-password_confirmation-error').textContent()).toBe('تکرار رمز عبور با رمز عبور یکسان نیست.');
    await fillLive(page, '#f-password_confirmation', 'sara-pass-123');
    await page.click('form.account-form button[type=submit]');
    await page.waitForURL('**/account/login?registered=1');

    const link = await linkFromOutbox(shop.dataDir, 'sara@example.com', '/email/verify/');
    await page.goto(url(link.pathname + link.search));
    await expect.poll(() => page.locator('[role=status]').textContent()).toBe('ایمیل شما تأیید شد.');

    await page.goto(url('/account/login'));
    await signIn(page, 'sara.a', 'wrong-pass-000');
    await expect.poll(() => page.locator('main [role=alert]').textContent()).toBe('نام کاربری یا رمز عبور نادرست است.');
    await signIn(page, 'sara.a', 'sara-pass-123');
    await page.waitForURL('**/account/dashboard');
    await expect.poll(() => page.locator('[data-field=name]').textContent()).toBe('سارا احمدی');
    // Tokens are out of reach of page scripts.
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/qateh_at|qateh_rt/);

    // The header's account menu knows the customer.
    await page.locator('.account-menu[data-ready] > button').click();
    await expect.poll(() => page.locator('.account-menu__who').textContent()).toContain('sara.a');
    expect(await page.locator('.account-menu__panel a').allTextContents()).toEqual([
      'داشبورد',
      'پیش‌فاکتورها',
      'فاکتورها',
      'بایگانی',
      'ویرایش پروفایل',
      'نشانی‌ها',
      'خروج',
    ]);

    await page.goto(url('/account/profile'));
    await page.waitForSelector('#f-name');
    await fillLive(page, '#f-name', 'سارا احمدی‌نژاد');
    await fillLive(page, '#f-company_name', 'الكترونيك سارا');
    await page.click('form.account-form button[type=submit]');
    await expect.poll(() => page.locator('[role=status]').textContent()).toBe('ذخیره شد.');

    await page.goto(url('/account/addresses/create'));
    await page.waitForSelector('#f-name');
    await fillLive(page, '#f-name', 'خانه');
    await fillLive(page, '#f-postCode', '1314567891');
    await fillLive(page, '#f-address', 'تهران، خیابان آزادی، پلاک ۱۰');
    await page.selectOption('#f-province_id', { label: 'تهران' });
    await expect.poll(() => page.locator('#f-city_id option').count()).toBeGreaterThan(10);
    await page.selectOption('#f-city_id', { label: 'تهران' });
    await page.waitForSelector('.address-map.leaflet-container');
    await page.click('[data-testid=address-map]', { position: { x: 200, y: 120 } });
    await expect.poll(() => page.locator('[data-testid=map-point]').textContent()).toMatch(/۳۵[.٫]/);
    await page.click('form.account-form button[type=submit]');
    await page.waitForURL('**/account/addresses');
    await expect.poll(() => page.locator('.address-card').count()).toBe(1);
    expect(await page.locator('.address-card__badge').textContent()).toBe('پیش‌فرض');
    const saved = await page.evaluate(
      async () => (await (await fetch('/api/site/v1/dashboard/address')).json()) as { data: { latitude: number; longitude: number }[] },
    );
    expect(saved.data[0]!.latitude).toBeGreaterThan(35);
    expect(saved.data[0]!.longitude).toBeGreaterThan(50);

    const me = await page.evaluate(
      async () => (await (await fetch('/api/site/v1/getUser')).json()) as { data: { name: string; company_name: string } },
    );
    expect(me.data).toMatchObject({ name: 'سارا احمدی‌نژاد', company_name: 'الکترونیک سارا' });

    await page.locator('.account-menu[data-ready] > button').click();
    await page.click('.account-menu__panel a:has-text("خروج")');
    await page.waitForURL(url('/'));
    expect(await page.evaluate(async () => (await fetch('/api/site/v1/getUser')).status)).toBe(401);
    await page.locator('.account-menu[data-ready] > button').click();
    await expect.poll(() => page.locator('.account-menu__who').textContent()).toContain('کاربر مهمان');
    await page.context().close();
  });

  it('forgot password → reset link → sign-in with the new password', async () => {
    const res = await fetch(url('/api/site/v1/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Reza',
        mobile: '09121234567',
        username: 'reza',
        email: 'reza@example.com',
        password: 'old-pass-123',
        password_confirmation: 'old-pass-123',
        captcha: await solvedCaptcha(shop),
      }),
    });
    expect(res.status).toBe(201);
    const page = await newPage();
    await page.goto(url('/en/account/forgot-password'));
    await fillLive(page, '#f-email', 'reza@example.com');
    await page.click('form.account-form button[type=submit]');
    await expect.poll(() => page.locator('[role=status]').textContent()).toBe('Email Sent');
    const link = await linkFromOutbox(shop.dataDir, 'reza@example.com', '/password/reset/');
    expect(link.pathname.startsWith('/en/password/reset/')).toBe(true);
    await page.goto(url(link.pathname));
    await fillLive(page, '#f-password', 'new-pass-456');
    await fillLive(page, '#f-password_confirmation', 'new-pass-456');
    await page.click('form.account-form button[type=submit]');
    await page.waitForURL('**/en/account/login?reset=1');
    await signIn(page, 'reza', 'old-pass-123');
    await expect.poll(() => page.locator('main [role=alert]').textContent()).toBe('Username/password is invalid.');
    await signIn(page, 'reza', 'new-pass-456');
    await page.waitForURL('**/en/account/dashboard');
    // The used link is dead.
    await page.goto(url(link.pathname));
    await fillLive(page, '#f-password', 'third-pass-789');
    await fillLive(page, '#f-password_confirmation', 'third-pass-789');
    await page.click('form.account-form button[type=submit]');
    await expect.poll(() => page.locator('main [role=alert]').textContent()).toContain('Please correct the following error(s):');
    await page.context().close();
  });

  it('a guest opening a customer page signs in and comes back to it', async () => {
    const page = await newPage();
    await page.goto(url('/account/password'));
    await page.waitForURL('**/account/login?return=%2Faccount%2Fpassword');
    await signIn(page, 'reza', 'new-pass-456');
    await page.waitForURL(url('/account/password'));
    await page.waitForSelector('#f-current_password');
    await page.goto(url('/account/addresses/999999'));
    await expect.poll(() => page.locator('.account-main').textContent()).toContain('پیدا نشد!');
    await page.context().close();
  });

  it('after a few wrong passwords the form shows the captcha; the owner solves it and signs in; the dashboard resends the mail by POST', async () => {
    const res = await fetch(url('/api/site/v1/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Mina',
        mobile: '09121234567',
        username: 'mina',
        email: 'mina@example.com',
        password: 'mina-pass-123',
        password_confirmation: 'mina-pass-123',
        captcha: await solvedCaptcha(shop),
      }),
    });
    expect(res.status).toBe(201);
    const page = await newPage();
    await page.goto(url('/account/login'));
    // A stranger's guesses (LOGIN_CAPTCHA_AFTER is 5): no captcha yet, then the form asks for it.
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/auth/login'));
      await signIn(page, 'mina@example.com', `guess-${i}-000`);
      expect((await answered).status()).toBe(401);
      await expect.poll(() => page.locator('main [role=alert]').textContent()).toBe('نام کاربری یا رمز عبور نادرست است.');
      if (i < 4) expect(await page.locator('[data-testid=captcha-check]').count()).toBe(0);
    }
    await page.waitForSelector('[data-testid=captcha-check]:enabled');
    // From here on challenges arrive late: the dashboard's button is pressed before its challenge is
    // there, and the proof of work must wait for it instead of saying the captcha is not confirmed.
    await page.route('**/captcha/challenge', async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    // Typing into the form starts the proof of work; the sign-in waits for it and carries the answer.
    const sent = page.waitForRequest((r) => r.url().endsWith('/auth/login'));
    await signIn(page, 'mina', 'mina-pass-123');
    expect((await sent).postDataJSON().captcha).toBeTruthy();
    await page.waitForURL('**/account/dashboard');

    const mails = () => readOutbox(shop.dataDir).filter((m) => m.to.includes('mina@example.com')).length;
    const before = mails();
    await page.click('.account-dashboard button.linklike');
    await expect.poll(() => page.locator('.account-dashboard [role=status]').textContent()).toContain('ایمیل فرستاده شد.');
    expect(mails()).toBe(before + 1);
    await page.context().close();
  }, 120_000);
});
