/**
 * Where the static build puts a page (Astro's 'preserve' format, astro.config.mjs): a page is
 * `<path>.html` beside its siblings, an index page (home, /en, /shop/catalog) `<path>/index.html`.
 * One rule for the server that serves the pages, the build steps that write or remove them, and the
 * tests that read them.
 */
import { join } from 'node:path';
import { compressedPageFile } from './compressed-pages';

/**
 * The files that may hold the page at `urlPath` under `root`, in the order to try them: the file
 * form first, so a folder left by an older layout never shadows a newer page.
 */
export function pageFileCandidates(root: string, urlPath: string): string[] {
  const clean = urlPath.replace(/^\/+|\/+$/g, '');
  return clean ? [join(root, `${clean}.html`), join(root, clean, 'index.html')] : [join(root, 'index.html')];
}

/**
 * A product page's file; `prefix` is '' (Persian), 'en/' or 'ru/'. A page rendered on request is kept
 * compressed beside this name instead (src/build/compressed-pages.ts: `.html.br`).
 */
export const productPageFile = (siteDir: string, prefix: string, slug: string): string =>
  join(siteDir, `${prefix}shop/products/${slug}.html`);

/** Both forms a product page may be kept in on disk: HTML and compressed (`.html.br`). */
export const productPageFiles = (siteDir: string, prefix: string, slug: string): string[] => {
  const html = productPageFile(siteDir, prefix, slug);
  return [html, compressedPageFile(html)];
};
