/**
 * Where a page holds the frame every page of its language shares (test-mode banner, messages, header
 * with the departments menu and the search's category selector; the footer), rendered once per
 * language and build (src/site/components/SameOnEveryPage.astro). Read by the rebuild's frame swap
 * (src/build/shell-swap.ts) and by the compressed pages' store, which keeps the frame once
 * (src/build/compressed-pages.ts).
 */

/** The frame of a page: [from, to) stretches in page order; null when the page is not framed so. */
export function shellStretches(html: string): [number, number][] | null {
  const skip = html.indexOf('<a class="skip-link"');
  const headStart = skip < 0 ? -1 : html.indexOf('</a>', skip) + '</a>'.length;
  const switcher = headStart < 0 ? -1 : html.indexOf('<nav class="lang-switch"', headStart);
  const switcherEnd = switcher < 0 ? -1 : html.indexOf('</nav>', switcher) + '</nav>'.length;
  const main = switcherEnd < '</nav>'.length ? -1 : html.indexOf('<main id="main"', switcherEnd);
  const mainEnd = main < 0 ? -1 : html.lastIndexOf('</main>') + '</main>'.length;
  const body = mainEnd < '</main>'.length ? -1 : html.indexOf('</body>', mainEnd);
  if (body < 0) return null;
  return [
    [headStart, switcher],
    [switcherEnd, main],
    [mainEnd, body],
  ];
}
