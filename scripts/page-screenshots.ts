/**
 * `node --import tsx scripts/page-screenshots.ts DIR OUT [home,listing,…]`: serves a built site
 * (`npm run bench:pages -- --out DIR`) with the real server and takes a full-page screenshot of every
 * page type in Persian and English at 375 and 1280 px into OUT (`<page>-<lang>-<width>.png`), printing
 * each page's status and whether the document is wider than the screen. For looking at the pages by
 * eye after a change to layout or styles; a screenshot shows cards below the first screen empty
 * (content-visibility renders them when scrolled near). Guest views: account pages show the sign-in.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openBuiltSite } from './bench/built-site-browser';

const [dir, out, only] = [process.argv[2], process.argv[3], process.argv[4]?.split(',')];
if (!dir || !out) throw new Error('usage: page-screenshots.ts DIR OUT [page,…]');

async function main() {
  mkdirSync(out!, { recursive: true });
  const site = await openBuiltSite(dir!);
  const { browser, api } = site;
  try {
    const { category, product } = site.sample;
    const post = (await api('/blog/posts?limit=1')).data.items[0]?.slug;
    const pages: [string, string][] = [
      ['home', '/'],
      ['listing', `/shop/catalog/${category}`],
      ['products', '/shop/products'],
      ['product', `/shop/products/${product}`],
      ['product-standard', '/shop/product-standard'],
      ['product-sidebar', '/shop/product-sidebar'],
      ['product-columnar', '/shop/product-columnar'],
      ['cart', '/shop/cart'],
      ['checkout', '/shop/checkout'],
      ['compare', '/shop/compare'],
      ['wishlist', '/shop/wishlist'],
      ['track-order', '/shop/track-order'],
      ['receipt', '/shop/receipt'],
      ['login', '/account/login'],
      ['register', '/account/register'],
      ['dashboard', '/account/dashboard'],
      ['blog', '/blog/category-classic'],
      ['blog-post', post ? `/blog/${post}` : '/blog/post-classic'],
      ['faq', '/site/faq'],
      ['terms', '/site/terms'],
      ['returns', '/site/returns'],
      ['contact', '/site/contact-us'],
    ];
    for (const width of [375, 1280]) {
      const phone = width < 768;
      const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: phone, hasTouch: phone });
      const page = await context.newPage();
      for (const [name, path] of pages) {
        if (only && !only.includes(name)) continue;
        for (const lang of ['fa', 'en']) {
          const res = await page.goto(site.url + (lang === 'en' ? '/en' : '') + path, { waitUntil: 'networkidle' });
          const docWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          console.log(`${name} ${lang} ${width}: ${res?.status()}${docWidth > width ? `, document ${docWidth} px wide` : ''}`);
          await page.screenshot({ path: join(out!, `${name}-${lang}-${width}.png`), fullPage: true });
        }
      }
      await context.close();
    }
  } finally {
    await site.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
