import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client';
import {
  blogPosts,
  categories,
  comments,
  contentPages,
  departments,
  productFiles,
  productImages,
  productPrices,
  products,
  reviews,
  searchLog,
  siteMessages,
} from '../src/server/db/schema';
import { seedDemo, seedDemoIfEmpty } from '../src/server/seed/demo';
import { loadConfig } from '../src/server/config';
import { pageOfKind } from '../src/server/services/content';
import { storeTermsOf } from '../src/server/services/shop/shipping-rates';
import { seedSynthetic } from '../src/server/seed/synthetic';
import { freshDatabase } from './support/database';

let database: Database;
let seeded: { products: number } | null;
beforeAll(async () => {
  database = await freshDatabase();
  seeded = await seedDemoIfEmpty(database.db);
}, 120_000);
afterAll(async () => database?.close());

const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;

describe('demo shop', () => {
  it('writes a few hundred products, each with a picture', async () => {
    const db = database.db;
    expect(seeded!.products).toBeGreaterThan(250);
    expect(await n(db.select({ n: count() }).from(products))).toBe(seeded!.products);
    const withoutImage = await db.execute(
      sql`SELECT count(*)::int AS n FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id)`,
    );
    expect((withoutImage as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const image = (await db.select().from(productImages).limit(1))[0]!;
    expect(image.src).toMatch(/^\/media\/parts\/[a-z0-9._-]+\.svg$/);
  });

  it('has tiers on ordinary parts, none on expensive instruments, and realistic stock', async () => {
    const db = database.db;
    const lm358 = (await db.select().from(products).where(eq(products.slug, 'lm358p-pdip8')))[0]!;
    expect(lm358.nameFa).toContain('آی‌سی');
    const tiers = await db.select().from(productPrices).where(eq(productPrices.productId, lm358.id)).orderBy(productPrices.minCount);
    expect(tiers.map((t) => [t.minCount, t.maxCount])).toEqual([
      [1, 9],
      [10, 99],
      [100, null],
    ]);
    expect(tiers[0]!.price).toBe(lm358.price);
    const fluke = (await db.select().from(products).where(eq(products.slug, 'fluke-17b-plus')))[0]!;
    expect(await n(db.select({ n: count() }).from(productPrices).where(eq(productPrices.productId, fluke.id)))).toBe(0);
    const resistor = (await db.select().from(products).where(eq(products.slug, 'res-1-4w-4k7')))[0]!;
    expect(resistor).toMatchObject({ minimumPurchase: 10, quality: null, nameFa: 'مقاومت ۴٫۷ کیلو اهم ۱/۴ وات ۱٪' });
    const all = await db
      .select({
        stock: products.stock,
        date: products.availabilityDate,
        enable: products.enable,
        quality: products.quality,
        compare: products.compareAtPrice,
        badges: products.badges,
      })
      .from(products);
    expect(all.some((p) => p.stock === 0 && p.date)).toBe(true);
    expect(all.some((p) => p.stock === 0 && !p.date)).toBe(true);
    expect(all.some((p) => !p.enable)).toBe(true);
    expect(new Set(all.map((p) => p.quality))).toEqual(new Set(['original', 'copy', 'renew', null]));
    expect(all.some((p) => p.compare !== null && p.badges.includes('sale'))).toBe(true);
    for (const badge of ['hot', 'new', 'best-seller'])
      expect(
        all.some((p) => p.badges.includes(badge)),
        badge,
      ).toBe(true);
  });

  it('attaches datasheets, footprints and application notes with labels', async () => {
    const kinds = await database.db.select({ kind: productFiles.kind, n: count() }).from(productFiles).groupBy(productFiles.kind);
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(['datasheet', 'footprint', 'applicationnote']));
    const note = (await database.db.select().from(productFiles).where(eq(productFiles.kind, 'applicationnote')).limit(1))[0]!;
    expect(note.label.length).toBeGreaterThan(5);
    // English pages have titles of their own: every demo footprint, and all application notes but one left Persian only.
    const titled = await database.db
      .select({ kind: productFiles.kind, english: sql<boolean>`${productFiles.labelEn} IS NOT NULL`, n: count() })
      .from(productFiles)
      .where(sql`${productFiles.kind} <> 'datasheet'`)
      .groupBy(productFiles.kind, sql`2`);
    expect(titled.filter((r) => !r.english).map((r) => [r.kind, r.n])).toEqual([['applicationnote', 1]]);
  });

  it('writes pages in both languages, blog posts, messages and the departments menu', async () => {
    const db = database.db;
    const pages = await db.select({ slug: contentPages.slug, locale: contentPages.locale, kind: contentPages.kind }).from(contentPages);
    for (const [slug, kind] of [
      ['terms', 'policy'],
      ['returns', 'returns'],
      ['faq', 'faq'],
      ['about-us', 'about'],
    ]) {
      expect(
        pages
          .filter((p) => p.slug === slug && p.kind === kind)
          .map((p) => p.locale)
          .sort(),
      ).toEqual(['en', 'fa']);
    }
    const posts = await db.select().from(blogPosts);
    expect(posts.length).toBeGreaterThanOrEqual(8);
    expect(posts.every((p) => p.title && p.titleEn && p.body && p.bodyEn)).toBe(true);
    expect(await n(db.select({ n: count() }).from(siteMessages))).toBeGreaterThanOrEqual(1);
    const top = await db.select().from(departments).where(isNull(departments.parentId));
    expect(top.some((d) => d.submenuType === 'megamenu' && d.size)).toBe(true);
    expect(top.some((d) => d.submenuType === 'menu')).toBe(true);
    expect(new Set(top.filter((d) => d.size).map((d) => d.size))).toEqual(new Set(['sm', 'nl', 'lg', 'xl']));
    const columns = await db
      .select({ column: departments.column })
      .from(departments)
      .where(eq(departments.parentId, top.find((d) => d.size === 'xl')!.id));
    expect(columns.map((c) => c.column)).toEqual([0, 1, 2]);
  });

  it('states the terms the code applies (spec §1: free courier from 150,000, post from 300,000 toman, 48-hour guarantee)', async () => {
    const terms = storeTermsOf(loadConfig({ NODE_ENV: 'test' }));
    const fa = (await pageOfKind(database.db, 'policy', 'fa', terms)).body + (await pageOfKind(database.db, 'returns', 'fa', terms)).body;
    for (const text of ['۱۵۰٬۰۰۰ تومان', '۳۰۰٬۰۰۰ تومان', '۴۸ ساعت', '۲۴ ساعت', '۹٪']) expect(fa).toContain(text);
    const en = (await pageOfKind(database.db, 'policy', 'en', terms)).body + (await pageOfKind(database.db, 'returns', 'en', terms)).body;
    for (const text of ['150,000 Toman', '300,000 Toman', '48 hours', '24 hours', '9%']) expect(en).toContain(text);
    expect(fa + en).not.toContain('{{');
  });

  it('has reviews reflected in ratings, answered questions, sales and a month of searches', async () => {
    const db = database.db;
    expect(await n(db.select({ n: count() }).from(reviews))).toBeGreaterThan(20);
    const rated = await db
      .select()
      .from(products)
      .where(sql`${products.reviewsCount} > 0`);
    expect(rated.length).toBeGreaterThan(10);
    expect(rated.every((p) => p.rating >= 1 && p.rating <= 5)).toBe(true);
    expect(await n(db.select({ n: count() }).from(comments).where(eq(comments.isAdmin, true)))).toBeGreaterThan(0);
    expect(
      await n(
        db
          .select({ n: count() })
          .from(products)
          .where(sql`${products.salesCount} > 0`),
      ),
    ).toBeGreaterThan(50);
    const spread = await db.execute(sql`SELECT
      count(*) FILTER (WHERE created_at >= now() - interval '1 day')::int AS day,
      count(*) FILTER (WHERE created_at >= now() - interval '7 days')::int AS week,
      min(created_at) >= now() - interval '31 days' AS within_month FROM search_log`);
    const s = (spread as unknown as { rows: { day: number; week: number; within_month: boolean }[] }).rows[0]!;
    expect(s.day).toBeGreaterThan(0);
    expect(s.week).toBeGreaterThan(s.day);
    expect(s.within_month).toBe(true);
    expect(await n(db.select({ n: count() }).from(searchLog))).toBeGreaterThan(s.week);
  });

  it('keeps category counts consistent with the products', async () => {
    const top = await database.db.select().from(categories).where(isNull(categories.parentId));
    const enabled = await n(database.db.select({ n: count() }).from(products).where(eq(products.enable, true)));
    expect(top.reduce((s, c) => s + c.itemsCount, 0)).toBe(enabled);
  });

  it('does nothing the second time', async () => {
    const before = await n(database.db.select({ n: count() }).from(products));
    expect(await seedDemoIfEmpty(database.db)).toBeNull();
    expect(await n(database.db.select({ n: count() }).from(products))).toBe(before);
    expect(await n(database.db.select({ n: count() }).from(blogPosts))).toBe(8);
  });
});

describe('synthetic catalogue', () => {
  it('adds part-number families with tiers and attributes to the demo tree', async () => {
    const db = await freshDatabase();
    try {
      await seedSynthetic(db.db, 2000);
      expect(await n(db.db.select({ n: count() }).from(products))).toBe(2000);
      const families = await db.db.execute(
        sql`SELECT count(*)::int AS n FROM (SELECT left(pn_key, 6) FROM products GROUP BY 1 HAVING count(*) > 2) f`,
      );
      expect((families as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(20);
      expect(await n(db.db.select({ n: count() }).from(productPrices))).toBeGreaterThan(2000);
      const one = (await db.db.select().from(products).limit(1))[0]!;
      expect(one.nameFa).toMatch(/[\u0600-\u06ff]/);
      expect(one.searchText.length).toBeGreaterThan(20);
      // The same count twice gives the same catalogue (seeded): re-running only confirms it.
      await seedSynthetic(db.db, 2000);
      expect(await n(db.db.select({ n: count() }).from(products))).toBe(2000);
      // And the demo can go on top of it.
      await seedDemo(db.db);
      expect(await n(db.db.select({ n: count() }).from(products))).toBeGreaterThan(2250);
    } finally {
      await db.close();
    }
  }, 120_000);
});
