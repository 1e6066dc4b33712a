/**
 * Keeps the sitemap (written by @astrojs/sitemap on a full build) in step with an incremental
 * rebuild without rewriting it: entries of removed products are cut out, entries of new products
 * (all three languages, each with its hreflang alternates) are appended to the last sitemap file.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_TAGS, LOCALES, localePath } from '../site/i18n';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function productEntries(site: string, slug: string): string {
  const url = (l: (typeof LOCALES)[number]) => escapeXml(site + localePath(l, `/shop/products/${slug}`));
  const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[l]}" href="${url(l)}"/>`).join('');
  return LOCALES.map((l) => `<url><loc>${url(l)}</loc>${alternates}</url>`).join('');
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
    if (gone.size) xml = xml.replace(/<url><loc>([^<]*)<\/loc>.*?<\/url>/g, (entry, loc: string) => (gone.has(loc.replace(/&amp;/g, '&')) ? '' : entry));
    if (i === files.length - 1 && change.added.length) {
      xml = xml.replace('</urlset>', change.added.map((slug) => productEntries(site, slug)).join('') + '</urlset>');
    }
    writeFileSync(file, xml);
  }
}
