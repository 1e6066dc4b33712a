/**
 * `client:interaction`: an island that only reacts to the shopper (the product gallery: thumbnails,
 * hover zoom, the full-screen viewer) is hydrated when the shopper reaches for it — pointer over it,
 * a touch, focus in it — and not with the page, so its framework code (React DOM, most of a page's
 * JavaScript) stays out of the page load. A click that comes before the code has arrived is held and
 * given again to the same element once the island is hydrated (React keeps the server's elements).
 * `client:interaction="query"` (the catalogue listing, whose static HTML is its default first page):
 * an address with a query (`?page=2`, `?sort=…`, a shared filtered link) asks for another state than
 * the HTML shows, so the island is hydrated at once to show it.
 * Astro inlines this file into the pages that use it: it imports nothing.
 */
import type { ClientDirective } from 'astro';

const STARTERS = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const;
const HELD = 'button, input, select, textarea, label, summary';

const interaction: ClientDirective = (load, options, el) => {
  let started: Promise<void> | null = null;
  const start = () => {
    started ??= load()
      .then((hydrate) => hydrate())
      .then(
        () => {
          for (const type of STARTERS) el.removeEventListener(type, begin);
          el.removeEventListener('click', holdClick, true);
        },
        (err: unknown) => {
          // Tried again on the next reach (a chunk that fails to load also reloads the page once).
          started = null;
          throw err;
        },
      );
    return started;
  };
  const begin = () => void start();
  const holdClick = (e: Event) => {
    // Only a click on a control is held. A link is left to the browser (the page it opens shows what
    // the island would: see "query" above), and a click on anything else reaches the page's other
    // listeners at once (a click outside an open header menu closes it).
    const control = e.target instanceof Element ? e.target.closest<HTMLElement>(HELD) : null;
    if (!control) return;
    e.preventDefault();
    e.stopPropagation();
    void start().then(() => {
      if (control.isConnected) control.click();
    });
  };
  for (const type of STARTERS) el.addEventListener(type, begin, { passive: true });
  el.addEventListener('click', holdClick, true);
  if (options.value === 'query' && location.search) begin();
};

export default interaction;
