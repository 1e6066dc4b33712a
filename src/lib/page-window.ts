/**
 * Which page numbers a pager shows: the first and last always, and `siblings` pages either side of
 * the current one (spec §9: reviews and comments use 3, other lists 1). Gaps are where two shown
 * numbers are not neighbours. Pages outside 1..pages never appear.
 */
/** Spec §9: the siblings each side of the current page in listings (and most lists) … */
export const LIST_SIBLINGS = 1;
/** … and under a product's reviews and questions. */
export const ENGAGEMENT_SIBLINGS = 3;

export function pageWindow(page: number, pages: number, siblings: number): number[] {
  if (pages < 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  const shown = new Set([1, pages]);
  for (let n = current - siblings; n <= current + siblings; n++) if (n >= 1 && n <= pages) shown.add(n);
  return [...shown].sort((a, b) => a - b);
}
