/**
 * The parts-list tool and the site forms in a real Chromium over one small build (op-amps enabled):
 * top-bar link → upload dialog (empty submit closes it, a wrong file type is refused in place) → a
 * KiCad-style fixture for 5 boards → the result lists each line's status → picking an alternative →
 * "add chosen to cart" → the cart shows the lines; the unmatched part goes to the store once.
 * Footer newsletter: invalid address gives the validation list, a valid one (also twice) a toast.
 * Contact page: empty fields are named, then our ALTCHA widget solves the proof of work and the
 * message is stored and mailed.
 */
import { readFileSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers, products, resupplyRequests } from '../src/server/db/schema';
import { clickLive, fillLive, hydrated, signIn, startBrowserShop, type BrowserShop } from './support/browser';
import { readOutbox } from './support/outbox';
import type { TestServer } from './support/server';
import { newCustomer, type Customer } from './support/shop';

let shop: BrowserShop;
let customer: Customer;
const FIXTURE = 'opamp-board.csv';
const fixturePath = new URL(`./fixtures/bom/${FIXTURE}`, import.meta.url).pathname;

beforeAll(async () => {
  shop = await startBrowserShop({
    env: { CAPTCHA_MAX_NUMBER: '20000' },
    async prepare(database) {
      // Sold in tens: the 5 wanted are raised to 10, with a note on the line.
      await database.db.update(products).set({ minimumPurchase: 10 }).where(eq(products.partNumber, 'MCP6002-I/SN'));
    },
  });
  customer = await newCustomer({ api: shop.api, database: shop.database } as unknown as TestServer, 'bom');
}, 300_000);

afterAll(async () => {
  await shop?.close();
});

const url = (path: string) => shop.url(path);
const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

describe('parts-list upload', () => {
  it('top-bar link → dialog → result with statuses → pick an alternative → add to cart → send unmatched', async () => {
    const page = await shop.newPage();
    await page.goto(url('/account/login?return=%2F'));
    await signIn(page, customer.username, customer.password);
    await page.waitForURL(url('/'));

    await page.click('[data-testid=topbar-bom]');
    await page.waitForURL(url('/shop/customer/excel?upload=1'));
    const dialog = page.locator('[data-testid=bom-upload-dialog]');
    await dialog.waitFor();

    // Spec §5: submitting with no file just closes the dialog.
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'detached' });

    // A wrong type is refused before anything is sent, and the dialog stays open.
    await clickLive(page, '[data-testid=bom-open]');
    await dialog.locator('input[name=newFile]').setInputFiles({ name: 'parts.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect.poll(() => dialog.locator('[data-testid=bom-upload-error]').textContent()).toContain('xlsx');
    await dialog.locator('button[type=submit]').click();
    expect(page.url()).toBe(url('/shop/customer/excel?upload=1'));
    await expect.poll(() => dialog.locator('[data-testid=bom-upload-error]').isVisible()).toBe(true);

    // Over 5 MB: refused in place too.
    await dialog.locator('input[name=newFile]').setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(6 * 1024 * 1024, 65) });
    await expect.poll(() => dialog.locator('[data-testid=bom-upload-error]').textContent()).toMatch(/مگابایت/);
    // A file the server cannot use: its Persian reason appears in the dialog.
    await dialog.locator('input[name=newFile]').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('سلام\nاین فایل فقط یادداشت است\n') });
    await dialog.locator('button[type=submit]').click();
    await expect.poll(() => dialog.locator('[data-testid=bom-upload-error]').textContent()).toMatch(/هیچ شماره قطعه‌ای/);

    await dialog.locator('input[name=newFile]').setInputFiles({ name: FIXTURE, mimeType: 'text/csv', buffer: readFileSync(fixturePath) });
    expect(await dialog.locator('[data-testid=bom-upload-error]').count()).toBe(0);
    await dialog.locator('input[name=boardQty]').fill('5');
    await dialog.locator('button[type=submit]').click();
    await page.waitForURL(/\/shop\/customer\/excel\/[A-Za-z0-9_-]{32}$/);
    const resultUrl = page.url();

    await page.locator('[data-testid=bom-result]').waitFor();
    const statusOf = async (line: number) => page.locator(`tr[data-line="${line}"]`).getAttribute('data-status');
    expect(await Promise.all([2, 3, 4, 5, 6, 7].map(statusOf))).toEqual(['exact', 'family', 'exact', 'exact', 'unmatched', 'fuzzy']);
    expect(await texts(page, 'tr[data-line="3"] [data-testid=line-status]')).toEqual(['هم‌خانواده']);
    expect(await texts(page, 'tr[data-line="3"] [data-testid=chosen-pn]')).toEqual(['TL072CP']);
    expect(await page.locator('tr[data-line="2"] [data-testid=line-total]').textContent()).toMatch(/تومان/);
    expect(await page.locator('tr[data-line="5"]').textContent()).toMatch(/حداقل خرید/);
    expect(await page.locator('tr[data-line="6"]').textContent()).toMatch(/پیدا نشد/);

    // Pick the other TL072.
    const alternative = page.locator('tr[data-line="3"] select.bom-alternatives');
    const value = await alternative.locator('option', { hasText: 'TL072CN' }).getAttribute('value');
    await alternative.selectOption(value!);
    await expect.poll(() => page.locator('tr[data-line="3"] [data-testid=chosen-pn]').textContent()).toBe('TL072CN');

    await page.click('[data-testid=bom-add]');
    await expect.poll(() => page.locator('[data-testid=bom-notice]').textContent()).toMatch(/۵ ردیف به سبد خرید اضافه شد/);
    expect(await page.locator('tr[data-line="6"] [data-testid=line-outcome]').textContent()).toMatch(/پیدا نشد/);

    await page.goto(url('/shop/cart'));
    await page.locator('.cart-line').first().waitFor();
    const cart = (await texts(page, '.cart-line .pn')).map((s) => s.trim()).sort();
    expect(cart).toEqual(['AD620ANZ', 'LM358P', 'MCP6002-I/SN', 'NE5532P', 'TL072CN']);

    await page.goto(resultUrl);
    await clickLive(page, '[data-testid=bom-sourcing]');
    await expect.poll(() => page.locator('[data-testid=bom-notice]').textContent()).toMatch(/موفقیت/);
    const rows = await shop.database.db.select().from(resupplyRequests).where(like(resupplyRequests.description, '[BOM #%'));
    expect(rows.map((r) => [r.productName, r.number])).toEqual([['XC7Z020-1CLG400C', 5]]);

    // The upload page lists the customer's earlier parts lists.
    await page.goto(url('/shop/customer/excel'));
    const mine = page.locator('[data-testid=bom-mine] a', { hasText: FIXTURE });
    await mine.waitFor();
    expect(await mine.getAttribute('href')).toBe(new URL(resultUrl).pathname);
    await page.context().close();

    // A guest holding the link sees the result; adding to the cart sends them to sign in and back.
    const guest = await shop.newPage();
    await guest.goto(resultUrl);
    await clickLive(guest, '[data-testid=bom-add]');
    await guest.waitForURL(/\/account\/login\?return=/);
    expect(new URL(guest.url()).searchParams.get('return')).toBe(new URL(resultUrl).pathname);
    await guest.context().close();
  });
});

describe('site forms', () => {
  it('footer newsletter: an invalid address lists the error, a valid one (twice) shows the success toast', async () => {
    const page = await shop.newPage();
    await page.goto(url('/site/about-us'));
    await page.waitForLoadState('load');
    const form = page.locator('form[data-newsletter]');
    await form.locator('input[name=email]').fill('not-an-address@');
    await form.locator('button[type=submit]').click();
    const errors = form.locator('[data-errors]');
    await expect.poll(() => errors.textContent()).toMatch(/لطفاً خطاهای زیر را اصلاح کنید/);
    expect(await errors.locator('li').count()).toBe(1);

    for (let i = 0; i < 2; i++) {
      await form.locator('input[name=email]').fill('reader@example.com');
      await form.locator('button[type=submit]').click();
      await expect.poll(() => page.locator('.toast').allTextContents()).toContainEqual(expect.stringMatching(/خبرنامه با موفقیت ثبت شد/));
      expect(await errors.isVisible()).toBe(false);
      // Closed, so the second sign-up's toast is its own.
      for (const close of await page.locator('.toast button').all()) await close.click();
      await expect.poll(() => page.locator('.toast').count()).toBe(0);
    }
    const rows = await shop.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(rows).toHaveLength(1);
    await page.context().close();
  });

  it('contact form: empty fields are named; the ALTCHA widget proves the work and the message is stored and mailed', async () => {
    const page = await shop.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.goto(url('/site/contact-us'));
    await page.locator('[data-testid=contact-form]').scrollIntoViewIfNeeded();
    await hydrated(page, '#contact-name');
    await page.click('[data-testid=contact-form] button[type=submit]');
    await expect.poll(() => page.locator('[data-testid=contact-errors] li').count()).toBe(4);
    expect(await page.locator('[data-testid=contact-errors]').textContent()).toMatch(/لطفاً این فیلد را پر کنید/);

    await fillLive(page, '#contact-name', 'سارا احمدی');
    await page.fill('#contact-email', 'sara@example.com');
    await page.fill('#contact-subject', 'استعلام OPA2134PA');
    await page.fill('#contact-comment', 'سلام؛ ۲۰ عدد از این آی‌سی موجود دارید؟');
    // Filling the form started the proof of work; the box ticks itself once solved.
    await page.locator('.captcha[data-state=verified]').waitFor({ timeout: 60_000 });
    expect(fetched.some((u) => /altcha\.worker/.test(u)), 'solved in a Web Worker').toBe(true);
    const storeMails = () => readOutbox(shop.dataDir).filter((m) => m.to.includes('support@qateh.example')).length;
    const mailsBefore = storeMails();
    await page.click('[data-testid=contact-form] button[type=submit]');
    await expect.poll(() => page.locator('[data-testid=contact-sent]').textContent()).toMatch(/موفقیت/);

    const [row] = await shop.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'sara@example.com'));
    expect(row).toMatchObject({ name: 'سارا احمدی', subject: 'استعلام OPA2134PA' });
    await expect.poll(storeMails).toBe(mailsBefore + 1);

    // A second message needs a new proof of work (each is accepted once): the widget fetched a fresh challenge.
    await page.fill('#contact-name', 'سارا احمدی');
    await page.fill('#contact-email', 'sara@example.com');
    await page.fill('#contact-subject', 'پیگیری');
    await page.fill('#contact-comment', 'پیام دوم برای پیگیری.');
    await page.locator('.captcha[data-state=verified]').waitFor({ timeout: 60_000 });
    await page.click('[data-testid=contact-form] button[type=submit]');
    await expect.poll(async () => (await shop.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'sara@example.com'))).length).toBe(2);
    await page.context().close();
  });

  it('contact form: a "request a footprint" link arrives with its subject and comment already filled in', async () => {
    const page = await shop.newPage();
    const q = new URLSearchParams({ subject: 'Footprint for NE555P', comment: 'Please add the footprint of NE555P.' });
    await page.goto(url(`/site/contact-us?${q}#contact-form`));
    await hydrated(page, '#contact-name');
    await expect.poll(() => page.inputValue('#contact-subject')).toBe('Footprint for NE555P');
    expect(await page.inputValue('#contact-comment')).toBe('Please add the footprint of NE555P.');
    expect(await page.inputValue('#contact-name')).toBe('');
    await page.context().close();
  });
});
