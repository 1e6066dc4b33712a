/**
 * Back office people over the real server and database: the moderation setting (reviews and questions
 * held until approved), the contact inbox and subscribers, customers (search, detail, block: no
 * sign-in, no session, no order), staff accounts (admins add them and set passwords) and TOTP sign-in.
 */
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers, products, staffActions, users } from '../src/server/db/schema';
import { openSecret } from '../src/server/services/accounts/totp';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, staffToken, tokenFor, type Customer } from './support/shop';

let server: TestServer;
let staff: string;
let ana: Customer;
let bob: Customer;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffToken(server);
  ana = await newCustomer(server, 'ana');
  bob = await newCustomer(server, 'bob');
  productId = (await server.database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'ne555p-pdip8')))[0]!.id;
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

const asStaff = () => bearer(staff);
const db = () => server.database.db;
const logged = async (action: string) => (await db().select().from(staffActions).where(eq(staffActions.action, action))).length;

describe('who may call', () => {
  it.each([
    ['GET', '/staff/reviews', undefined],
    ['PUT', '/staff/settings/moderation', { mode: 'approval' }],
    ['GET', '/staff/contact-messages', undefined],
    ['GET', '/staff/subscribers', undefined],
    ['GET', '/staff/customers', undefined],
    ['POST', '/staff/customers/1/block', undefined],
    ['GET', '/staff/team', undefined],
    ['POST', '/staff/me/two-factor/start', undefined],
  ])('%s %s: 401 for guests, 403 for customers', async (method, path, body) => {
    expect((await server.api(path, json(method, body))).status).toBe(401);
    expect((await server.api(path, json(method, body, bearer(ana.token)))).status).toBe(403);
  });
});

describe('moderation', () => {
  it('holds reviews and questions for approval when the setting says so', async () => {
    const bad = await server.api('/staff/settings/moderation', json('PUT', { mode: 'later' }, asStaff()));
    expect(bad.status).toBe(422);
    expect((await server.api('/staff/settings/moderation', json('PUT', { mode: 'approval' }, asStaff()))).status).toBe(200);
    expect((await server.api('/staff/settings/moderation', { headers: asStaff() })).body.data.mode).toBe('approval');

    const review = await server.api(
      '/reviews',
      json('POST', { star: 4, content: 'قطعه سالم رسید', product_id: productId }, bearer(ana.token)),
    );
    expect(review.status).toBe(201);
    expect(review.body.message).toBe('ثبت شد؛ پس از تأیید فروشگاه نمایش داده می‌شود.');
    expect((await server.api(`/reviews/${productId}`)).body.total).toBe(0);
    const question = await server.api(
      '/comments',
      json('POST', { content: 'دیتاشیت فارسی دارد؟', product_id: productId }, bearer(ana.token)),
    );
    expect(question.status).toBe(201);
    expect((await server.api(`/comments/${productId}`)).body.total).toBe(0);

    const pending = (await server.api('/staff/reviews?state=pending', { headers: asStaff() })).body.data;
    expect(pending.map((r: { text: string }) => r.text)).toEqual(['قطعه سالم رسید']);
    expect((await server.api(`/staff/reviews/${pending[0].id}/approve`, json('POST', undefined, asStaff()))).status).toBe(200);
    const shown = (await server.api(`/reviews/${productId}`)).body;
    expect(shown.total).toBe(1);
    expect(shown.rating).toBe(4);
    const [p] = await db().select().from(products).where(eq(products.id, productId));
    expect(p!.reviewsCount).toBe(1);

    expect((await server.api(`/staff/questions/${question.body.data.id}/approve`, json('POST', undefined, asStaff()))).status).toBe(200);
    expect((await server.api(`/comments/${productId}`)).body.total).toBe(1);
    expect((await server.api(`/staff/comments/${question.body.data.id}`, json('DELETE', undefined, asStaff()))).status).toBe(200);
    expect((await server.api(`/comments/${productId}`)).body.total).toBe(0);
    expect((await server.api(`/staff/reviews/${pending[0].id}`, json('DELETE', undefined, asStaff()))).status).toBe(200);
    expect((await db().select().from(products).where(eq(products.id, productId)))[0]!.reviewsCount).toBe(0);
    expect((await server.api('/staff/reviews/99999/approve', json('POST', undefined, asStaff()))).status).toBe(404);
    expect(await logged('review.approve')).toBe(1);

    await server.api('/staff/settings/moderation', json('PUT', { mode: 'immediate' }, asStaff()));
    const direct = await server.api('/reviews', json('POST', { star: 5, content: 'عالی', product_id: productId }, bearer(bob.token)));
    expect(direct.body.message).toBe('Successfully Created');
    expect((await server.api(`/reviews/${productId}`)).body.total).toBe(1);
  });

  it('lists contact messages and subscribers, paged', async () => {
    for (let i = 0; i < 3; i++)
      await db()
        .insert(contactMessages)
        .values({ name: `فرستنده ${i}`, email: `c${i}@example.com`, subject: 'سفارش', comment: 'سلام' });
    await db()
      .insert(newsletterSubscribers)
      .values([
        { email: 'n1@example.com', unsubscribeToken: 't1' },
        { email: 'n2@example.com', unsubscribeToken: 't2', unsubscribedAt: new Date() },
      ]);
    const inbox = await server.api('/staff/contact-messages?limit=2&page=2', { headers: asStaff() });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toMatchObject({ page: 2, pages: 2, total: 3 });
    expect(inbox.body.data).toHaveLength(1);
    const subs = await server.api('/staff/subscribers', { headers: asStaff() });
    expect(subs.body).toMatchObject({ total: 2, active: 1 });
    expect((await server.api('/staff/subscribers?page=0', { headers: asStaff() })).status).toBe(422);
  });
});

describe('customers', () => {
  it('searches, shows the detail, and a block ends sessions, sign-in and ordering', async () => {
    const list = await server.api(`/staff/customers?q=${encodeURIComponent(ana.username.toUpperCase())}`, { headers: asStaff() });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { username: string }) => c.username)).toEqual([ana.username]);
    const id = list.body.data[0].id;
    const detail = await server.api(`/staff/customers/${id}`, { headers: asStaff() });
    expect(detail.body.data.addresses).toHaveLength(1);
    expect(detail.body.data.addresses[0]).toMatchObject({ province: 'تهران', city: 'تهران' });
    expect(detail.body.data.orderList).toEqual([]);

    const blocked = await server.api(`/staff/customers/${id}/block`, json('POST', undefined, asStaff()));
    expect(blocked.status).toBe(200);
    expect((await server.api('/cart', { headers: bearer(ana.token) })).status).toBe(401);
    const order = await server.api('/order', json('POST', { address_id: ana.addressId, shipping_method: 'courier' }, bearer(ana.token)));
    expect(order.status).toBe(401);
    const signIn = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: 3, username: ana.username, password: ana.password }),
    );
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe('این حساب از سوی فروشگاه مسدود شده است؛ برای پیگیری با فروشگاه تماس بگیرید.');
    expect((await server.api('/staff/customers?q=' + ana.username, { headers: asStaff() })).body.data[0].blocked).toBe(true);

    expect((await server.api(`/staff/customers/${id}/unblock`, json('POST', undefined, asStaff()))).status).toBe(200);
    ana.token = await tokenFor(server, ana.username, ana.password);
    expect((await server.api('/cart', { headers: bearer(ana.token) })).status).toBe(200);
    expect(await logged('customer.block')).toBe(1);
    expect((await server.api('/staff/customers/99999999', { headers: asStaff() })).status).toBe(404);
  });
});

describe('staff accounts and two-factor sign-in', () => {
  it('adds a staff member, sets a new password, and signs in with a TOTP code once enrolled', async () => {
    const bad = await server.api(
      '/staff/team',
      json('POST', { username: 'a b', email: 'x', name: '', mobile: '123', password: 'short' }, asStaff()),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['email', 'mobile', 'name', 'password', 'username']);
    const created = await server.api(
      '/staff/team',
      json(
        'POST',
        { username: 'sara', email: 'sara@shop.example', name: 'سارا', mobile: '09121112233', password: 'first-pass-123' },
        asStaff(),
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const again = await server.api(
      '/staff/team',
      json(
        'POST',
        { username: 'SARA', email: 'other@shop.example', name: 'سارا', mobile: '09121112233', password: 'first-pass-123' },
        asStaff(),
      ),
    );
    expect(again.status).toBe(409);
    const saraToken = await tokenFor(server, 'sara', 'first-pass-123');
    expect((await server.api('/staff/orders', { headers: bearer(saraToken) })).status).toBe(200);

    const reset = await server.api(
      `/staff/team/${created.body.data.id}/password`,
      json('POST', { password: 'second-pass-456' }, asStaff()),
    );
    expect(reset.status).toBe(200);
    expect((await server.api('/staff/orders', { headers: bearer(saraToken) })).status).toBe(401);
    const sara = await tokenFor(server, 'sara', 'second-pass-456');

    const start = await server.api('/staff/me/two-factor/start', json('POST', undefined, bearer(sara)));
    expect(start.status).toBe(200);
    expect(start.body.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/Qateh:sara\?secret=[A-Z2-7]+/);
    expect(start.body.data.qrSvg).toMatch(/^<svg/);
    const [row] = await db().select().from(users).where(eq(users.username, 'sara'));
    // Stored sealed, never as the secret itself.
    expect(row!.totpSecret).not.toContain(start.body.data.secret);
    expect(openSecret(server.deps.config, row!.totpSecret!)).toBe(start.body.data.secret);
    // Not on until a code is verified: sign-in still works with the password alone.
    await tokenFor(server, 'sara', 'second-pass-456');
    const wrong = await server.api('/staff/me/two-factor/confirm', json('POST', { code: '000000' }, bearer(sara)));
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('کد ورود دومرحله‌ای درست نیست.');
    const code = authenticator.generate(start.body.data.secret);
    expect((await server.api('/staff/me/two-factor/confirm', json('POST', { code }, bearer(sara)))).status).toBe(200);
    // The secret is never handed out again.
    expect((await server.api('/staff/me/two-factor/start', json('POST', undefined, bearer(sara)))).status).toBe(409);
    expect(JSON.stringify((await server.api('/staff/team', { headers: asStaff() })).body)).not.toContain(start.body.data.secret);

    const noCode = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: 3, username: 'sara', password: 'second-pass-456' }),
    );
    expect(noCode.status).toBe(401);
    expect(noCode.headers.get('x-two-factor-required')).toBe('1');
    expect(noCode.body.data.errors.otp).toEqual(['کد شش‌رقمی برنامه احراز هویت را وارد کنید.']);
    const badCode = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: 3, username: 'sara', password: 'second-pass-456', otp: '123456' }),
    );
    expect(badCode.status).toBe(401);
    const current = authenticator.generate(start.body.data.secret);
    const good = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: 3, username: 'sara', password: 'second-pass-456', otp: current }),
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    // A code is good once: the same code seen over a shoulder does not sign in again.
    const replay = await server.api(
      '/oauth/token',
      json('POST', { grant_type: 'password', client_id: 3, username: 'sara', password: 'second-pass-456', otp: current }),
    );
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('کد ورود دومرحله‌ای درست نیست.');
    // The website's sign-in form takes the code the same way.
    const site = await server.api('/auth/login', json('POST', { username: 'sara', password: 'second-pass-456' }));
    expect(site.status).toBe(401);
    expect(site.body.data.errors.otp).toBeDefined();

    expect((await server.api(`/staff/team/${created.body.data.id}/two-factor/clear`, json('POST', undefined, asStaff()))).status).toBe(200);
    await tokenFor(server, 'sara', 'second-pass-456');
    expect(await logged('staff.create')).toBe(1);
    expect(await logged('staff.password')).toBe(1);
  });
});
