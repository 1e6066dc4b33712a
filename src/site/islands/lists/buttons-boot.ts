/**
 * The page-load part of the list and dialog buttons (loaded on every page by the header): fills the
 * header counts from storage and waits for the first click on a [data-list-add] or
 * [data-product-dialog] button; only then is card-actions.ts (stores, notices, dialog requests)
 * imported. Keeps what every product page downloads to a few hundred bytes.
 */
import type { ListKind } from '../../stores/lists-state';
import { showCount, storedCount } from './list-counts';

const KINDS: ListKind[] = ['wishlist', 'compare'];
for (const kind of KINDS) showCount(kind, storedCount(kind));
// Another tab changed a list.
addEventListener('storage', (event) => {
  if (KINDS.includes(event.key as ListKind)) showCount(event.key as ListKind, storedCount(event.key as ListKind));
});

let actions: Promise<typeof import('./card-actions')> | null = null;
const load = () => (actions ??= import('./card-actions'));

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest<HTMLElement>('[data-list-add], [data-product-dialog]');
  if (!button) return;
  // The file icons are links to the page's own sections: with JavaScript they open the dialog instead.
  event.preventDefault();
  load()
    .then((m) => m.act(button))
    .catch(() => {
      actions = null;
    });
});
// Escape before a dialog has opened cancels its pending request, as closing would.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && actions) void actions.then((m) => m.cancelPending());
});
