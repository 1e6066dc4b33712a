/**
 * Back office content: store pages (one row per language), blog posts, home slides and banners, the
 * site's banner messages and help-file links. Rich text arrives sanitised by its schema. Pages and
 * posts carry updated_at for the rebuild; slides, messages and help links touch site_revisions.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { HELP_FILES } from '../../../api/schemas/content';
import { markdownSourceOf } from '../../../lib/markdown';
import {
  bodyHtml,
  STAFF_CONTENT_MESSAGES as M,
  type staffMessageBodySchema,
  type staffPageBodySchema,
  type staffPostBodySchema,
  type staffSlideBodySchema,
} from '../../../api/schemas/staff-content';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { blogPosts, contentPages, helpFiles, homeSlides, siteMessages } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { helpFileLink } from '../store-info';
import { recordAction, touchSite } from './audit';

// ---- store pages

export async function staffListPages(db: Db) {
  const rows = await db.select().from(contentPages).orderBy(asc(contentPages.slug), asc(contentPages.locale));
  return rows.map((r) => ({
    slug: r.slug,
    locale: r.locale,
    kind: r.kind,
    title: r.title,
    body: r.body,
    bodyMarkdown: markdownSourceOf(r.bodyMarkdown, r.body),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function savePage(db: Db, staffId: number, slug: string, locale: 'fa' | 'en', body: z.output<typeof staffPageBodySchema>) {
  const page = { kind: body.kind, title: body.title, body: bodyHtml(body.body, body.bodyMarkdown)!, bodyMarkdown: body.bodyMarkdown };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentPages)
      .values({ slug, locale, ...page })
      .onConflictDoUpdate({
        target: [contentPages.slug, contentPages.locale],
        set: { ...page, updatedAt: sql`now()` },
      })
      .returning({ id: contentPages.id });
    await recordAction(tx, staffId, 'page.save', 'page', row!.id, { slug, locale, title: body.title });
  });
}

export async function deletePage(db: Db, staffId: number, slug: string, locale: 'fa' | 'en') {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contentPages)
      .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale)))
      .returning({ id: contentPages.id });
    if (!row) throw notFound(M.pageMissing);
    // A deleted row carries no updated_at: the site revision makes the rebuild render the fixed pages again.
    await touchSite(tx, 'pages');
    await recordAction(tx, staffId, 'page.delete', 'page', row.id, { slug, locale });
  });
}

// ---- blog posts

export async function staffListPosts(db: Db) {
  const rows = await db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

export async function staffPost(db: Db, id: number) {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw notFound(M.postMissing);
  return {
    ...row,
    bodyMarkdown: markdownSourceOf(row.bodyMarkdown, row.body),
    bodyEnMarkdown: markdownSourceOf(row.bodyEnMarkdown, row.bodyEn),
    publishedAt: row.publishedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function savePost(db: Db, staffId: number, id: number | null, body: z.output<typeof staffPostBodySchema>) {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, body.slug));
    if (taken && taken.id !== id) throw new HttpError(409, M.slugTaken, { slug: [M.slugTaken] });
    const values = {
      ...body,
      // Markdown from the console's editor wins: the stored HTML is what it renders to, sanitised.
      body: bodyHtml(body.body, body.bodyMarkdown)!,
      bodyEn: bodyHtml(body.bodyEn, body.bodyEnMarkdown),
      image: body.image ?? null,
      publishedAt: body.publishedAt ? new Date(body.publishedAt) : undefined,
    };
    let postId = id;
    if (id === null) {
      const [row] = await tx
        .insert(blogPosts)
        .values({ ...values, publishedAt: values.publishedAt ?? new Date() })
        .returning({ id: blogPosts.id });
      postId = row!.id;
    } else {
      const done = await tx
        .update(blogPosts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(blogPosts.id, id))
        .returning({ id: blogPosts.id });
      if (!done.length) throw notFound(M.postMissing);
    }
    await recordAction(tx, staffId, id === null ? 'post.create' : 'post.update', 'post', postId!, { slug: body.slug, title: body.title });
    return postId!;
  });
}

export async function deletePost(db: Db, staffId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ slug: blogPosts.slug });
    if (!row) throw notFound(M.postMissing);
    // The blog listing pages lose it: they are among the small pages every rebuild renders.
    await touchSite(tx, 'pages');
    await recordAction(tx, staffId, 'post.delete', 'post', id, { slug: row.slug });
  });
}

// ---- home slides and banners

const toSlide = (r: typeof homeSlides.$inferSelect) => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  titleEn: r.titleEn,
  text: r.text,
  textEn: r.textEn,
  image: r.image,
  url: r.url,
  active: r.active,
  sort: r.sort,
});

export async function listSlides(db: Db, onlyActive: boolean) {
  const rows = await db
    .select()
    .from(homeSlides)
    .where(onlyActive ? eq(homeSlides.active, true) : undefined)
    .orderBy(asc(homeSlides.kind), asc(homeSlides.sort), asc(homeSlides.id));
  return rows.map(toSlide);
}

export async function saveSlide(db: Db, staffId: number, id: number | null, body: z.output<typeof staffSlideBodySchema>) {
  return db.transaction(async (tx) => {
    let slideId = id;
    if (id === null) {
      const [row] = await tx.insert(homeSlides).values(body).returning({ id: homeSlides.id });
      slideId = row!.id;
    } else {
      const done = await tx
        .update(homeSlides)
        .set({ ...body, updatedAt: sql`now()` })
        .where(eq(homeSlides.id, id))
        .returning({ id: homeSlides.id });
      if (!done.length) throw notFound(M.slideMissing);
    }
    await touchSite(tx, 'slides');
    await recordAction(tx, staffId, id === null ? 'slide.create' : 'slide.update', 'slide', slideId!, {
      kind: body.kind,
      title: body.title,
      active: body.active,
    });
    return slideId!;
  });
}

export async function deleteSlide(db: Db, staffId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(homeSlides).where(eq(homeSlides.id, id)).returning({ title: homeSlides.title });
    if (!row) throw notFound(M.slideMissing);
    await touchSite(tx, 'slides');
    await recordAction(tx, staffId, 'slide.delete', 'slide', id, { title: row.title });
  });
}

// ---- banner messages

export async function staffListMessages(db: Db) {
  const rows = await db.select().from(siteMessages).orderBy(asc(siteMessages.sort), asc(siteMessages.id));
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    textEn: r.textEn,
    kind: r.kind,
    active: r.active,
    sort: r.sort,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
  }));
}

export async function saveMessage(db: Db, staffId: number, id: number | null, body: z.output<typeof staffMessageBodySchema>) {
  return db.transaction(async (tx) => {
    const values = {
      ...body,
      startsAt: body.startsAt ? new Date(body.startsAt) : null,
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
    };
    let messageId = id;
    if (id === null) {
      const [row] = await tx.insert(siteMessages).values(values).returning({ id: siteMessages.id });
      messageId = row!.id;
    } else {
      const done = await tx
        .update(siteMessages)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(siteMessages.id, id))
        .returning({ id: siteMessages.id });
      if (!done.length) throw notFound(M.messageMissing);
    }
    await touchSite(tx, 'messages');
    await recordAction(tx, staffId, id === null ? 'message.create' : 'message.update', 'message', messageId!, {
      text: body.text,
      active: body.active,
    });
    return messageId!;
  });
}

export async function deleteMessage(db: Db, staffId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(siteMessages).where(eq(siteMessages.id, id)).returning({ text: siteMessages.text });
    if (!row) throw notFound(M.messageMissing);
    await touchSite(tx, 'messages');
    await recordAction(tx, staffId, 'message.delete', 'message', id, { text: row.text });
  });
}

// ---- help files

/** The help file's address: the one staff set, else the file under HELP_FILES_BASE_URL. */
export async function helpFileAddress(db: Db, config: Config, name: (typeof HELP_FILES)[number]): Promise<string> {
  const [row] = await db.select({ url: helpFiles.url }).from(helpFiles).where(eq(helpFiles.name, name));
  return row?.url ?? helpFileLink(config, name);
}

export async function staffListHelpFiles(db: Db, config: Config) {
  const rows = new Map((await db.select().from(helpFiles)).map((r) => [r.name, r.url]));
  return HELP_FILES.map((name) => ({ name, link: rows.get(name) ?? helpFileLink(config, name), custom: rows.has(name) }));
}

export async function setHelpFile(db: Db, staffId: number, name: (typeof HELP_FILES)[number], url: string) {
  await db.transaction(async (tx) => {
    await tx
      .insert(helpFiles)
      .values({ name, url })
      .onConflictDoUpdate({ target: helpFiles.name, set: { url, updatedAt: sql`now()` } });
    await touchSite(tx, 'help');
    await recordAction(tx, staffId, 'help.set', 'help', HELP_FILES.indexOf(name) + 1, { name, url });
  });
}
