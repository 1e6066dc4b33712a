/**
 * Catalogue and content HTML goes through one allow-list (src/lib/rich-html.ts) before it is stored
 * and again when a page renders it. A table of attack strings against the sanitiser; then a real CSV
 * import of a product whose specification and description carry them, and content rows written
 * around the writers (straight SQL), built into static pages by Astro: no page holds any of it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richHtmlText, sanitiseRichHtml } from '../../src/lib/rich-html';
import { buildSite } from '../../src/build/site';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { blogPosts, contentPages, products } from '../../src/server/db/schema';
import { importCatalogue } from '../../src/server/services/catalogue-import';
import { parse, serialize } from 'parse5';
import { freshDatabase } from '../support/database';
import { pagePath } from '../support/site-files';

/** Attack → a marker that must not survive (checked case-insensitively), and what must be left. */
const ATTACKS: [html: string, keeps: string][] = [
  ['<p>a<script>alert("xss-1")</script>b</p>', '<p>ab</p>'],
  ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>', ''],
  ['<img src=x onerror="alert(\'xss-2\')">', ''],
  ['<img src="/media/parts/ok.svg" onload="alert(3)" alt="ok">', '<img src="/media/parts/ok.svg" alt="ok" />'],
  ['<img src="https://tracker.example/pixel.gif">', ''],
  ['<img src="/media/../etc/passwd">', ''],
  ['<p onclick="alert(4)" onmouseover=alert(5)>hover</p>', '<p>hover</p>'],
  ['<a href="javascript:alert(6)">x</a>', '<a>x</a>'],
  ['<a href="JaVaScRiPt:alert(7)">x</a>', '<a>x</a>'],
  ['<a href="java&#x09;script:alert(8)">x</a>', '<a>x</a>'],
  ['<a href="&#106;avascript:alert(9)">x</a>', '<a>x</a>'],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxMCk8L3NjcmlwdD4=">x</a>', '<a>x</a>'],
  ['<a href="vbscript:msgbox(11)">x</a>', '<a>x</a>'],
  [
    '<a href="https://other.example/" target="_blank" rel="opener">out</a>',
    '<a href="https://other.example/" rel="nofollow noopener noreferrer">out</a>',
  ],
  ['<svg onload=alert(12)><circle r=5 /></svg>', ''],
  ['<svg><script>alert(13)</script></svg>', ''],
  ['<math><mtext><table><mglyph><style><img src=x onerror=alert(14)></style></mglyph></table></mtext></math>', ''],
  ['<math href="javascript:alert(15)">m</math>', ''],
  ['<p style="background:url(javascript:alert(16))">s</p>', '<p>s</p>'],
  ['<div style="width: expression(alert(17))">e</div>', '<div>e</div>'],
  ['<style>*{background:url("javascript:alert(18)")}</style>t', 't'],
  ['<iframe src="https://evil.example" srcdoc="<script>alert(19)</script>"></iframe>', ''],
  ['<object data="evil.swf"></object><embed src="evil.swf">', ''],
  ['<form action="https://evil.example"><input name=card><button>pay</button></form>', 'pay'],
  ['<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
  ['<base href="https://evil.example/">', ''],
  ['<noscript><p title="</noscript><img src=x onerror=alert(20)>"></noscript>', ''],
  ['<template><script>alert(21)</script></template>', ''],
  ['<table onmouseover=alert(22)><tr><td background="javascript:alert(23)">1</td></tr></table>', '<table><tr><td>1</td></tr></table>'],
  ['<details open ontoggle=alert(24)>d</details>', 'd'],
  // Only inert text is left of it.
  ['<<script>script>alert(25)<</script>/script>', '&lt;/script&gt;'],
];
const FORBIDDEN = [
  /<script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:text/i,
  /<svg/i,
  /<math/i,
  /style=/i,
  /expression\(/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<meta/i,
  /<base/i,
  /<style/i,
  /<template/i,
  /tracker\.example/i,
  /alert\(/i,
];

describe('the HTML allow-list', () => {
  it.each(ATTACKS)('%s', (html, keeps) => {
    const out = sanitiseRichHtml(html);
    for (const bad of FORBIDDEN) expect(out, String(bad)).not.toMatch(bad);
    expect(out).toBe(keeps);
  });

  it('keeps what a shop writes: headings, lists, tables, own images, links with rel, direction', () => {
    const html =
      '<h2>مشخصات</h2><h3 dir="ltr">Pinout</h3><ul><li>۸ پایه</li></ul><ol start="2"><li>b</li></ol>' +
      '<table><caption>ولتاژ</caption><thead><tr><th scope="col">min</th><th colspan="2">max</th></tr></thead><tbody><tr><td>3</td><td rowspan="1">32</td></tr></tbody></table>' +
      '<p><strong>مهم</strong> <em>e</em> H<sub>2</sub>O x<sup>2</sup> <bdi>LM358 N</bdi> <a href="/shop/products/lm358n-dip8">کالا</a> <a href="mailto:support@qateh.example">mail</a></p>' +
      '<figure><img src="/media/parts/lm358n-dip8.svg" alt="LM358N" width="400" height="400"><figcaption>شکل</figcaption></figure>';
    expect(sanitiseRichHtml(html)).toBe(html.replace('height="400">', 'height="400" />'));
    expect(sanitiseRichHtml(null)).toBeNull();
  });

  it('gives the words of stored HTML for a meta description, never the text of a script or style', () => {
    expect(richHtmlText(`<h2>پرسش</h2><p>a &amp; b &lt; c</p>${ATTACKS.map(([h]) => h).join('')}<p>d</p>`)).toBe(
      'پرسش a & b < c ab hover x x x x x x out s e tpay 1 d</script> d',
    );
  });
});

type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };
/** The inner HTML of every `<div class="rich">` of a page, as a browser's parser reads it. */
function richParts(html: string): string[] {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeName === 'div' && node.attrs?.some((a) => a.name === 'class' && a.value === 'rich')) out.push(serialize(node as never));
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parse(html) as unknown as Node);
  return out;
}

const CATEGORIES = 'slug,parent_slug,name_en,name_fa,sort\nop-amps,,Op-amps,آپ‌امپ,1\n';
const HEADER =
  'slug,part_number,name_en,name_fa,category_slug,brand,package,quality,description_en,description_fa,price_toman,tiers,minimum_purchase,stock,threshold,availability_date,enable,datasheet_url,attributes,specification_html,more_description_html';
const csvCell = (s: string) => `"${s.replace(/"/g, '""')}"`;
const ATTACK_HTML = ATTACKS.map(([html]) => html).join('\n');
const productsCsv =
  [
    HEADER,
    [
      'xss-opamp',
      'XSS358',
      'XSS358 op-amp',
      'آپ‌امپ XSS358',
      'op-amps',
      'Texas Instruments',
      'DIP-8',
      'original',
      'Plain text.',
      'متن ساده.',
      '12000',
      '',
      '1',
      '50',
      '500',
      '',
      '1',
      '',
      '',
      csvCell(`<h2>Pinout</h2><table><tr><td>1</td></tr></table>${ATTACK_HTML}`),
      csvCell(`<p>long text</p>${ATTACK_HTML}`),
    ].join(','),
    [
      'safe-opamp',
      'SAFE358',
      'SAFE358 op-amp',
      'آپ‌امپ SAFE358',
      'op-amps',
      'Texas Instruments',
      'DIP-8',
      'original',
      'Plain.',
      'ساده.',
      '15000',
      '',
      '1',
      '50',
      '500',
      '',
      '1',
      '',
      '',
      '',
      '',
    ].join(','),
  ].join('\n') + '\n';

describe('stored and rendered pages', () => {
  let database: Database;
  let outDir: string;

  beforeAll(async () => {
    database = await freshDatabase();
    const report = await importCatalogue(database.db, {
      categories: { name: 'categories.csv', text: CATEGORIES },
      products: { name: 'products.csv', text: productsCsv },
    });
    expect(report.products.created).toBe(2);
    // Written around the writers, as SQL by hand or an old database would: the pages must still be safe.
    await database.db
      .update(products)
      .set({ specification: `<p>hand</p>${ATTACK_HTML}`, moreDescription: ATTACK_HTML })
      .where(eq(products.slug, 'safe-opamp'));
    await database.db.insert(contentPages).values([
      { slug: 'returns', locale: 'fa', kind: 'returns', title: 'بازگشت کالا', body: `<p>شرایط</p>${ATTACK_HTML}` },
      { slug: 'returns', locale: 'en', kind: 'returns', title: 'Returns', body: `<p>Terms</p>${ATTACK_HTML}` },
      { slug: 'faq', locale: 'fa', kind: 'faq', title: 'پرسش‌ها', body: `<h2>پرسش</h2>${ATTACK_HTML}` },
    ]);
    await database.db.insert(blogPosts).values({
      slug: 'xss-post',
      title: 'نوشته',
      excerpt: 'خلاصه',
      body: `<p>متن</p>${ATTACK_HTML}`,
      titleEn: 'Post',
      excerptEn: 'Sum',
      bodyEn: `<p>Text</p>${ATTACK_HTML}`,
      category: 'آموزش',
      author: 'قطعه',
      publishedAt: new Date(),
    });
    outDir = mkdtempSync(join(tmpdir(), 'qateh-sanitise-'));
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
    await buildSite(config, database, { outDir, logLevel: 'error', workers: 1 });
  }, 600_000);

  afterAll(async () => {
    await database?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('the import stored the specification and description through the allow-list', async () => {
    const [row] = await database.db.select().from(products).where(eq(products.slug, 'xss-opamp'));
    expect(row!.specification).toContain('<h2>Pinout</h2><table><tr><td>1</td></tr></table>');
    expect(row!.moreDescription).toContain('<p>long text</p>');
    for (const stored of [row!.specification!, row!.moreDescription!])
      for (const bad of FORBIDDEN) expect(stored, String(bad)).not.toMatch(bad);
    // Importing the same file again leaves the sanitised product as it is (the stored form is what the
    // writer compares) and puts the one written around the writer back to what the file says.
    const again = await importCatalogue(database.db, {
      categories: { name: 'categories.csv', text: CATEGORIES },
      products: { name: 'products.csv', text: productsCsv },
    });
    expect(again.products).toMatchObject({ unchanged: 1, updated: 1 });
    const dirty = await database.db
      .select({ slug: products.slug })
      .from(products)
      .where(sql`${products.specification} ILIKE '%<script%' OR ${products.moreDescription} ILIKE '%<script%'`);
    expect(dirty).toEqual([]);
  });

  it('no built page carries a script, handler or javascript: URL from the stored HTML', () => {
    const pages = [
      'shop/products/xss-opamp',
      'en/shop/products/xss-opamp',
      'ru/shop/products/xss-opamp',
      'shop/products/safe-opamp',
      'site/returns',
      'en/site/returns',
      'site/faq',
      'blog/xss-post',
      'en/blog/xss-post',
    ];
    for (const page of pages) {
      const html = readFileSync(pagePath(outDir, page), 'utf8');
      expect(html, page).toMatch(/<div class="rich"/);
      expect(html).not.toMatch(/alert\(/);
      expect(html).not.toMatch(/javascript:/i);
      expect(html).not.toMatch(/<svg[^>]*onload|<math|<iframe|<object|<embed|expression\(/i);
      expect(html).not.toMatch(/\son(error|load|click|mouseover|toggle)\s*=/i);
      expect(html).not.toMatch(/tracker\.example|evil\.example/);
      const rich = richParts(html);
      expect(rich.length, page).toBeGreaterThan(0);
      for (const part of rich) for (const bad of FORBIDDEN) expect(part, `${page} ${bad}`).not.toMatch(bad);
    }
    const product = readFileSync(pagePath(outDir, 'shop/products/xss-opamp'), 'utf8');
    expect(product).toContain('<h2>Pinout</h2><table><tr><td>1</td></tr></table>');
    expect(product).toContain('<a href="https://other.example/" rel="nofollow noopener noreferrer">out</a>');
  });
});
