/**
 * The page frame's header and footer come out the same on every page of a language: they are
 * rendered once per build and language, then copied into each page. They were a fifth of a product
 * page's rendering time, and a 100k-product catalogue makes 200k pages. Kept per build
 * (src/site/build-scope.ts), as src/site/data.ts keeps its reads.
 */
import { newBuildCheck } from './build-scope';

const rendered = new Map<string, Promise<string>>();
const isNewBuild = newBuildCheck();

export function renderOnce(key: string, render: () => Promise<string>): Promise<string> {
  if (isNewBuild()) rendered.clear();
  let html = rendered.get(key);
  if (!html) {
    html = render();
    rendered.set(key, html);
    // A failed render is not remembered: the next page tries again and reports its own error.
    html.catch(() => rendered.delete(key));
  }
  return html;
}

/** Where a page's own part goes inside a shared one (the language switcher links to this page). */
export const PAGE_OWN_PART = '<!--qateh:page-own-part-->';

/** The shared HTML with this page's own part put in its place. */
export const fillPageOwnPart = (shared: string, own: string): string => shared.replace(PAGE_OWN_PART, () => own);
