/**
 * What the list and dialog buttons do, loaded by buttons-boot.ts on the first click (so pages carry
 * only the boot script until a shopper uses a button):
 *  - [data-list-add="wishlist|compare"][data-product='{…}'] adds to the persisted list and shows the
 *    spec's notice (texts from locales, rendered into #lists-notices by the header);
 *  - [data-product-dialog="quickview|footprint|applicationnote"][data-slug] fetches the product and
 *    opens its dialog 50 ms after the data arrives; a newer request cancels a pending one. The
 *    dialogs' code (React, the buy box) is imported on the first open only.
 * From here on the header counts follow the stores.
 */
import type { Product } from '../../../api/schemas/catalogue';
import { addToList, LISTS } from '../../stores/lists';
import { toEntry, type AddOutcome, type ListKind } from '../../stores/lists-state';
import { showToast, type ToastKind } from '../../stores/toasts';
import { call } from '../ui/api';
import type { Locale } from '../ui/locale';
import { latestRequest } from './dialog-request';
import { followCounts } from './list-counts-live';
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
  try {
    entry = toEntry(JSON.parse(button.dataset.product ?? ''));
  } catch {
    /* a broken attribute adds nothing */
  }
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
      const [{ data }] = await Promise.all([call('GET', '/get/products/{slug}', { params: { slug }, signal }), code]);
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

/** Handles a click on a list or dialog button (called by buttons-boot.ts). */
export function act(button: HTMLElement): void {
  if (button.dataset.listAdd) {
    addFrom(button);
    return;
  }
  const slug = button.dataset.slug;
  if (button.dataset.productDialog && slug) void openDialog(button.dataset.productDialog as DialogKind, slug, button);
}

export const cancelPending = (): void => request.cancel();

followCounts();
