/**
 * Back office content over the real server and database: store pages (HTML through the allow-list),
 * blog posts (scheduled ones hidden), home slides and banners, banner messages, help-file links.
 * Guests 401, customers 403, bad input a Persian 422, every write logged, export/changes names it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActions } from '../src/server/db/schema';
import { exportChanges } from '../src/server/services/catalogue-export';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, staffToken, type Customer } from './support/shop';

let server: TestServer;
let staff: string;
let customer: Customer;

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffToken(server);
  customer = await newCustomer(server, 'content');
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

const asStaff = () => bearer(staff);
const logged = async (action: string) =>
  (await server.database.db.select().from(staffActions).where(eq(staffActions.action, action))).length;

describe('who may call', () => {
  it.each([
    ['GET', '/staff/pages', undefined],
    ['PUT', '/staff/pages/about-us/fa', { kind: 'about', title: 'ت', body: '<p>م</p>' }],
    ['GET', '/staff/posts', undefined],
    ['GET', '/staff/slides', undefined],
    ['DELETE', '/staff/slides/1', undefined],
    ['POST', '/staff/messages', { text: 'پیام' }],
    ['PUT', '/staff/help-files/HowToBuy', { url: 'https://files.example/a.pdf' }],
  ])('%s %s: 401 for guests, 403 for customers', async (method, path, body) => {
    expect((await server.api(path, json(method, body))).status).toBe(401);
    expect((await server.api(path, json(method, body, bearer(customer.token)))).status).toBe(403);
  });
});

describe('pages and posts', () => {
  it('writes a store page with its HTML sanitised; the public page shows it', async () => {
    const saved = await server.api(
      '/staff/pages/about-us/fa',
      json(
        'PUT',
        {
          kind: 'about',
          title: 'درباره ما',
          body: '<h2>قطعه</h2><p onclick="x()">فروشگاه <script>alert(1)</script><a href="https://other.example">پیوند</a></p>',
        },
        asStaff(),
      ),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await server.api('/pages/about-us?locale=fa');
    expect(page.status).toBe(200);
    expect(page.body.data.title).toBe('درباره ما');
    expect(page.body.data.body).not.toMatch(/script|onclick/);
    expect(page.body.data.body).toContain('rel="nofollow noopener noreferrer"');
    const empty = await server.api(
      '/staff/pages/about-us/fa',
      json('PUT', { kind: 'about', title: 'درباره', body: '<script>x</script>' }, asStaff()),
    );
    expect(empty.status).toBe(422);
    expect(empty.body.data.errors.body).toEqual(['متن پس از پاک‌سازی خالی است؛ لطفاً متن را بنویسید.']);
    const badKey = await server.api('/staff/pages/about-us/de', json('PUT', { kind: 'about', title: 'x', body: '<p>x</p>' }, asStaff()));
    expect(badKey.status).toBe(422);
    expect(await logged('page.save')).toBe(1);
  });

  it('writes, schedules, changes and deletes blog posts', async () => {
    const body = {
      slug: 'bo-post',
      title: 'نوشته تازه',
      excerpt: 'چکیده',
      body: '<p>متن <b>نوشته</b></p>',
      category: 'آموزش',
      author: 'مریم',
    };
    const created = await server.api('/staff/posts', json('POST', body, asStaff()));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await server.api('/blog/posts/bo-post')).status).toBe(200);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await server.api('/staff/posts', json('POST', { ...body, slug: 'bo-later', publishedAt: later }, asStaff()));
    expect(scheduled.status).toBe(201);
    expect((await server.api('/blog/posts/bo-later')).status).toBe(404);
    const dup = await server.api('/staff/posts', json('POST', body, asStaff()));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('این شناسه پیش‌تر به کار رفته است؛ شناسه دیگری بنویسید.');
    const bad = await server.api('/staff/posts', json('POST', { ...body, slug: 'x y', title: '', publishedAt: 'tomorrow' }, asStaff()));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['publishedAt', 'slug', 'title']);
    expect((await server.api(`/staff/posts/${created.body.data.id}`, json('PUT', { ...body, title: 'عنوان نو' }, asStaff()))).status).toBe(
      200,
    );
    expect((await server.api('/blog/posts/bo-post')).body.data.title).toBe('عنوان نو');
    expect((await server.api(`/staff/posts/${scheduled.body.data.id}`, json('DELETE', undefined, asStaff()))).status).toBe(200);
    expect((await server.api(`/staff/posts/${scheduled.body.data.id}`, { headers: asStaff() })).status).toBe(404);
  });
});

describe('Markdown bodies', () => {
  it('makes sanitised HTML of a page and a post written in Markdown, reopens the Markdown, and refuses one that says nothing', async () => {
    const markdown =
      '## بازگشت کالا\n\n- تا **۴۸ ساعت**\n- [شرایط](javascript:alert(1))\n\n<script>alert(1)</script><img src="https://other.example/x.png" onerror="x()">';
    const saved = await server.api(
      '/staff/pages/returns/fa',
      json('PUT', { kind: 'returns', title: 'بازگشت', bodyMarkdown: markdown }, asStaff()),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const shown = (await server.api('/pages/returns?locale=fa')).body.data.body as string;
    expect(shown).toContain('<h2>بازگشت کالا</h2>');
    expect(shown).toContain('<strong>۴۸ ساعت</strong>');
    expect(shown).not.toMatch(/<script|javascript:|onerror|other\.example/);
    const row = (await server.api('/staff/pages', { headers: asStaff() })).body.data.find(
      (p: { slug: string; locale: string }) => p.slug === 'returns' && p.locale === 'fa',
    );
    expect(row).toMatchObject({ bodyMarkdown: markdown, body: shown });
    // Written as HTML later, the page no longer claims a Markdown source.
    await server.api('/staff/pages/returns/fa', json('PUT', { kind: 'returns', title: 'بازگشت', body: '<p>ساده</p>' }, asStaff()));
    const html = (await server.api('/staff/pages', { headers: asStaff() })).body.data.find(
      (p: { slug: string; locale: string }) => p.slug === 'returns' && p.locale === 'fa',
    );
    expect(html).toMatchObject({ body: '<p>ساده</p>', bodyMarkdown: null });
    const empty = await server.api(
      '/staff/pages/returns/fa',
      json('PUT', { kind: 'returns', title: 'بازگشت', bodyMarkdown: '<img src="https://other.example/x.png">' }, asStaff()),
    );
    expect(empty.status).toBe(422);
    expect(empty.body.data.errors.bodyMarkdown).toEqual(['متن پس از پاک‌سازی خالی است؛ لطفاً متن را بنویسید.']);

    const post = { slug: 'md-post', title: 'نوشته مارک‌داون', excerpt: 'چکیده', category: 'آموزش', author: 'مریم' };
    const created = await server.api(
      '/staff/posts',
      json('POST', { ...post, bodyMarkdown: 'متن با `LM358` و **پررنگ**', bodyEnMarkdown: '*English* body' }, asStaff()),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const published = (await server.api('/blog/posts/md-post')).body.data;
    expect(published.body).toContain('<code>LM358</code>');
    expect(published.body).toContain('<strong>پررنگ</strong>');
    const editor = (await server.api(`/staff/posts/${created.body.data.id}`, { headers: asStaff() })).body.data;
    expect(editor).toMatchObject({
      bodyMarkdown: 'متن با `LM358` و **پررنگ**',
      bodyEnMarkdown: '*English* body',
      bodyEn: '<p><em>English</em> body</p>',
    });
  });
});

describe('slides, messages and help files', () => {
  it('keeps home slides and banners; only active ones are public', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const slide = await server.api(
      '/staff/slides',
      json('POST', { kind: 'slide', title: 'تخفیف آردوینو', image: '/media/slides/a.webp', url: '/shop/catalog' }, asStaff()),
    );
    expect(slide.status, JSON.stringify(slide.body)).toBe(201);
    const hidden = await server.api('/staff/slides', json('POST', { kind: 'banner', title: 'پنهان', active: false }, asStaff()));
    expect(hidden.status).toBe(201);
    const pub = await server.api('/slides');
    expect(pub.body.data.map((s: { title: string }) => s.title)).toEqual(['تخفیف آردوینو']);
    const bad = await server.api(
      '/staff/slides',
      json('POST', { kind: 'poster', title: '', image: 'http://x/y.png', url: 'javascript:x' }, asStaff()),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['image', 'kind', 'title', 'url']);
    expect((await exportChanges(server.database.db, since)).site).toContain('slides');
  });

  it('shows a banner message through GET messages within its window', async () => {
    const msg = await server.api(
      '/staff/messages',
      json('POST', { text: 'تعطیلات نوروز: ارسال از ۱۵ فروردین', kind: 'warning' }, asStaff()),
    );
    expect(msg.status, JSON.stringify(msg.body)).toBe(201);
    expect((await server.api('/messages')).body.data.map((m: { text: string }) => m.text)).toContain('تعطیلات نوروز: ارسال از ۱۵ فروردین');
    const off = await server.api(
      `/staff/messages/${msg.body.data.id}`,
      json('PUT', { text: 'تعطیلات نوروز: ارسال از ۱۵ فروردین', active: false }, asStaff()),
    );
    expect(off.status).toBe(200);
    expect((await server.api('/messages')).body.data).toEqual([]);
    const window = await server.api(
      '/staff/messages',
      json('POST', { text: 'بازه بد', startsAt: '2026-03-02T00:00:00Z', endsAt: '2026-03-01T00:00:00Z' }, asStaff()),
    );
    expect(window.status).toBe(422);
    expect(window.body.data.errors.endsAt).toEqual(['زمان پایان باید پس از زمان آغاز باشد.']);
    expect(await logged('message.update')).toBe(1);
  });

  it('points a help file at a new address', async () => {
    const set = await server.api(
      '/staff/help-files/HowToBuy',
      json('PUT', { url: 'https://files.qateh.example/how-to-buy-1405.pdf' }, asStaff()),
    );
    expect(set.status).toBe(200);
    expect((await server.api('/downloadHelpFile?name=HowToBuy')).body.data.link).toBe('https://files.qateh.example/how-to-buy-1405.pdf');
    const bad = await server.api('/staff/help-files/HowToBuy', json('PUT', { url: 'javascript:alert(1)' }, asStaff()));
    expect(bad.status).toBe(422);
    expect((await server.api('/staff/help-files/Other', json('PUT', { url: 'https://x.example/a.pdf' }, asStaff()))).status).toBe(422);
  });
});
