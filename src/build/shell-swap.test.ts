import { describe, expect, it } from 'vitest';
import { pageLanguagePrefix, shellOf, withShell } from './shell-swap';

/** A page as BaseLayout lays it out: skip link, shared frame around the page's own switcher, body, footer. */
const page = (menu: string, switcher: string, body: string, footer = '<footer>f</footer>') =>
  `<html><head></head><body><a class="skip-link" href="#main">skip</a><div class="banner"></div><header class="site-header"><ul>${menu}</ul>` +
  `<nav class="lang-switch" aria-label="x"><a href="${switcher}">en</a></nav></header><main id="main" class="container page">${body}</main>${footer}</body></html>`;

describe('shell swap', () => {
  it('takes the shared frame of a page: before the switcher, after it up to the body, after the body', () => {
    expect(shellOf(page('<li>ICs</li>', '/en/a', '<h1>A</h1>'))).toEqual([
      '<div class="banner"></div><header class="site-header"><ul><li>ICs</li></ul>',
      '</header>',
      '<footer>f</footer>',
    ]);
  });

  it('puts the new frame around a page, keeping its own switcher and body', () => {
    const fresh = shellOf(page('<li>Chips</li>', '/en/home', '<p>home</p>', '<footer>g</footer>'))!;
    expect(withShell(page('<li>ICs</li>', '/en/a', '<h1>A</h1>'), fresh)).toBe(
      page('<li>Chips</li>', '/en/a', '<h1>A</h1>', '<footer>g</footer>'),
    );
  });

  it('leaves a page that has the frame already, or is not framed so, alone', () => {
    const shell = shellOf(page('<li>ICs</li>', '/en/home', ''))!;
    expect(withShell(page('<li>ICs</li>', '/en/a', '<h1>A</h1>'), shell)).toBeNull();
    expect(withShell('<html><body>plain</body></html>', shell)).toBeNull();
    expect(shellOf('<html><body><a class="skip-link">s</a><main id="main"></main></body></html>')).toBeNull();
  });

  it('a body mentioning </main> or a lang-switch inside text does not move the frame', () => {
    const html = page('<li>ICs</li>', '/en/a', '<pre>&lt;/main&gt;</pre><main id="inner"></main>');
    const shell = shellOf(page('<li>Chips</li>', '/en/home', ''))!;
    expect(withShell(html, shell)).toBe(page('<li>Chips</li>', '/en/a', '<pre>&lt;/main&gt;</pre><main id="inner"></main>'));
  });

  it.each([
    ['index.html', ''],
    ['shop/products/x.html', ''],
    ['en/shop/products/x.html', 'en/'],
    ['ru/index.html', 'ru/'],
    ['entry.html', ''],
  ])('%s is a page of language %j', (rel, prefix) => {
    expect(pageLanguagePrefix(rel)).toBe(prefix);
  });
});
