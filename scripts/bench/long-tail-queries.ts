/**
 * The long tail of real traffic for the API benchmark: thousands of distinct requests, so the read
 * cache helps about as much as it does in a shop, not more. Drawn from the shared catalogue and from
 * products of the bench database itself (the synthetic ones), deterministically.
 *
 * Kinds: `suggestion` (the header dropdown, part numbers typed keystroke by keystroke, whole part
 * numbers, typos, Persian and English words), `search` (the search page: getProduct with text),
 * `listing` (a category page: getProduct with a category, deep pages, sorts and filters).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { SHARED_DATA } from './queries';
import { SUGGESTION_FIRST_TAKE, SUGGESTION_LIMIT, SUGGESTION_TAKE } from '../../src/lib/suggestion-sizes';

const API = '/api/site/v1';
/** One suggestions list in this many is scrolled towards its end, which asks for the rest of its rows. */
const SCROLLED = 20;

export const KINDS = ['suggestion', 'search', 'listing'] as const;
export type Kind = (typeof KINDS)[number];

export interface BenchRequest {
  kind: Kind;
  path: string;
}

interface Source {
  partNumbers: string[];
  namesEn: string[];
  namesFa: string[];
  categories: string[];
}

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(list: readonly T[], next: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The shared catalogue plus every 50th product of the bench database (synthetic part numbers and names). */
async function readSource(db: Db): Promise<Source> {
  const products = parse(readFileSync(new URL('products.csv', SHARED_DATA), 'utf8'), { columns: true }) as {
    part_number: string;
    name_en: string;
    name_fa: string;
    brand: string;
  }[];
  const categories = parse(readFileSync(new URL('categories.csv', SHARED_DATA), 'utf8'), { columns: true }) as { slug: string }[];
  const seeded = (
    (await db.execute(sql`select part_number, name, name_fa from products where id % 50 = 7 order by id limit 4000`)) as unknown as {
      rows: { part_number: string; name: string; name_fa: string }[];
    }
  ).rows;
  return {
    partNumbers: [
      ...new Set([...products.filter((p) => p.brand !== 'Generic').map((p) => p.part_number), ...seeded.map((p) => p.part_number)]),
    ],
    namesEn: [...products.map((p) => p.name_en), ...seeded.map((p) => p.name)],
    namesFa: [...products.map((p) => p.name_fa), ...seeded.map((p) => p.name_fa)],
    categories: categories.map((c) => c.slug),
  };
}

/** A hurried shopper's slip: two letters swapped, one dropped, one doubled or one replaced by its keyboard neighbour. */
function typo(word: string, next: () => number): string {
  const s = word.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (s.length < 5) return s;
  const i = 1 + Math.floor(next() * (s.length - 2));
  const neighbours: Record<string, string> = {
    a: 's',
    s: 'd',
    m: 'n',
    n: 'm',
    t: 'r',
    r: 't',
    e: 'w',
    p: 'o',
    o: 'p',
    l: 'k',
    '3': '2',
    '5': '4',
    '8': '9',
    '0': '9',
  };
  switch (Math.floor(next() * 4)) {
    case 0:
      return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
    case 1:
      return s.slice(0, i) + s.slice(i + 1);
    case 2:
      return s.slice(0, i) + s[i] + s.slice(i);
    default:
      return s.slice(0, i) + (neighbours[s[i]!] ?? s[i]) + s.slice(i + 1);
  }
}

/** Words of product names worth typing: letters of two or more, no bare numbers or punctuation. */
function wordsOf(names: string[], pattern: RegExp): string[] {
  const count = new Map<string, number>();
  for (const name of names) {
    for (const w of name.split(/[\s,()/|]+/)) {
      if (w.length >= 3 && pattern.test(w)) count.set(w.toLowerCase(), (count.get(w.toLowerCase()) ?? 0) + 1);
    }
  }
  return [...count.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
}

/** The text a shopper types: suggestion queries (with keystroke prefixes) and whole queries for the search page. */
export function typedQueries(src: Source): { suggestion: string[]; whole: string[] } {
  const next = random(19);
  const parts = shuffled(src.partNumbers, next);
  const suggestion: string[] = [];
  const whole: string[] = [];
  // Keystroke by keystroke: every prefix from the second character, as a debounce-free client would send.
  for (const pn of parts.slice(0, 500)) {
    const typed = next() < 0.5 ? pn.toLowerCase() : pn;
    for (let n = 2; n <= typed.length; n++) suggestion.push(typed.slice(0, n));
  }
  // Whole part numbers, as pasted from a parts list, in the forms people write them.
  for (const pn of parts.slice(500, 2500)) {
    const r = next();
    const form = r < 0.4 ? pn : r < 0.7 ? pn.toLowerCase() : pn.toLowerCase().replace(/[^a-z0-9]/g, '');
    suggestion.push(form);
    whole.push(form);
  }
  for (const pn of parts.slice(2500, 3300)) {
    const t = typo(pn, next);
    suggestion.push(t);
    whole.push(t);
  }
  const fa = wordsOf(src.namesFa, /[\u0600-\u06ff]/);
  const en = wordsOf(src.namesEn, /^[a-z][a-z-]+$/i).filter((w) => !/\d/.test(w));
  for (const w of fa.slice(0, 300)) {
    suggestion.push(w);
    whole.push(w);
    for (let n = 2; n < w.length; n++) suggestion.push(w.slice(0, n));
  }
  for (const w of en.slice(0, 300)) {
    suggestion.push(w);
    whole.push(w);
  }
  // Two-word queries: a kind and a word of the same product's name ("خازن سرامیکی", "dual op-amp").
  for (const name of shuffled(src.namesFa, next).slice(0, 600)) {
    const w = name.split(/\s+/).filter((x) => /[\u0600-\u06ff]{2,}/.test(x));
    if (w.length >= 2) {
      suggestion.push(`${w[0]} ${w[1]}`);
      whole.push(`${w[0]} ${w[1]}`);
    }
  }
  for (const name of shuffled(src.namesEn, next).slice(0, 600)) {
    const w = name.split(/[\s,]+/).filter((x) => /^[a-z-]{3,}$/i.test(x));
    if (w.length >= 2) {
      const q = `${w[0]} ${w[1]}`.toLowerCase();
      suggestion.push(q);
      whole.push(q);
    }
  }
  const distinct = (l: string[]) => [...new Set(l.map((q) => q.trim()).filter((q) => q.length >= 2))];
  return { suggestion: distinct(suggestion), whole: distinct(whole) };
}

function getProduct(params: Record<string, string>): string {
  return `${API}/getProduct?${new URLSearchParams(params)}`;
}

/** Every distinct request of the long tail, per kind. */
export async function longTailRequests(db: Db): Promise<Record<Kind, string[]>> {
  const src = await readSource(db);
  const { suggestion, whole } = typedQueries(src);
  const next = random(23);
  const search = whole.map((q) => {
    const r = next();
    const params: Record<string, string> = { filter_part: q };
    if (r < 0.1) params.page = '2';
    else if (r < 0.18) params.sort = 'name_asc';
    else if (r < 0.25) params.filter_availability = 'in-stock';
    else if (r < 0.3) params.filter_quality = 'original';
    return getProduct(params);
  });
  const counts = (
    (await db.execute(sql`select slug, items_count from categories`)) as unknown as { rows: { slug: string; items_count: number }[] }
  ).rows;
  const itemsIn = new Map(counts.map((c) => [c.slug, c.items_count]));
  const listing: string[] = [];
  const sorts = ['default', 'name_asc', 'name_desc', 'price_asc', 'price_desc', 'newest'];
  for (const slug of src.categories) {
    const pages = Math.max(1, Math.ceil((itemsIn.get(slug) ?? 0) / 12));
    for (const sort of sorts) {
      // The first pages most, then a few deep ones (crawlers and the patient walk far).
      const wanted = new Set([1, 2, 3, Math.ceil(pages / 4), Math.ceil(pages / 2), pages].filter((p) => p >= 1 && p <= pages));
      for (const page of wanted) {
        const params: Record<string, string> = { filter_category: slug };
        if (page > 1) params.page = String(page);
        if (sort !== 'default') params.sort = sort;
        const r = next();
        if (r < 0.12) params.filter_availability = 'in-stock';
        else if (r < 0.2) params.filter_price = '0-5000000';
        else if (r < 0.26) params.filter_quality = 'original';
        listing.push(getProduct(params));
      }
    }
  }
  return {
    // As the header's list asks: each query its first rows, and one in SCROLLED the rest (its list scrolled).
    suggestion: suggestion.flatMap((q, i) => {
      const ask = (take: number) =>
        `${API}/suggestion?${new URLSearchParams({ filter_searchPart: q, limit: String(SUGGESTION_LIMIT), take: String(take) })}`;
      return i % SCROLLED === 0 ? [ask(SUGGESTION_FIRST_TAKE), ask(SUGGESTION_TAKE)] : [ask(SUGGESTION_FIRST_TAKE)];
    }),
    search: [...new Set(search)],
    listing: [...new Set(listing)],
  };
}

/** The share of each kind in the traffic: most of it is the header's live search. */
const SHARE: Record<Kind, number> = { suggestion: 0.6, search: 0.2, listing: 0.2 };

/**
 * A request sequence: `uniform` walks each kind's list in a shuffled order (every request once before any
 * repeats: the long tail at its longest); `zipf` draws by popularity rank (weight 1/rank), as real
 * searches are spread: a few very common, most rare.
 */
export function requestSequence(lists: Record<Kind, string[]>, mix: 'uniform' | 'zipf', length: number, seed = 31): BenchRequest[] {
  const next = random(seed);
  const order = Object.fromEntries(KINDS.map((k) => [k, shuffled(lists[k], next)])) as Record<Kind, string[]>;
  const cumulative = Object.fromEntries(
    KINDS.map((k) => {
      let sum = 0;
      return [k, order[k].map((_, i) => (sum += 1 / (i + 1)))];
    }),
  ) as Record<Kind, number[]>;
  const position: Record<Kind, number> = { suggestion: 0, search: 0, listing: 0 };
  const out: BenchRequest[] = [];
  for (let i = 0; i < length; i++) {
    const r = next();
    const kind: Kind = r < SHARE.suggestion ? 'suggestion' : r < SHARE.suggestion + SHARE.search ? 'search' : 'listing';
    const list = order[kind];
    let index: number;
    if (mix === 'uniform') index = position[kind]++ % list.length;
    else {
      const c = cumulative[kind];
      const target = next() * c[c.length - 1]!;
      let lo = 0;
      let hi = c.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (c[mid]! < target) lo = mid + 1;
        else hi = mid;
      }
      index = lo;
    }
    out.push({ kind, path: list[index]! });
  }
  return out;
}
