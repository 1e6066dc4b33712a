/**
 * The header's wishlist and compare counts ([data-list-count] in components/lists/ListIndicators.astro).
 * showCount needs no store, so the page-load script can fill the counts from storage without loading
 * nanostores; followCounts keeps them in step with the stores once a list is used on the page.
 */
import type { ListKind } from '../../stores/lists-state';

export function showCount(kind: ListKind, count: number): void {
  const digits = new Intl.NumberFormat(document.documentElement.lang === 'fa' ? 'fa-IR' : 'en-US');
  for (const el of document.querySelectorAll<HTMLElement>(`[data-list-count="${kind}"]`)) {
    el.textContent = digits.format(count);
    el.hidden = count === 0;
  }
}

/** What is stored under the list's key, counted without decoding it fully (the stores do that). */
export function storedCount(kind: ListKind): number {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(kind) ?? '[]');
    return Array.isArray(value) ? value.length : 0;
  } catch {
    return 0;
  }
}
