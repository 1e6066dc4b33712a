/**
 * The one small script behind every card's and the product page's list and dialog buttons, by event
 * delegation so the static cards need no island each (and the React cards of listings share it):
 *  - [data-list-add="wishlist|compare"][data-product='{…}'] adds to the persisted list and shows the
 *    spec's notice (texts from locales, rendered into #lists-notices by the header);
 *  - [data-list-count="wishlist|compare"] shows the list's size;
 *  - [data-product-dialog="quickview|footprint|applicationnote"][data-slug] fetches the product and
 *    opens its dialog 50 ms after the data arrives; a newer request cancels a pending one. The
 *    dialogs' code (React, the buy box) is imported on the first open only.
 */
import type { Product } from '../../../api/schemas/catalogue';
import { addToList, LISTS } from '../../stores/lists';
import { toEntry, type AddOutcome, type ListKind } from '../../stores/lists-state';
import { showToast, type ToastKind } from '../../stores/toasts';
import { getJson } from '../ui/api';
import type { Locale } from '../ui/locale';
import { latestRequest } from './dialog-request';
import type { DialogKind } from './dialogs';

const locale = (): Locale => {
  const lang = document.documentElement.lang;
  return lang === 'en' || lang === 'ru' ? lang : 'fa';
};
/** data-wishlist-added, data-compare-duplicate … on #lists-notices. */
const notice = (key: string): string => document.getElementById('lists-notices')?.dataset[key] ?? '';

const TOAST_KIND: Record<AddOutcome, ToastKind> = { added: 'success', duplicate: 'info', full: 'warning' };
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function addFrom(button: HTMLElement): void {
  const kind = button.dataset.listAdd as ListKind;
  if (!(kind in LISTS)) return;
  let entry = null;
  try { entry = toEntry(JSON.parse(button.dataset.product ?? '')); } catch { /* a broken attribute adds nothing */ }
  if (!entry) return;
  const outcome = addToList(kind, entry);
  showToast(notice(`${kind}${cap(outcome)}`), TOAST_KIND[outcome]);
}

const request = latestRequest<Product>();
let dialogs: Promise<typeof import('./dialogs')> | null = null;

async function openDialog(kind: DialogKind, slug: string, opener: HTMLElement): Promise<void> {
  dialogs ??= import('./dialogs');
  const code = dialogs;
  opener.setAttribute('aria-busy', 'true');
  try {
    const product = await request.run(async (signal) => {
      const [{ data }] = await Promise.all([getJson<{ data: Product }>(`/get/products/${encodeURIComponent(slug)}`, undefined, signal), code]);
      return data;
    });
    if (product) (await code).showDialog(kind, product, locale(), opener, () => request.cancel());
  } catch {
    dialogs = null;
    showToast(notice('loadFailed'), 'error');
  } finally {
    opener.removeAttribute('aria-busy');
  }
}

function showCounts(): void {
  const digits = new Intl.NumberFormat(locale() === 'fa' ? 'fa-IR' : 'en-US');
  for (const [kind, store] of Object.entries(LISTS)) {
    store.subscribe((list) => {
      for (const el of document.querySelectorAll<HTMLElement>(`[data-list-count="${kind}"]`)) {
        el.textContent = digits.format(list.length);
        el.hidden = list.length === 0;
      }
    });
  }
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const add = target?.closest<HTMLElement>('[data-list-add]');
  if (add) { event.preventDefault(); addFrom(add); return; }
  const opener = target?.closest<HTMLElement>('[data-product-dialog]');
  const slug = opener?.dataset.slug;
  if (opener && slug) {
    event.preventDefault();
    void openDialog(opener.dataset.productDialog as DialogKind, slug, opener);
  }
});
// Escape before the dialog has opened cancels the pending request as closing would.
document.addEventListener('keydown', (event) => { if (event.key === 'Escape') request.cancel(); });
showCounts();
