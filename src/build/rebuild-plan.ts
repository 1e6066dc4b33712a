/**
 * Which pages an incremental rebuild touches (src/build/rebuild.ts), decided from what changed and
 * what the manifest says the pages were rendered from. Pure: table-tested in rebuild-plan.test.ts.
 */
import type { ProductRecord } from './build-record';

export interface RebuildPlanInput {
  /** The manifest's product pages: data hash and listings (category trail) each was rendered with. */
  manifest: Record<string, ProductRecord>;
  /** Products changed since the build, with their fresh data hash and category trail. */
  fresh: Map<string, { hash: string; listings: string[] }>;
  /** Products disabled or deleted since the build. */
  removed: string[];
  /** Categories edited since the build (renamed, moved, new image). */
  categories: string[];
  /** Products under the edited categories now (their pages show the category in breadcrumbs). */
  underCategories: string[];
  /** The edited categories' trails in the tree now (root → the category): a moved one has new ancestors. */
  categoryTrails: Record<string, string[]>;
  /** The site renders product pages on their first request: a page to refresh is dropped, not rendered. */
  onRequest: boolean;
}

export interface RebuildPlan {
  /** Product pages to render again now. */
  render: string[];
  /** Product pages to delete so that their next request renders them from fresh data. */
  forget: string[];
  /** Products whose pages go (every one disabled or deleted: also pages rendered on request, which the manifest does not list). */
  removed: string[];
  /** First pages of listings to render again ('' is /shop/catalog). */
  listings: string[];
}

export function planRebuild(input: RebuildPlanInput): RebuildPlan {
  const removed = [...new Set(input.removed)];
  const gone = new Set(removed);
  const changed = [...input.fresh].filter(([slug, f]) => input.manifest[slug]?.hash !== f.hash).map(([slug]) => slug);
  // A page showing an edited category in its breadcrumbs: under it now, or under it when rendered.
  const edited = new Set(input.categories);
  const showsCategory = [
    ...input.underCategories,
    ...Object.entries(input.manifest)
      .filter(([, r]) => r.listings.some((c) => edited.has(c)))
      .map(([slug]) => slug),
  ];
  const refresh = [...new Set([...changed, ...showsCategory])].filter((slug) => !gone.has(slug));
  const listings = new Set<string>();
  for (const slug of [...refresh, ...removed]) {
    for (const c of input.manifest[slug]?.listings ?? []) listings.add(c);
    for (const c of input.fresh.get(slug)?.listings ?? []) listings.add(c);
  }
  // An edited category's own listing and its trail, where it was (above) and where it is now.
  for (const c of input.categories) {
    listings.add(c);
    for (const t of input.categoryTrails[c] ?? []) listings.add(t);
  }
  if (listings.size > 0 || refresh.length > 0 || removed.length > 0) listings.add('');
  return {
    render: input.onRequest ? [] : refresh,
    forget: input.onRequest ? refresh : [],
    removed,
    listings: [...listings].sort(),
  };
}

/** What a partial rebuild's changes touch, by the kind of data a page reads. */
export interface ChangedData {
  products: boolean;
  categories: boolean;
  pages: boolean;
  posts: boolean;
  slides: boolean;
}

/**
 * The kinds of change each read of src/site/data.ts shows (src/build/page-data-use.ts finds the reads
 * of each page). A read not listed here (a new one, or a page reading the API by itself) counts as
 * showing every change, so such a page is always rendered.
 */
const READ_SHOWS: Record<string, (keyof ChangedData)[]> = {
  // The shared frame: the rebuild compares it on the home pages and swaps it into every other page as text.
  shellData: [],
  PAGE_SIZE: [],
  categoryTree: ['products', 'categories'],
  flatCategories: ['products', 'categories'],
  firstListingPage: ['products', 'categories'],
  productEntries: ['products', 'categories'],
  productPage: ['products', 'categories'],
  homeRows: ['products'],
  homeBrands: ['products'],
  productLayoutDemo: ['products'],
  homeSlides: ['slides'],
  contentPage: ['pages'],
  storePage: ['pages'],
  blogSummaries: ['posts'],
  blogPost: ['posts'],
};

/** The home page: always rendered, the rebuild reads each language's shared frame from it. */
export const HOME_PAGE = 'src/site/pages/[...lang]/index.astro';

/**
 * The pages (their sources, as Astro names a page's component) a partial build renders for `changed`,
 * given what each page reads (`use`). Product and listing routes render only the products and
 * listings the build names; a fixed page is rendered when it shows any of what changed.
 */
export function fixedPagesToRender(use: Record<string, string[]>, changed: ChangedData): string[] {
  const shows = (read: string) => {
    const kinds = Object.hasOwn(READ_SHOWS, read) ? READ_SHOWS[read]! : null;
    return kinds === null || kinds.some((k) => changed[k]);
  };
  return Object.entries(use)
    .filter(([page, reads]) => page === HOME_PAGE || reads.some(shows))
    .map(([page]) => page)
    .sort();
}

/** A category's trail (root → it) in a tree of `{ slug, children }`; [] when it is not there. */
export function categoryTrail(tree: { slug: string; children: unknown[] }[], slug: string): string[] {
  type Node = { slug: string; children: Node[] };
  const walk = (nodes: Node[], trail: string[]): string[] | null => {
    for (const n of nodes) {
      const here = [...trail, n.slug];
      if (n.slug === slug) return here;
      const below = walk(n.children, here);
      if (below) return below;
    }
    return null;
  };
  return walk(tree as Node[], []) ?? [];
}
