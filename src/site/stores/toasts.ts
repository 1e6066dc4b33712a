/**
 * Toasts (spec §9): shown 5000 ms, kept while hovered; kinds primary, warning, info, error, success.
 * Any island pushes one with showToast(); the header script (islands/header/shell/toaster.ts) draws them.
 */
import { atom } from 'nanostores';

export type ToastKind = 'primary' | 'warning' | 'info' | 'error' | 'success';
export interface Toast { id: number; kind: ToastKind; text: string }

export const TOAST_MS = 5000;
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function showToast(text: string, kind: ToastKind = 'primary'): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, text }]);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
