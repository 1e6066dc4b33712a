/**
 * The page frame's header and footer come out the same on every page of a language: they are
 * rendered once per build and language, then copied into each page. They were a fifth of a product
 * page's rendering time, and a 100k-product catalogue makes 200k pages. Keyed by build, as
 * src/site/data.ts is, because Astro may reuse this module for a later build in the same process.
 */
const rendered = new Map<string, Promise<string>>();
let buildId: string | undefined;

export function renderOnce(key: string, render: () => Promise<string>): Promise<string> {
  const current = process.env.QATEH_BUILD_ID ?? '';
  if (current !== buildId) {
    buildId = current;
    rendered.clear();
  }
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
