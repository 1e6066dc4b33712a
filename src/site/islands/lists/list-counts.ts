/**
 * The header's wishlist and compare counts ([data-list-count] in components/lists/ListIndicators.astro).
 * showCount needs no store, so the page-load script can fill the counts from storage without loading
 * nanostores; followCounts keeps them in step with the stores once a list is used on the page.
 */
import type { ListKind } from '../../stores/lists-state';

export function showCount(kind: ListKind, count: number): void {
  // An empty list's badge is hidden: no Intl object for it (the page's first one costs tens of ms at load).
  const text = count === 0 ? '' : new Intl.NumberFormat(document.documentElement.lang === 'fa' ? 'fa-IR' : 'en-US').format(count);
  for (const el of document.querySelectorAll<HTMLElement>(`[data-list-count="${kind}"]`)) {
    el.textContent = text;
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
