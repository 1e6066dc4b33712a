/**
 * Product engagement over the real server and database: reviews (one per customer and product, stars
 * 1–5 defaulting to 5, the product's average and count on its card), questions answered by staff in the
 * console, restock requests staff can see, page views feeding "most viewed" and best sellers — and every
 * bad input: 422 fields, 401 for guests, 406 duplicates, 404 unknown products, markup removed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, resupplyRequests, reviews } from '../src/server/db/schema';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, staffToken, type Customer } from './support/shop';
import { solvedCaptcha } from './support/captcha';
import { CAPTCHA_MESSAGES } from '../src/server/services/captcha/messages';

let server: TestServer;
let staff: string;
let ana: Customer;
let bob: Customer;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffToken(server);
  ana = await newCustomer(server, 'ana');
  bob = await newCustomer(server, 'bob');
  const rows = await server.database.db.select({ id: products.id, slug: products.slug }).from(products);
  for (const r of rows) ids[r.slug] = r.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const as = (who: Customer | string) => bearer(typeof who === 'string' ? who : who.token);
const REQUIRED = 'لطفاً این فیلد را پر کنید.';
const NUMBER = 'لطفاً این فیلد را با عدد پر کنید.';

describe('reviews', () => {
  it('lists an unreviewed product as empty, and refuses unknown, hidden and malformed products', async () => {
    const id = ids['ne555p-pdip8']!;
    const empty = await server.api(`/reviews/${id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ items: [], page: 1, pages: 1, total: 0, rating: 0 });
    expect((await server.api('/reviews/99999999')).status).toBe(404);
    expect((await server.api(`/reviews/${ids['tl072cdr-soic8']}`)).status).toBe(404);
    const bad = await server.api('/reviews/abc');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors)).toEqual(['productId']);
    const badPage = await server.api(`/reviews/${id}?page=x`);
    expect(badPage.status).toBe(422);
    expect(Object.keys(badPage.body.data.errors)).toEqual(['page']);
  });

  it('sends guests away with 401 and lists every bad field with a Persian message', async () => {
    const id = ids['ne555p-pdip8']!;
    const guest = await server.api('/reviews', json('POST', { star: 5, content: 'خیلی خوب بود', product_id: id }));
    expect(guest.status).toBe(401);
    const bad = await server.api('/reviews', json('POST', { star: 9, content: '<b> </b>', product_id: 'x' }, as(ana)));
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.star).toEqual(['امتیاز باید عددی از ۱ تا ۵ باشد.']);
    expect(bad.body.data.errors.content).toEqual([REQUIRED]);
    expect(bad.body.data.errors.product_id).toEqual(['کالا مشخص نیست.']);
    const zero = await server.api('/reviews', json('POST', { star: 0, content: 'متن کافی', product_id: id }, as(ana)));
    expect(zero.body.data.errors.star).toEqual(['امتیاز باید عددی از ۱ تا ۵ باشد.']);
    expect((await server.api('/reviews', json('POST', { content: 'کالای ناشناخته', product_id: 99999999 }, as(ana)))).status).toBe(404);
  });

  it('takes one review per customer and product, defaults to five stars, strips markup, and keeps the average on the card', async () => {
    const slug = 'ne555p-pdip8';
    const id = ids[slug]!;
    const first = await server.api(
      '/reviews',
      json(
        'POST',
        {
          content: '<script>alert("x")</script><b>كيفيت</b> عالي بود <img src=x onerror=alert(1)>',
          product_id: id,
        },
        as(ana),
      ),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe('Successfully Created');
    expect(first.body.data).toMatchObject({
      rating: 5,
      text: 'کیفیت عالی بود',
      author: 'مشتری آزمایشی',
      productRating: 5,
      productReviews: 1,
    });

    const again = await server.api('/reviews', json('POST', { star: 1, content: 'نظرم عوض شد', product_id: id }, as(ana)));
    expect(again.status).toBe(406);
    expect(again.body.message).toBe('شما پیش‌تر برای این کالا نظر ثبت کرده‌اید؛ از هر مشتری یک نظر برای هر کالا پذیرفته می‌شود.');

    const second = await server.api('/reviews', json('POST', { star: '2', content: 'پایه‌ها خم بودند', product_id: String(id) }, as(bob)));
    expect(second.status).toBe(201);

    const list = await server.api(`/reviews/${id}`);
    expect(list.body).toMatchObject({ total: 2, pages: 1, rating: 3.5 });
    expect(list.body.items.map((r: { text: string; rating: number }) => [r.text, r.rating])).toEqual([
      ['پایه‌ها خم بودند', 2],
      ['کیفیت عالی بود', 5],
    ]);

    const product = await server.api(`/get/products/${slug}`);
    expect(product.body.data).toMatchObject({ rating: 3.5, reviews: 2 });
    const own = await server.api('/dashboard/reviews', { headers: as(ana) });
    expect(own.body.items).toEqual([
      expect.objectContaining({ rating: 5, content: 'کیفیت عالی بود', product: expect.objectContaining({ slug }) }),
    ]);
    const stored = await server.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, id)));
    expect(stored.every((r) => !/[<>]/.test(r.content))).toBe(true);
  });

  it('pages reviews five at a time, newest first', async () => {
    const id = ids['lm358p-pdip8']!;
    const day = 86_400_000;
    await server.database.db.insert(reviews).values(
      Array.from({ length: 12 }, (_, i) => ({
        productId: id,
        author: `خریدار ${i + 1}`,
        rating: (i % 5) + 1,
        content: `نظر شماره ${i + 1}`,
        createdAt: new Date(Date.now() - (12 - i) * day),
      })),
    );
    const p1 = await server.api(`/reviews/${id}`);
    expect(p1.body).toMatchObject({ page: 1, pages: 3, total: 12, rating: 2.8 });
    expect(p1.body.items.map((r: { text: string }) => r.text)).toEqual([
      'نظر شماره 12',
      'نظر شماره 11',
      'نظر شماره 10',
      'نظر شماره 9',
      'نظر شماره 8',
    ]);
    const p3 = await server.api(`/reviews/${id}?page=3`);
    expect(p3.body.items.map((r: { text: string }) => r.text)).toEqual(['نظر شماره 2', 'نظر شماره 1']);
    expect((await server.api(`/reviews/${id}?page=9`)).body.items).toEqual([]);
  });
});

describe('questions and staff answers', () => {
  it('lets customers ask, refuses guests, empties and repeats, and shows the staff answer as Admin', async () => {
    const id = ids['lm317t-to220']!;
    expect((await server.api(`/comments/${id}`)).body).toEqual({ items: [], page: 1, pages: 1, total: 0 });
    expect((await server.api('/comments/99999999')).status).toBe(404);
    expect((await server.api('/comments', json('POST', { content: 'با ۳٫۳ ولت کار می‌کند؟', product_id: id }))).status).toBe(401);
    const empty = await server.api('/comments', json('POST', { content: '<i></i>', product_id: id }, as(ana)));
    expect(empty.status).toBe(422);
    expect(empty.body.data.errors.content).toEqual([REQUIRED]);
    expect(
      (await server.api('/comments', json('POST', { content: 'پرسش درباره کالای ناشناخته', product_id: 99999999 }, as(ana)))).status,
    ).toBe(404);

    const asked = await server.api('/comments', json('POST', { content: 'با ۳٫۳ ولت <u>کار</u> مي‌کند؟', product_id: id }, as(ana)));
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.data).toMatchObject({ text: 'با ۳٫۳ ولت کار می‌کند؟', isAdmin: false, children: [] });
    const twice = await server.api('/comments', json('POST', { content: 'با ۳٫۳ ولت کار می‌کند؟', product_id: id }, as(ana)));
    expect(twice.status).toBe(406);
    expect(twice.body.message).toBe('این پرسش را پیش‌تر برای همین کالا فرستاده‌اید.');
    const questionId = asked.body.data.id as number;

    expect((await server.api('/staff/questions', { headers: as(ana) })).status).toBe(403);
    const waiting = await server.api('/staff/questions', { headers: as(staff) });
    expect(waiting.body.data).toEqual([
      expect.objectContaining({ id: questionId, customer: ana.username, product: expect.objectContaining({ id, slug: 'lm317t-to220' }) }),
    ]);

    const blank = await server.api(`/staff/questions/${questionId}/answer`, json('POST', { content: ' ' }, as(staff)));
    expect(blank.status).toBe(422);
    expect((await server.api(`/staff/questions/${questionId}/answer`, json('POST', { content: 'بله' }, as(bob)))).status).toBe(403);
    expect((await server.api('/staff/questions/99999999/answer', json('POST', { content: 'پاسخ' }, as(staff)))).status).toBe(404);
    const answer = await server.api(
      `/staff/questions/${questionId}/answer`,
      json('POST', { content: 'بله، از ۳ ولت به بالا کار می‌کند.' }, as(staff)),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const answerId = answer.body.data.children[0].id as number;
    expect((await server.api(`/staff/questions/${answerId}/answer`, json('POST', { content: 'پاسخ به پاسخ' }, as(staff)))).status).toBe(
      409,
    );

    const list = await server.api(`/comments/${id}`);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({ id: questionId, text: 'با ۳٫۳ ولت کار می‌کند؟', isAdmin: false });
    expect(list.body.items[0].children).toEqual([expect.objectContaining({ text: 'بله، از ۳ ولت به بالا کار می‌کند.', isAdmin: true })]);
    expect((await server.api('/staff/questions', { headers: as(staff) })).body.data).toEqual([]);
    expect(
      (await server.api('/staff/questions?state=answered', { headers: as(staff) })).body.data.map((q: { id: number }) => q.id),
    ).toEqual([questionId]);
    const log = await server.api('/staff/actions', { headers: as(staff) });
    expect(log.body.data[0]).toMatchObject({ action: 'question.answer', entity: 'comment', entityId: questionId });
  });
});

describe('restock requests', () => {
  it('takes the customer and product from the server, checks the quantity, and shows staff every kind of request', async () => {
    const slug = 'lm358n-dip8';
    const id = ids[slug]!;
    const body = {
      product_id: id,
      number: 20,
      description: 'برای <b>تولید</b> ماهانه',
      user: 'someone-else',
      email: 'forged@example.com',
      productName: 'چیز دیگر',
    };
    const human = async (b: object) => ({ ...b, captcha: await solvedCaptcha(server) });
    expect((await server.api('/resupply/products', json('POST', await human(body)))).status).toBe(401);
    for (const number of ['abc', '', null, '2.5']) {
      const bad = await server.api('/resupply/products', json('POST', { ...body, number }, as(ana)));
      expect(bad.status, String(number)).toBe(422);
      expect(bad.body.data.errors.number).toEqual([NUMBER]);
    }
    const missing = await server.api('/resupply/products', json('POST', { product_id: id }, as(ana)));
    expect(missing.body.data.errors.number).toEqual([NUMBER]);
    expect((await server.api('/resupply/products', json('POST', { ...body, number: 0 }, as(ana)))).status).toBe(422);
    expect((await server.api('/resupply/products', json('POST', await human({ ...body, product_id: 99999999 }), as(ana)))).status).toBe(
      404,
    );
    const robot = await server.api('/resupply/products', json('POST', body, as(ana)));
    expect(robot.status).toBe(422);
    expect(robot.body.data.errors.captcha).toEqual([CAPTCHA_MESSAGES.missing.fa]);

    const made = await server.api('/resupply/products', json('POST', await human(body), as(ana)));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe('Successfully Created');
    expect(made.body.data).toMatchObject({
      number: 20,
      description: 'برای تولید ماهانه',
      email: `${ana.username}@example.com`,
      customer: ana.username,
      source: 'product',
      status: 'open',
    });
    expect(made.body.data.productName).toContain('LM358N');
    const persianDigits = await server.api('/resupply/products', json('POST', await human({ product_id: id, number: '۳' }), as(bob)));
    expect(persianDigits.status).toBe(201);
    expect(persianDigits.body.data).toMatchObject({ number: 3, description: null });

    // A parts-list sourcing request has no product; staff see it in the same list.
    await server.database.db
      .insert(resupplyRequests)
      .values({ email: 'buyer@example.com', productName: 'XYZ-123 و ۴ قطعه دیگر', number: 5, description: 'از فایل BOM' });

    expect((await server.api('/staff/resupply', { headers: as(ana) })).status).toBe(403);
    const open = await server.api('/staff/resupply', { headers: as(staff) });
    expect(open.body.data.map((r: { source: string; number: number }) => [r.source, r.number])).toEqual([
      ['sourcing', 5],
      ['product', 3],
      ['product', 20],
    ]);
    expect(open.body.data[2]).toMatchObject({ productSlug: slug, customer: ana.username });

    const done = await server.api(`/staff/resupply/${made.body.data.id}/answered`, json('POST', {}, as(staff)));
    expect(done.status).toBe(200);
    expect((await server.api('/staff/resupply/99999999/answered', json('POST', {}, as(staff)))).status).toBe(404);
    expect((await server.api(`/staff/resupply/${made.body.data.id}/open`, json('POST', {}, as(staff)))).status).toBe(422);
    const after = await server.api('/staff/resupply', { headers: as(staff) });
    expect(after.body.data.map((r: { id: number }) => r.id)).not.toContain(made.body.data.id);
    const all = await server.api('/staff/resupply?status=all', { headers: as(staff) });
    expect(all.body.data.find((r: { id: number }) => r.id === made.body.data.id).status).toBe('answered');
    const log = await server.api('/staff/actions', { headers: as(staff) });
    expect(log.body.data[0]).toMatchObject({ action: 'resupply.answered', entity: 'resupply_request', entityId: made.body.data.id });
  });
});

describe('page views', () => {
  it('counts each view and ranks "most viewed" and best sellers by the real counts', async () => {
    const a = ids['lm317t-to220']!;
    const b = ids['ne555p-pdip8']!;
    await server.database.db.update(products).set({ views: 0, salesCount: 0 });
    for (let i = 0; i < 3; i++) expect((await server.api(`/increaseProductViews/${a}`)).body.data.views).toBe(i + 1);
    expect((await server.api(`/increaseProductViews/${b}`)).body.data.views).toBe(1);
    expect((await server.api('/increaseProductViews/99999999')).status).toBe(404);
    expect((await server.api(`/increaseProductViews/${ids['tl072cdr-soic8']}`)).status).toBe(404);
    const most = await server.api('/most-viewed/products?limit=2');
    expect(most.body.data.map((p: { id: number }) => p.id)).toEqual([a, b]);
    const best = await server.api('/best-seller/products?limit=2');
    expect(best.body.data.map((p: { id: number }) => p.id)).toEqual([a, b]);
    expect((await server.api('/most-viewed/products?limit=500')).status).toBe(422);
  });
});
