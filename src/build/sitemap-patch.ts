/**
 * Keeps the sitemap (written by @astrojs/sitemap on a full build) in step with an incremental
 * rebuild without rewriting it: entries of removed products are cut out, entries of new products
 * (all three languages, each with its hreflang alternates) are appended to the last sitemap file.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_TAGS, LOCALES, localePath } from '../site/i18n';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function productEntries(site: string, slug: string): string {
  return productUrlEntries(site, slug).join('');
}

/** The three <url> entries (one per language, each listing all three) of a product page. */
function productUrlEntries(site: string, slug: string): string[] {
  const url = (l: (typeof LOCALES)[number]) => escapeXml(site + localePath(l, `/shop/products/${slug}`));
  const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[l]}" href="${url(l)}"/>`).join('');
  return LOCALES.map((l) => `<url><loc>${url(l)}</loc>${alternates}</url>`);
}

/** @astrojs/sitemap's default number of entries per sitemap file. */
const ENTRIES_PER_FILE = 45_000;

/**
 * @astrojs/sitemap leaves product pages out (astro.config.mjs: its pairing of languages is quadratic
 * in the number of pages, and Russian product pages are made outside Astro): a full build adds the
 * entries of every product in every language here, written as it writes them (sorted by address,
 * files of 45,000 and an index). Product entries it may still hold are replaced.
 */
export function rewriteProductEntries(siteDir: string, publicBaseUrl: string, slugs: string[]): void {
  const site = publicBaseUrl.replace(/\/+$/, '');
  const files = existsSync(siteDir) ? readdirSync(siteDir).filter((f) => /^sitemap-\d+\.xml$/.test(f)) : [];
  if (files.length === 0) return;
  const first = readFileSync(join(siteDir, 'sitemap-0.xml'), 'utf8');
  const head = first.slice(0, first.indexOf('<url>') >= 0 ? first.indexOf('<url>') : first.indexOf('</urlset>'));
  const isProduct = new RegExp(`^${site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/(en|ru))?/shop/products/`);
  const entries: { loc: string; xml: string }[] = [];
  for (const name of files) {
    for (const m of readFileSync(join(siteDir, name), 'utf8').matchAll(/<url><loc>([^<]*)<\/loc>.*?<\/url>/g)) {
      if (!isProduct.test(m[1]!)) entries.push({ loc: m[1]!, xml: m[0] });
    }
  }
  for (const slug of slugs) {
    for (const xml of productUrlEntries(site, slug)) entries.push({ loc: /<loc>([^<]*)<\/loc>/.exec(xml)![1]!, xml });
  }
  entries.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
  for (const name of files) rmSync(join(siteDir, name));
  const count = Math.max(1, Math.ceil(entries.length / ENTRIES_PER_FILE));
  for (let i = 0; i < count; i++) {
    const chunk = entries
      .slice(i * ENTRIES_PER_FILE, (i + 1) * ENTRIES_PER_FILE)
      .map((e) => e.xml)
      .join('');
    writeFileSync(join(siteDir, `sitemap-${i}.xml`), `${head}${chunk}</urlset>`);
  }
  const index = readFileSync(join(siteDir, 'sitemap-index.xml'), 'utf8');
  const indexHead = index.slice(0, index.indexOf('<sitemap>'));
  const items = Array.from({ length: count }, (_, i) => `<sitemap><loc>${escapeXml(site)}/sitemap-${i}.xml</loc></sitemap>`).join('');
  writeFileSync(join(siteDir, 'sitemap-index.xml'), `${indexHead}${items}</sitemapindex>`);
}

export function patchSitemap(siteDir: string, publicBaseUrl: string, change: { added: string[]; removed: string[] }): void {
  if (change.added.length === 0 && change.removed.length === 0) return;
  const site = publicBaseUrl.replace(/\/+$/, '');
  const files = existsSync(siteDir) ? readdirSync(siteDir).filter((f) => /^sitemap-\d+\.xml$/.test(f)) : [];
  if (files.length === 0) return;
  files.sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  const gone = new Set(change.removed.flatMap((slug) => LOCALES.map((l) => site + localePath(l, `/shop/products/${slug}`))));
  for (const [i, name] of files.entries()) {
    const file = join(siteDir, name);
    let xml = readFileSync(file, 'utf8');
    if (gone.size)
      xml = xml.replace(/<url><loc>([^<]*)<\/loc>.*?<\/url>/g, (entry, loc: string) => (gone.has(loc.replace(/&amp;/g, '&')) ? '' : entry));
    if (i === files.length - 1 && change.added.length) {
      xml = xml.replace('</urlset>', change.added.map((slug) => productEntries(site, slug)).join('') + '</urlset>');
    }
    writeFileSync(file, xml);
  }
}

/** Of `slugs`, the products the sitemap in `siteDir` does not list yet. */
export function unlistedProducts(siteDir: string, publicBaseUrl: string, slugs: string[]): string[] {
  if (slugs.length === 0) return [];
  const site = publicBaseUrl.replace(/\/+$/, '');
  const files = existsSync(siteDir) ? readdirSync(siteDir).filter((f) => /^sitemap-\d+\.xml$/.test(f)) : [];
  const xml = files.map((f) => readFileSync(join(siteDir, f), 'utf8')).join('');
  return slugs.filter((slug) => !xml.includes(`<loc>${escapeXml(site + localePath('fa', `/shop/products/${slug}`))}</loc>`));
}
