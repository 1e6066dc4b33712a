/**
 * Toasts (spec §9): shown 5000 ms, kept while hovered; kinds primary, warning, info, error, success.
 * Any island pushes one with showToast(); the header script (islands/header/shell/toaster.ts) draws them.
 */
import { atom } from 'nanostores';

export type ToastKind = 'primary' | 'warning' | 'info' | 'error' | 'success';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export const TOAST_MS = 5000;
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function showToast(text: string, kind: ToastKind = 'primary'): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, text }]);
  return id;
}

// A toast that must outlive a reload (the page reloads right after a success) waits here for the next page.
const NEXT_PAGE_KEY = 'qateh:toast';

/** Shows the toast on the next page this tab loads (e.g. after location.reload()). */
export function showToastAfterReload(text: string, kind: ToastKind = 'primary'): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify({ text, kind }));
  } catch {
    showToast(text, kind); // storage refused (private mode, quota): at least show it now
  }
}

/** Called once per page by the toaster: shows (and forgets) what the previous page left behind. */
export function showCarriedToast(): void {
  try {
    const raw = sessionStorage.getItem(NEXT_PAGE_KEY);
    if (!raw) return;
    sessionStorage.removeItem(NEXT_PAGE_KEY);
    const { text, kind } = JSON.parse(raw) as Partial<Toast>;
    if (typeof text === 'string' && text) showToast(text, kind ?? 'primary');
  } catch {
    /* nothing carried over */
  }
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
