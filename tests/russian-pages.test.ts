/**
 * The English → Russian product page transform (src/build/russian-pages.ts). Full builds also check
 * it against Astro-rendered Russian pages (tests/storefront-build.test.ts builds through that check);
 * here its rules are pinned on a page shaped like ours.
 */
import { describe, expect, it } from 'vitest';
import { russianFromEnglish, sameExceptIslandIds } from '../src/build/russian-pages';
import { translator } from '../src/site/i18n';

const SITE = 'https://shop.example';
const en = [
  '<!DOCTYPE html><html lang="en" dir="ltr"> <head>',
  '<link rel="canonical" href="https://shop.example/en/shop/products/lm358n">',
  '<link rel="alternate" hreflang="fa-IR" href="https://shop.example/shop/products/lm358n">',
  '<link rel="alternate" hreflang="en" href="https://shop.example/en/shop/products/lm358n">',
  '<link rel="alternate" hreflang="ru" href="https://shop.example/ru/shop/products/lm358n">',
  '<meta property="og:url" content="https://shop.example/en/shop/products/lm358n">',
  '<meta property="og:locale" content="en_US"><meta property="og:locale:alternate" content="fa_IR"><meta property="og:locale:alternate" content="ru_RU">',
  '<script type="application/ld+json">{"item":"https://shop.example/en/shop/catalog","home":"https://shop.example/en"}</script>',
  '</head><body><a href="/en">Home</a><form action="/en/shop/search" method="get"></form>',
  `<nav class="lang-switch" aria-label="${translator('en')('lang.switch')}"> <a href="/shop/products/lm358n" hreflang="fa-IR" lang="fa">فارسی</a>`,
  '<a href="/en/shop/products/lm358n" hreflang="en" lang="en" aria-current="true">English</a><a href="/ru/shop/products/lm358n" hreflang="ru" lang="ru">Русский</a></nav>',
  '<astro-island uid="Zabc" prefix="r12" props="{&quot;locale&quot;:[0,&quot;en&quot;],&quot;slug&quot;:[0,&quot;lm358n&quot;]}" ssr client="visible"></astro-island>',
  '<div data-lazy-panel="reviews" data-props="{&#34;locale&#34;:&#34;en&#34;,&#34;productId&#34;:1}"></div>',
  '<a href="/en/site/contact-us?comment=part+%28https%3A%2F%2Fshop.example%2Fen%2Fshop%2Fproducts%2Flm358n%29">Request</a>',
  '<a href="https://www.st.com/resource/en/datasheet/lm358.pdf">Datasheet</a><p>see /en/ in text</p></body></html>',
].join('');

describe('Russian product page from the English one', () => {
  const ru = russianFromEnglish(en, SITE);

  it('is a Russian page whose own addresses live under /ru', () => {
    expect(ru).toContain('<html lang="ru" dir="ltr">');
    expect(ru).toContain('<link rel="canonical" href="https://shop.example/ru/shop/products/lm358n">');
    expect(ru).toContain('<meta property="og:url" content="https://shop.example/ru/shop/products/lm358n">');
    expect(ru).toContain(
      '<meta property="og:locale" content="ru_RU"><meta property="og:locale:alternate" content="fa_IR"><meta property="og:locale:alternate" content="en_US">',
    );
    expect(ru).toContain('{"item":"https://shop.example/ru/shop/catalog","home":"https://shop.example/ru"}');
    expect(ru).toContain('<a href="/ru">Home</a><form action="/ru/shop/search"');
    expect(ru).toContain('%2F%2Fshop.example%2Fru%2Fshop%2Fproducts%2Flm358n');
    expect(ru).toContain('props="{&quot;locale&quot;:[0,&quot;ru&quot;],&quot;slug&quot;:[0,&quot;lm358n&quot;]}"');
    expect(ru).toContain('data-props="{&#34;locale&#34;:&#34;ru&#34;,&#34;productId&#34;:1}"');
  });

  it('keeps the English alternates, marks Russian in the switcher with its Russian label', () => {
    expect(ru).toContain('<link rel="alternate" hreflang="en" href="https://shop.example/en/shop/products/lm358n">');
    expect(ru).toContain('<a href="/en/shop/products/lm358n" hreflang="en" lang="en">English</a>');
    expect(ru).toContain('<a href="/ru/shop/products/lm358n" hreflang="ru" lang="ru" aria-current="true">Русский</a>');
    expect(ru).toContain(`<nav class="lang-switch" aria-label="${translator('ru')('lang.switch')}">`);
  });

  it("leaves other sites' addresses and text alone", () => {
    expect(ru).toContain('href="https://www.st.com/resource/en/datasheet/lm358.pdf"');
    expect(ru).toContain('<p>see /en/ in text</p>');
  });

  it("compares pages apart from Astro's random island ids", () => {
    expect(sameExceptIslandIds(ru, ru.replace('uid="Zabc"', 'uid="Q9"'))).toBe(true);
    expect(sameExceptIslandIds(ru, ru.replace('lang="ru"', 'lang="en"'))).toBe(false);
  });

  it('gives each page its own switcher when pages share one header and footer', () => {
    const page = (slug: string) =>
      [
        '<!DOCTYPE html><html lang="en" dir="ltr"><head></head><body>',
        '<header class="site-header"><a href="/en/shop/cart">Cart</a>',
        `<nav class="lang-switch" aria-label="${translator('en')('lang.switch')}"><a href="/shop/products/${slug}" hreflang="fa-IR" lang="fa">فارسی</a>`,
        `<a href="/en/shop/products/${slug}" hreflang="en" lang="en" aria-current="true">English</a><a href="/ru/shop/products/${slug}" hreflang="ru" lang="ru">Русский</a></nav>`,
        '<a href="/en/site/faq">FAQ</a></header>',
        `<main><a href="/en/shop/products/${slug}-kit">Kit</a></main>`,
        '<footer><a href="/en/site/terms">Terms</a></footer></body></html>',
      ].join('');
    for (const slug of ['lm358n', 'ne555p', 'lm358n']) {
      const made = russianFromEnglish(page(slug), SITE);
      expect(made).toContain('<header class="site-header"><a href="/ru/shop/cart">Cart</a>');
      expect(made).toContain(
        `<a href="/en/shop/products/${slug}" hreflang="en" lang="en">English</a><a href="/ru/shop/products/${slug}" hreflang="ru" lang="ru" aria-current="true">Русский</a></nav>`,
      );
      expect(made).toContain('<a href="/ru/site/faq">FAQ</a></header>');
      expect(made).toContain(`<main><a href="/ru/shop/products/${slug}-kit">Kit</a></main>`);
      expect(made).toContain('<footer><a href="/ru/site/terms">Terms</a></footer>');
    }
  });
});
