/**
 * The build's patches of Astro's internals (src/build/internals/) are speed-ups only: a plain Astro
 * build (QATEH_PLAIN_BUILD=1) of the same shop must give the same pages. Both builds render one
 * small shop (two products, a blog post, store-written pages) and every HTML page is compared, after
 * normalising only what legitimately differs between the two (see `comparable`).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build/site';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { blogPosts, contentPages } from '../src/server/db/schema';
import { freshDatabase } from './support/database';
import { pageFile } from './support/site-files';

const PRODUCTS = ['lm358p-pdip8', 'ne555p-pdip8'];
const POST = 'choosing-an-op-amp';

let database: Database;
let patched: string;
let plain: string;

/** Every HTML page of a built site, relative to it (not the Pagefind bundles or the scripts). */
function htmlFiles(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'pagefind' || name === '_astro' ? [] : htmlFiles(full, root);
    return name.endsWith('.html') ? [relative(root, full)] : [];
  });
}

/**
 * A page as lines to compare: one tag per line (Astro writes a page nearly on one line), with what two
 * builds may legitimately write differently left out: the content hash in every built asset's name
 * (`/_astro/Layout.B3x_9aQk.css` → `/_astro/Layout.#.css`), and the number in a React island's
 * `prefix` — React's useId prefix, counted per page by every React render, and Astro's trial render of
 * each island (which the patched build skips, src/build/internals/vite-tag-islands.ts) counts too.
 */
const comparable = (html: string): string[] =>
  html
    .replace(/(\/_astro\/[\w.-]+?)\.[\w-]{8}\.(\w+)/g, '$1.#.$2')
    .replace(/(<astro-island [^>]*?\bprefix=")r\d+"/g, '$1r#"')
    .replace(/></g, '>\n<')
    .split('\n');

/** null when the two pages are the same; otherwise where they first differ. */
function firstDifference(a: string, b: string): string | null {
  const left = comparable(a);
  const right = comparable(b);
  const n = Math.max(left.length, right.length);
  for (let i = 0; i < n; i++) {
    if (left[i] !== right[i]) {
      const cut = (s: string | undefined) => (s === undefined ? '(end of page)' : s.length > 300 ? `${s.slice(0, 300)}…` : s);
      return `line ${i + 1}\n  patched: ${cut(left[i])}\n  plain:   ${cut(right[i])}`;
    }
  }
  return null;
}

async function build(outDir: string, plainBuild: boolean): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
  // astro.config.mjs reads the switch when Astro loads it, at the start of each build.
  if (plainBuild) process.env.QATEH_PLAIN_BUILD = '1';
  try {
    await buildSite(config, database, { outDir, logLevel: 'error', searchIndex: false, workers: 1 });
  } finally {
    delete process.env.QATEH_PLAIN_BUILD;
  }
}

beforeAll(async () => {
  database = await freshDatabase({ catalogue: true });
  await database.db.execute(sql`UPDATE products SET enable = (slug IN ${sql.raw(`('${PRODUCTS.join("','")}')`)})`);
  await database.db.insert(contentPages).values([
    { slug: 'terms', locale: 'fa', kind: 'policy', title: 'قوانین', body: '<p>قوانین فروشگاه</p>' },
    { slug: 'terms', locale: 'en', kind: 'policy', title: 'Terms', body: '<p>The store terms</p>' },
    { slug: 'faq', locale: 'fa', kind: 'faq', title: 'پرسش‌های پرتکرار', body: '<p>چگونه سفارش دهم؟</p>' },
  ]);
  await database.db.insert(blogPosts).values({
    slug: POST,
    title: 'انتخاب تقویت‌کننده عملیاتی',
    excerpt: 'چند نکته',
    body: '<p>پهنای باند و ولتاژ تغذیه را ببینید.</p>',
    category: 'آموزش',
    author: 'تیم قطعه',
    publishedAt: new Date(Date.now() - 86_400_000),
  });
  patched = mkdtempSync(join(tmpdir(), 'qateh-patched-'));
  plain = mkdtempSync(join(tmpdir(), 'qateh-plain-'));
  await build(patched, false);
  await build(plain, true);
}, 600_000);

afterAll(async () => {
  await database?.close();
  for (const dir of [patched, plain]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a plain Astro build (QATEH_PLAIN_BUILD=1)', () => {
  const pages = ['', 'shop/catalog', 'shop/catalog/op-amps', `shop/products/${PRODUCTS[0]}`, `blog/${POST}`, 'site/faq', 'site/terms'];

  it.each(pages.flatMap((page) => ['', 'en/', 'ru/'].map((lang) => lang + page)))(
    'gives the same page /%s as the patched build',
    (page) => {
      const ours = pageFile(patched, page);
      const theirs = pageFile(plain, page);
      expect(ours, `the patched build has no page /${page}`).not.toBeNull();
      expect(theirs, `the plain build has no page /${page}`).not.toBeNull();
      const difference = firstDifference(readFileSync(ours!, 'utf8'), readFileSync(theirs!, 'utf8'));
      expect(difference, `/${page} differs between the builds at ${difference}`).toBeNull();
    },
  );

  it('writes the same set of pages, each the same', () => {
    const ours = htmlFiles(patched).sort();
    expect(htmlFiles(plain).sort()).toEqual(ours);
    const differing = ours.flatMap((file) => {
      const difference = firstDifference(readFileSync(join(patched, file), 'utf8'), readFileSync(join(plain, file), 'utf8'));
      return difference ? [`${file}: ${difference}`] : [];
    });
    expect(differing, differing[0]).toEqual([]);
  });
});
