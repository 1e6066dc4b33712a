/**
 * Which product pages a refresher pass (src/build/product-page-refresher.ts) renders again by itself,
 * from the products changed in its window. Pure: table-tested in page-refresh-plan.test.ts.
 */

export interface PageRefreshInput {
  /** Products changed in the window, newest first (a product may appear once per change seen). */
  changed: { slug: string; updatedAt: string }[];
  /** The window held more changes than were read: a bulk change (import, reprice) is under way. */
  truncated: boolean;
  /** Each product's change whose pages were already refreshed (or left to the rebuild). */
  done: ReadonlyMap<string, string>;
  /** Most products refreshed one by one in a pass; more are left to the rebuild's partial build. */
  limit: number;
}

export interface PageRefreshPlan {
  /** Products whose pages to render again (or remove) now. */
  refresh: string[];
  /** Changed products left to the rebuild, which renders many pages faster in its build. */
  leftToRebuild: string[];
  /** What `done` becomes once the pass is over: the window's changes, every one handled. */
  done: Map<string, string>;
}

export function planPageRefresh(input: PageRefreshInput): PageRefreshPlan {
  const latest = new Map<string, string>();
  for (const c of input.changed) if (!latest.has(c.slug)) latest.set(c.slug, c.updatedAt);
  const pending = [...latest].filter(([slug, at]) => input.done.get(slug) !== at).map(([slug]) => slug);
  const bulk = input.truncated || pending.length > input.limit;
  // Changes that left the window are not seen again, so they need not be remembered; a cut window
  // may hide older ones still in it, so then nothing is forgotten.
  const done = input.truncated ? new Map(input.done) : new Map<string, string>();
  for (const [slug, at] of latest) done.set(slug, at);
  return { refresh: bulk ? [] : pending, leftToRebuild: bulk ? pending : [], done };
}
