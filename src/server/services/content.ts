/** Store-written content: pages (policy, returns, FAQ ...), blog posts and banner messages. */
import { and, asc, count, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { BlogPost, BlogPostSummary, ContentPage, SiteMessage } from '../../api/schemas/content';
import type { Pagination } from '../../api/schemas/common';
import type { Db } from '../db/client';
import { blogPosts, contentPages, siteMessages, type PageKind } from '../db/schema';
import { notFound } from '../http/errors';
import { fillStoreTerms, type StoreTerms } from '../../lib/store-terms';

export const PAGE_NOT_FOUND = 'این صفحه پیدا نشد.';
export const POST_NOT_FOUND = 'این نوشته پیدا نشد.';

type PageRow = typeof contentPages.$inferSelect;

/** The body's {{placeholders}} are filled from the store's live terms (thresholds, validity, guarantee). */
const toPage = (row: PageRow, terms: StoreTerms): ContentPage => ({
  slug: row.slug,
  locale: row.locale,
  title: row.title,
  body: fillStoreTerms(row.body, terms, row.locale === 'en' ? 'en' : 'fa'),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Picks the requested language, else Persian (the shop's own language), so an English visitor sees
 * the store's terms rather than nothing; `locale` in the answer says which one was served.
 */
function pickLocale(rows: PageRow[], locale: 'fa' | 'en'): PageRow | undefined {
  return rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'fa') ?? rows[0];
}

/** The page of a kind (policy, returns): the oldest page of that kind is the canonical one. */
export async function pageOfKind(db: Db, kind: PageKind, locale: 'fa' | 'en', terms: StoreTerms): Promise<ContentPage> {
  const rows = await db.select().from(contentPages).where(eq(contentPages.kind, kind)).orderBy(asc(contentPages.id));
  const first = rows[0];
  const row =
    first &&
    pickLocale(
      rows.filter((r) => r.slug === first.slug),
      locale,
    );
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return toPage(row, terms);
}

export async function pageBySlug(db: Db, slug: string, locale: 'fa' | 'en', terms: StoreTerms): Promise<ContentPage> {
  const rows = await db.select().from(contentPages).where(eq(contentPages.slug, slug.toLowerCase()));
  const row = pickLocale(rows, locale);
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return toPage(row, terms);
}

/** Banner messages that are switched on and inside their optional start/end window, in display order. */
export async function activeMessages(db: Db): Promise<SiteMessage[]> {
  const now = sql`now()`;
  return db
    .select({ id: siteMessages.id, text: siteMessages.text, textEn: siteMessages.textEn, kind: siteMessages.kind })
    .from(siteMessages)
    .where(
      and(
        eq(siteMessages.active, true),
        or(isNull(siteMessages.startsAt), lte(siteMessages.startsAt, now)),
        or(isNull(siteMessages.endsAt), gt(siteMessages.endsAt, now)),
      ),
    )
    .orderBy(asc(siteMessages.sort), asc(siteMessages.id));
}

const summaryColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  titleEn: blogPosts.titleEn,
  excerpt: blogPosts.excerpt,
  excerptEn: blogPosts.excerptEn,
  image: blogPosts.image,
  category: blogPosts.category,
  author: blogPosts.author,
  publishedAt: blogPosts.publishedAt,
};

/** A post dated in the future is scheduled, not published: hidden until then. */
const isPublished = lte(blogPosts.publishedAt, sql`now()`);

export function pagination(page: number, limit: number, total: number): Pagination {
  const pages = Math.ceil(total / limit);
  const from = total === 0 || page > pages ? 0 : (page - 1) * limit + 1;
  const to = from === 0 ? 0 : Math.min(total, page * limit);
  return { page, limit, total, pages, from, to };
}

export async function listBlogPosts(db: Db, page: number, limit: number): Promise<{ items: BlogPostSummary[] } & Pagination> {
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(isPublished)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(blogPosts).where(isPublished),
  ]);
  return {
    items: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })),
    ...pagination(page, limit, Number(total?.n ?? 0)),
  };
}

export async function blogPostBySlug(db: Db, slug: string): Promise<BlogPost> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug.toLowerCase()), isPublished))
    .limit(1);
  if (!row) throw notFound(POST_NOT_FOUND);
  return {
    slug: row.slug,
    title: row.title,
    titleEn: row.titleEn,
    excerpt: row.excerpt,
    excerptEn: row.excerptEn,
    image: row.image,
    category: row.category,
    author: row.author,
    body: row.body,
    bodyEn: row.bodyEn,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
