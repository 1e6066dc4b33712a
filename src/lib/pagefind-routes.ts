/**
 * Which Pagefind bundle(s) of the search fallback a query needs (src/build/search-index.ts writes
 * them). Cutting the catalogue into bundles by product id made every query load and merge every
 * bundle (≈ 100 at a million products, ≈ 8 MB). Instead the bundles cut the *vocabulary*: the folded
 * words of every product's search text, sorted, split into contiguous ranges, and a bundle holds every
 * product having a word in its range. Pagefind matches a product only when every query word is a prefix
 * of one of its words, so all products matching a query sit in the bundles whose range meets the
 * prefix range of any one of its words: the fallback loads only those (usually one), read from a small
 * routing file of the ranges. A word too common to fit one bundle gets a bundle of its own holding its
 * first PART_PRODUCTS products (marked capped): a query made only of such words shows a page of real
 * matches, not all of them; any other word of the query is picked first.
 *
 * Pure functions, shared by the build (planning bundles, incremental updates) and the search island.
 */
import { searchTokens } from './search-text';

/** One bundle's word range, inclusive: [first word, last word, bundle folder name, capped?]. */
export type RouteEntry = [from: string, to: string, bundle: string, capped?: 1];

/** The routing file (dist/pagefind/routes.json) the island reads: ranges sorted by their first word. */
export interface SearchRoutes {
  v: 1;
  routes: RouteEntry[];
}

export const ROUTES_FILE = 'routes.json';

/**
 * Most bundles one query loads. A one-letter query can meet many ranges; past this it shows the
 * matches of the first ones (a page of real hits) rather than fetching a large share of the index.
 */
export const MAX_QUERY_BUNDLES = 4;

/** The words a product is routed by: every distinct word of its folded search text. */
export const routeWords = (foldedText: string): string[] => [...new Set(foldedText.split(' ').filter(Boolean))];

// Pagefind stems English words (the index language is English): "regulators" and "regulator" meet at
// one stem, "battery" finds "batteries". The route is taken by the token without the endings the
// stemmer takes off, so the range looked at always holds the words the stem matches. Cutting more
// only widens the range (a few more bytes), never loses a match.
const ENGLISH_ENDINGS = ['ational', 'ations', 'ation', 'ings', 'ing', 'ies', 'ied', 'ers', 'er', 'es', 'ed', 'ly', 's', 'y', 'e'];

/** The prefix a query token is routed by: the token, without English endings the stemmer may change. */
export function routePrefix(token: string): string {
  if (!/^[a-z]{4,}$/.test(token)) return token;
  for (const end of ENGLISH_ENDINGS) if (token.endsWith(end) && token.length - end.length >= 3) return token.slice(0, -end.length);
  return token;
}

/** Could a word starting with `prefix` lie in the sorted range [from, to]? */
export const rangeMeets = (from: string, to: string, prefix: string): boolean => to >= prefix && (from < prefix || from.startsWith(prefix));

/** The bundles (routing entries) whose range meets the prefix of `token`. */
export function routesOf(routes: SearchRoutes, token: string): RouteEntry[] {
  const prefix = routePrefix(token);
  return routes.routes.filter(([from, to]) => rangeMeets(from, to, prefix));
}

export interface QueryBundles {
  /** Bundle folder names to load, in routing order; empty: nothing can match, load nothing. */
  bundles: string[];
  /** True when the matches shown may be fewer than all (a capped common word, or a cut at MAX_QUERY_BUNDLES). */
  partial: boolean;
}

/**
 * The bundles a (raw, unfolded) query needs. Every query word must match, so any one word's
 * bundles hold all the matches: the word needing the fewest bundles is taken, one whose bundles are
 * whole before a capped one. A word meeting no range means no product can match.
 */
export function bundlesForQuery(routes: SearchRoutes, query: string): QueryBundles {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return { bundles: [], partial: false };
  let best: RouteEntry[] | null = null;
  const cost = (r: RouteEntry[]) => (r.some((e) => e[3]) ? 1_000_000 : 0) + r.length;
  for (const token of tokens) {
    const found = routesOf(routes, token);
    if (found.length === 0) return { bundles: [], partial: false };
    if (!best || cost(found) < cost(best)) best = found;
  }
  const chosen = best!.slice(0, MAX_QUERY_BUNDLES);
  return {
    bundles: [...new Set(chosen.map((e) => e[2]))],
    partial: best!.length > MAX_QUERY_BUNDLES || chosen.some((e) => e[3]),
  };
}

/**
 * When a word counts as common and how many of its products its capped bundle keeps. Left in the
 * ranges, the ~200 words of a catalogue's names and packages ("پکیج", "soic", "regulator") would pull
 * each product into a bundle per word (×8 records at 10k products); a common word's bundle instead
 * keeps a sample of ten result pages, and a query naming anything rarer is routed by that.
 */
export const commonWords = (limit: number) => ({ over: Math.max(1, Math.floor(limit / 10)), keep: Math.min(limit, 240) });

export interface PlannedBundle {
  from: string;
  to: string;
  /** Product slugs, sorted. */
  slugs: string[];
  capped?: true;
}

/**
 * Cuts the sorted vocabulary of `products` (slug → route words) into ranges whose products number at
 * most `limit`: a range grows word by word until the next word would bring its products past the
 * limit. A word found in more than `limit` products alone is a capped range of its first `limit`
 * products (by slug). `within`, when given, keeps only the words inside that range (splitting one
 * bundle that outgrew the limit during incremental updates).
 */
export function planBundles(
  products: Iterable<[string, string[]]>,
  limit: number,
  within?: [string, string],
  common: { over: number; keep: number } = commonWords(limit),
): PlannedBundle[] {
  const byWord = new Map<string, string[]>();
  for (const [slug, words] of products)
    for (const word of words) {
      if (within && (word < within[0] || word > within[1])) continue;
      let list = byWord.get(word);
      if (!list) byWord.set(word, (list = []));
      list.push(slug);
    }
  const out: PlannedBundle[] = [];
  let current: { from: string; to: string; slugs: Set<string> } | null = null;
  const close = () => {
    if (current) out.push({ from: current.from, to: current.to, slugs: [...current.slugs].sort() });
    current = null;
  };
  for (const word of [...byWord.keys()].sort()) {
    const slugs = byWord.get(word)!;
    if (slugs.length > common.over) {
      close();
      out.push({ from: word, to: word, slugs: [...slugs].sort().slice(0, common.keep), capped: true });
      continue;
    }
    if (current) {
      const open: { slugs: Set<string> } = current;
      const added = slugs.filter((s) => !open.slugs.has(s)).length;
      if (open.slugs.size + added > limit) close();
    }
    if (!current) current = { from: word, to: word, slugs: new Set() };
    const c: { to: string; slugs: Set<string> } = current;
    c.to = word;
    for (const s of slugs) c.slugs.add(s);
  }
  close();
  return out;
}

/** The routing file of bundles (folder name → range), sorted by range. */
export function routesFile(bundles: { name: string; from: string; to: string; capped?: boolean }[]): SearchRoutes {
  return {
    v: 1,
    routes: [...bundles]
      .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : 1))
      .map((b): RouteEntry => (b.capped ? [b.from, b.to, b.name, 1] : [b.from, b.to, b.name])),
  };
}
