/**
 * Demo activity so shop pages look lived-in: reviews (with product ratings), questions answered by
 * staff, view and sales counts for best-seller lists, and a month of searches for the footer statistics.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { comments, products, reviews, searchLog } from '../db/schema';
import { randomSource } from './random';

const AUTHORS = [
  'علی رضایی',
  'مریم احمدی',
  'حسین کریمی',
  'زهرا موسوی',
  'محمد حسینی',
  'فاطمه جعفری',
  'امیر قاسمی',
  'نرگس صادقی',
  'رضا نوری',
  'سارا کاظمی',
];
const REVIEWS: [rating: number, text: string][] = [
  [5, 'کیفیت عالی و دقیقاً مطابق دیتاشیت. بسته‌بندی هم ضدالکتریسیته بود.'],
  [5, 'سفارش همان روز ارسال شد و قطعه بدون مشکل کار کرد.'],
  [4, 'قطعه سالم بود؛ فقط ارسال یک روز دیرتر از انتظارم رسید.'],
  [5, 'برای پروژه دانشجویی گرفتم، از قیمت و کیفیت راضی‌ام.'],
  [4, 'با قیمت مناسب، نسبت به بازار ارزان‌تر بود.'],
  [3, 'کار می‌کند ولی پایه‌ها کمی خم شده بودند و صافشان کردم.'],
  [5, 'چندمین بار است که از این فروشگاه خرید می‌کنم؛ همیشه اصل بوده است.'],
  [4, 'تست کردم، مشخصات درست بود. کاش تعداد بیشتری موجود داشتید.'],
  [2, 'یکی از قطعه‌ها از کار افتاده بود؛ پشتیبانی تعویض کرد.'],
  [5, 'توضیحات صفحه کامل بود و فایل فوت‌پرینت خیلی کمک کرد.'],
];
const QUESTIONS: [question: string, answer: string][] = [
  ['آیا این قطعه با نسخه SMD قابل جایگزینی است؟', 'بله، مشخصات الکتریکی یکسان است؛ فقط فوت‌پرینت برد باید مطابق پکیج SMD باشد.'],
  ['برای سفارش ۵۰۰ عدد تخفیف دارید؟', 'برای تعداد بالاتر از سقف سفارش با شماره فروشگاه تماس بگیرید تا قیمت عمده اعلام شود.'],
  ['این کالا اورجینال است یا کپی؟', 'کیفیت هر کالا در صفحه آن درج شده است؛ این ردیف از توزیع‌کننده رسمی تأمین شده است.'],
  ['زمان رسیدن موجودی جدید کی است؟', 'محموله بعدی تا دو هفته دیگر می‌رسد؛ با دکمه درخواست موجودی به شما اطلاع می‌دهیم.'],
  ['دیتاشیت فارسی هم دارید؟', 'فعلاً دیتاشیت سازنده و یادداشت کاربردی فارسی برای برخی کالاها در بخش فایل‌ها موجود است.'],
  ['با ۳٫۳ ولت کار می‌کند؟', 'طبق دیتاشیت، محدوده ولتاژ تغذیه را در جدول مشخصات ببینید؛ بیشتر کاربران با ۳٫۳ ولت مشکلی نداشته‌اند.'],
];
const SEARCHES = [
  'lm358',
  'ال ام ۳۵۸',
  'atmega328',
  'esp32',
  'مقاومت ۱۰ کیلو',
  'خازن ۱۰۰ میکرو',
  'ne555',
  'آردوینو',
  'irfz44n',
  'رله ۵ ولت',
  'hc-sr04',
  'lm2596',
  'stm32f103',
  'سنسور دما',
  'ds18b20',
  'led 5mm',
  'پین هدر',
  'هویه',
  'مولتی متر',
  '1n4007',
  'ماسفت',
  'کریستال ۱۶',
  'tl072',
  'l298n',
];

export async function writeDemoEngagement(db: Db, now = new Date()): Promise<void> {
  const rnd = randomSource(7);
  const list = await db.select({ id: products.id, enable: products.enable }).from(products).orderBy(products.id);
  const shown = list.filter((p) => p.enable);
  const day = 86_400_000;

  // Views and sales for every product: a long tail with a few clear favourites.
  const counts = shown.map((p) => {
    const popular = rnd.chance(0.1);
    const views = popular ? rnd.int(800, 5000) : rnd.int(0, 400);
    return { id: p.id, views, sales: Math.floor(views * (0.02 + rnd.next() * 0.1)) };
  });
  for (let i = 0; i < counts.length; i += 500) {
    const part = counts.slice(i, i + 500);
    await db.execute(sql`UPDATE products p SET views = v.views, sales_count = v.sales
      FROM (VALUES ${sql.join(
        part.map((c) => sql`(${c.id}::int, ${c.views}::int, ${c.sales}::int)`),
        sql`, `,
      )}) AS v(id, views, sales)
      WHERE p.id = v.id`);
  }

  const reviewed = shown.filter(() => rnd.chance(0.18));
  const reviewRows = reviewed.flatMap((p) =>
    Array.from({ length: rnd.int(1, 4) }, () => {
      const [rating, content] = rnd.pick(REVIEWS);
      return { productId: p.id, author: rnd.pick(AUTHORS), rating, content, createdAt: new Date(now.getTime() - rnd.int(1, 200) * day) };
    }),
  );
  if (reviewRows.length) await db.insert(reviews).values(reviewRows);
  await db.execute(sql`UPDATE products p SET rating = r.avg, reviews_count = r.n
    FROM (SELECT product_id, round(avg(rating)::numeric, 1)::real AS avg, count(*)::int AS n FROM reviews GROUP BY product_id) r
    WHERE p.id = r.product_id`);

  for (const p of shown.filter(() => rnd.chance(0.04))) {
    const [question, answer] = rnd.pick(QUESTIONS);
    const asked = new Date(now.getTime() - rnd.int(2, 90) * day);
    const [q] = await db
      .insert(comments)
      .values({ productId: p.id, author: rnd.pick(AUTHORS), content: question, createdAt: asked })
      .returning({ id: comments.id });
    await db.insert(comments).values({
      productId: p.id,
      parentId: q!.id,
      author: 'پشتیبانی قطعه',
      content: answer,
      isAdmin: true,
      createdAt: new Date(asked.getTime() + 3 * 3_600_000),
    });
  }

  // A month of searches, more on recent days, so today/yesterday/last-week statistics all show numbers.
  const searches = Array.from({ length: 900 }, () => {
    const daysAgo = Math.floor(rnd.next() ** 1.6 * 30);
    return {
      query: rnd.pick(SEARCHES),
      categorySlug: null,
      resultsCount: rnd.int(0, 60),
      source: rnd.chance(0.6) ? ('suggestion' as const) : ('listing' as const),
      createdAt: new Date(now.getTime() - daysAgo * day - rnd.int(0, 600_000)),
    };
  });
  for (let i = 0; i < searches.length; i += 300) await db.insert(searchLog).values(searches.slice(i, i + 300));
}
