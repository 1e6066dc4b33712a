/**
 * Each BOM line against the catalogue. A line with a part number goes through the catalogue's own
 * search (exact part number, same family, text, fuzzy) and the hits are ranked by the maker the line
 * names, the package it asks for and quality (originals before renewed parts and copies); a value-only
 * line ("10k 0603", "4.7uF 0805", "16MHz HC-49") is matched by its parameters against the catalogue's
 * attributes, where another package, value or a lower rating is no match. Every choice carries a
 * confidence: below the threshold the line needs review and is not selected for the cart.
 */
import { sql } from 'drizzle-orm';
import { packageOf, specMisfits, specOfLine, specOfProduct, type PartSpec, type SpecDifference } from '../../../lib/bom/part-spec';
import { partNumberKey } from '../../../lib/search-text';
import type { Db } from '../../db/client';
import { matchedSql } from '../search/match-sql';
import { planSearch } from '../search/plan';
import type { BomLine } from './lines';
import { yieldToEventLoop } from './yield';
import { rowsOf } from '../../db/rows';

export type MatchStatus = 'exact' | 'family' | 'parametric' | 'fuzzy' | 'unmatched';

/** At or above this a line's product is selected for the cart; below it the line needs the customer's review. */
export const CONFIDENT = 0.75;

export type Difference = 'package' | 'value' | 'maker' | 'quality' | 'rating' | 'part';

export interface LineMatch {
  status: MatchStatus;
  /** 0..1: 1 for the exact part number from the named maker, lower the less is certain. */
  confidence: number;
  productId: number | null;
  /** Other products the customer may pick instead, best first (the chosen one excluded). */
  alternatives: number[];
  /** How each alternative (and the chosen product, under its own id) differs from what the line asks for. */
  differences: Record<string, Difference[]>;
  /** Why the line needs review, as codes the view turns into Persian. */
  review: ReviewReason[];
}

export type ReviewReason = 'fuzzy' | 'copy' | 'maker' | 'package' | 'variant' | 'no-package' | 'equivalent' | 'text';

const ALTERNATIVES = 5;
const UNMATCHED: LineMatch = { status: 'unmatched', confidence: 0, productId: null, alternatives: [], differences: {}, review: [] };

interface Hit {
  id: number;
  kind: 'exact' | 'family' | 'text' | 'fuzzy';
  score: number;
  stock: number;
  sales_count: number;
  quality: string | null;
  package: string | null;
  pn_key: string;
  brand: string | null;
}

// Words in makers' names that say nothing about which maker: "Texas Instruments Inc." = "Texas Instruments".
const MAKER_NOISE = new Set([
  'inc',
  'corp',
  'corporation',
  'co',
  'ltd',
  'llc',
  'gmbh',
  'ag',
  'sa',
  'usa',
  'semiconductor',
  'semiconductors',
  'technology',
  'technologies',
  'electronics',
  'electronic',
  'microelectronics',
  'international',
  'devices',
  'the',
  'group',
  'components',
  'integrated',
]);
const makerWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !MAKER_NOISE.has(w));
const GENERIC = /^(generic|unbranded|any|-|n\/a|na|various|چینی|متفرقه)$/i;

/** Whether a product's brand is the maker the line names ("Analog Devices / Maxim Integrated" names Maxim). */
export function sameMaker(named: string, brand: string | null): boolean {
  if (!brand) return false;
  const want = makerWords(named);
  const have = new Set(makerWords(brand));
  return want.some((w) => have.has(w)) || named.toLowerCase().replace(/\s/g, '') === brand.toLowerCase().replace(/\s/g, '');
}
const namesMaker = (maker: string | null): maker is string => Boolean(maker && !GENERIC.test(maker.trim()));
const qualityRank = (q: string | null) => (q === 'copy' ? 0 : q === 'renew' ? 1 : 2);

async function searchHits(db: Db, query: string): Promise<Hit[]> {
  const plan = planSearch(query);
  if (!plan) return [];
  const result = await db.execute(sql`
    select m.id, m.kind, m.score, m.stock, m.sales_count, m.quality, m.package, m.pn_key, b.name as brand
    from (${matchedSql(plan, ['stock', 'sales_count', 'enable', 'deleted_at', 'quality', 'package', 'pn_key', 'brand_id'])}) m
    left join brands b on b.id = m.brand_id
    where m.enable and m.deleted_at is null
    order by m.rank, m.score desc, (m.stock > 0) desc, m.sales_count desc, m.id
    limit 40`);
  return rowsOf<Hit>(result).map((r) => ({
    ...r,
    id: Number(r.id),
    score: Number(r.score),
    stock: Number(r.stock),
    sales_count: Number(r.sales_count),
  }));
}

/** A part-number line: the catalogue's search, then maker, package and quality decide among the hits. */
function chooseByPartNumber(line: BomLine, hits: Hit[], want: PartSpec | null, lookup: string): LineMatch | null {
  const strong = hits.filter((h) => h.kind === 'exact' || h.kind === 'family');
  const maker = namesMaker(line.maker) ? line.maker : null;
  const wantPackage = want?.package ?? specPackage(line);
  const packageFits = (h: Hit) => (wantPackage && h.package ? samePackage(wantPackage, h.package) : null);
  const differencesOf = (h: Hit): Difference[] => {
    const out: Difference[] = [];
    if (h.kind !== 'exact') out.push('part');
    if (packageFits(h) === false) out.push('package');
    if (maker && !sameMaker(maker, h.brand)) out.push('maker');
    if (h.quality === 'copy' || h.quality === 'renew') out.push('quality');
    return out;
  };
  if (strong.length) {
    const key = partNumberKey(lookup);
    const rank = (h: Hit) => [
      maker ? (sameMaker(maker, h.brand) ? 1 : 0) : 0,
      packageFits(h) === false ? 0 : 1,
      qualityRank(h.quality),
      h.kind === 'exact' ? 1 : 0,
      // Within a family a part that can be bought now comes first, then the closest number.
      h.stock > 0 ? 1 : 0,
      h.score,
      h.sales_count,
      -h.id,
    ];
    const ordered = [...strong].sort((a, b) => {
      const ra = rank(a);
      const rb = rank(b);
      for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return rb[i]! - ra[i]!;
      return 0;
    });
    const best = ordered[0]!;
    const review: ReviewReason[] = [];
    let confidence = best.kind === 'exact' ? 1 : 0.6 + 0.35 * Math.max(0, Math.min(1, best.score));
    if (best.kind === 'family' && maker && sameMaker(maker, best.brand)) confidence = Math.max(confidence, 0.85);
    // "AMS1117" → "AMS1117-3.3": what follows the typed number is another variant (a voltage, a size), not a package letter.
    const suffix = best.pn_key.startsWith(key) ? best.pn_key.slice(key.length) : '';
    // A family of a key without digits ("USB_B" → USB-B-F-90) is a symbol name, not a part number.
    if (best.kind === 'family' && (/^\d/.test(suffix) || !/\d/.test(key))) review.push('variant');
    if (best.quality === 'copy' || best.quality === 'renew') review.push('copy');
    if (maker && !sameMaker(maker, best.brand)) review.push('maker');
    if (packageFits(best) === false) review.push('package');
    if (review.length) confidence = Math.min(confidence, 0.7);
    const alternatives = [...ordered.slice(1), ...hits.filter((h) => !strong.includes(h))].slice(0, ALTERNATIVES);
    return {
      status: best.kind === 'exact' ? 'exact' : 'family',
      confidence: round(confidence),
      productId: best.id,
      alternatives: alternatives.map((h) => h.id),
      differences: Object.fromEntries([best, ...alternatives].map((h) => [String(h.id), differencesOf(h)])),
      review,
    };
  }
  const guess = hits[0];
  if (!guess) return null;
  // A typo or a word match is only ever a suggestion: never selected on its own.
  const confidence = guess.kind === 'fuzzy' ? Math.min(0.59, guess.score) : 0.5 * Math.max(0, Math.min(1, guess.score));
  const alternatives = hits.slice(1, ALTERNATIVES + 1);
  return {
    status: 'fuzzy',
    confidence: round(confidence),
    productId: guess.id,
    alternatives: alternatives.map((h) => h.id),
    differences: Object.fromEntries(
      [guess, ...alternatives].map((h) => [String(h.id), ['part', ...differencesOf(h).filter((d) => d !== 'part')]]),
    ),
    review: [guess.kind === 'fuzzy' ? 'fuzzy' : 'text'],
  };
}

const round = (c: number) => Math.round(c * 100) / 100;

/** The package a part-number line asks for: its footprint cell, else its description. */
const specPackage = (line: BomLine) => packageOf(line.footprint ?? '') ?? packageOf(line.description ?? '');
const samePackage = (want: string, productPackage: string) => packageOf(productPackage) === want;

export interface CatalogueSpec {
  id: number;
  spec: PartSpec;
  quality: string | null;
  stock: number;
  brand: string | null;
}

/** Products with a value attribute (resistors, capacitors, inductors, crystals, LEDs), with their specs. */
export async function loadParametricIndex(db: Db): Promise<CatalogueSpec[]> {
  const result = await db.execute(sql`
    select p.id, p.package, p.quality, p.stock, b.name as brand, json_object_agg(a.name, v.value) as attrs
    from products p
    join product_attribute_values v on v.product_id = p.id
    join attributes a on a.id = v.attribute_id
    left join brands b on b.id = p.brand_id
    where p.enable and p.deleted_at is null
      and exists (select 1 from product_attribute_values v2 join attributes a2 on a2.id = v2.attribute_id
                  where v2.product_id = p.id and a2.name in ('Resistance', 'Capacitance', 'Inductance', 'Frequency', 'Colour'))
    group by p.id, b.name`);
  const rows = (
    result as unknown as {
      rows: {
        id: number;
        package: string | null;
        quality: string | null;
        stock: number;
        brand: string | null;
        attrs: Record<string, string> | string;
      }[];
    }
  ).rows;
  const out: CatalogueSpec[] = [];
  for (const r of rows) {
    const attrs = typeof r.attrs === 'string' ? (JSON.parse(r.attrs) as Record<string, string>) : r.attrs;
    const spec = specOfProduct(attrs, r.package);
    if (spec) out.push({ id: Number(r.id), spec, quality: r.quality, stock: Number(r.stock), brand: r.brand });
  }
  return out;
}

const DIFFERENCE_OF: Record<SpecDifference, Difference> = {
  kind: 'value',
  value: 'value',
  colour: 'value',
  package: 'package',
  diameter: 'package',
  voltage: 'rating',
  tolerance: 'rating',
  power: 'rating',
};

/**
 * A value-only line against the catalogue's specs: only products that fit (same kind, value, colour
 * and package; at least the ratings asked for) can be chosen, originals and stock first, the closest
 * rating above the one asked for before a much higher one. Near misses (same value, another package
 * or rating) are offered as alternatives, saying how they differ.
 */
export function chooseByParameters(want: PartSpec, index: CatalogueSpec[], needed: number, equivalentOnly = false): LineMatch | null {
  const sameValue = index.filter(
    (c) => c.spec.kind === want.kind && !specMisfits(want, c.spec).some((d) => d === 'kind' || d === 'value' || d === 'colour'),
  );
  const fits = sameValue.filter((c) => specMisfits(want, c.spec).length === 0);
  const nearMisses = sameValue.filter((c) => !fits.includes(c));
  const rank = (c: CatalogueSpec) => [
    qualityRank(c.quality),
    c.stock >= needed ? 1 : 0,
    c.stock > 0 ? 1 : 0,
    // The closest rating at or above the asked one: a 16 V line takes a 16 V part before a 400 V one.
    want.voltage && c.spec.voltage ? -c.spec.voltage : 0,
    c.stock,
    -c.id,
  ];
  const byRank = (a: CatalogueSpec, b: CatalogueSpec) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return rb[i]! - ra[i]!;
    return 0;
  };
  fits.sort(byRank);
  nearMisses.sort(byRank);
  const diffs = (c: CatalogueSpec) => [...new Set(specMisfits(want, c.spec).map((d) => DIFFERENCE_OF[d]))];
  if (!fits.length) {
    if (!nearMisses.length) return null;
    // Nothing fits: the line stays unmatched, with what comes closest offered to pick knowingly.
    const alternatives = nearMisses.slice(0, ALTERNATIVES);
    return {
      ...UNMATCHED,
      alternatives: alternatives.map((c) => c.id),
      differences: Object.fromEntries(alternatives.map((c) => [String(c.id), diffs(c)])),
    };
  }
  const best = fits[0]!;
  const review: ReviewReason[] = [];
  // Without a package a value fits parts of every size: only a suggestion, unless all fitting parts share one.
  if (!want.package && new Set(fits.map((c) => c.spec.package)).size > 1) review.push('no-package');
  if (equivalentOnly) review.push('equivalent');
  if (best.quality === 'copy') review.push('copy');
  const alternatives = [...fits.slice(1), ...nearMisses].slice(0, ALTERNATIVES);
  const differences: Record<string, Difference[]> = Object.fromEntries(alternatives.map((c) => [String(c.id), diffs(c)]));
  differences[String(best.id)] = [];
  for (const c of fits.slice(1)) if (c.brand !== best.brand) differences[String(c.id)] = ['maker'];
  return {
    status: 'parametric',
    confidence: review.length ? 0.6 : 0.9,
    productId: best.id,
    alternatives: alternatives.map((c) => c.id),
    differences,
    review,
  };
}

/** Matches every line; lines asking for the same thing are looked up once (BOMs repeat parts). */
export async function matchLines(db: Db, lines: BomLine[]): Promise<LineMatch[]> {
  const specs = lines.map(specOfBomLine);
  const index = specs.some(Boolean) ? await loadParametricIndex(db) : [];
  const cache = new Map<string, LineMatch>();
  const out: LineMatch[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const spec = specs[i] ?? null;
    const key = JSON.stringify([line.mpn, line.value, line.footprint, line.maker, spec]);
    let match = cache.get(key);
    if (!match) {
      match = await matchLine(db, line, spec, index);
      cache.set(key, match);
      await yieldToEventLoop();
    }
    out.push(match);
  }
  return out;
}

/**
 * A value in the part-number column: Persian words ("مقاومت ۱۰ کیلو") or text that opens with a value
 * ("10k", "100nF 0603", "4K7"). A maker's number that starts with digits ("0805W8F1002T5E", "1N4007") is not.
 */
const VALUE_START = /^(\d+[RKM]\d+|\d+(\.\d+)?\s?[pnuµμmkKMGR]?(F|H|Hz|Ω|ohms?)?)(\s|$)/i;
export const partColumnIsValue = (mpn: string) => /[\u0600-\u06ff]/.test(mpn) || VALUE_START.test(mpn.trim());

/** What a line says parametrically: from its part column when that holds a value, else from its value, footprint and description. */
function specOfBomLine(line: BomLine): PartSpec | null {
  const fromPart =
    line.mpn && partColumnIsValue(line.mpn)
      ? specOfLine({ value: line.mpn, footprint: line.footprint, description: line.description, designators: line.designators })
      : null;
  return (
    fromPart ?? specOfLine({ value: line.value, footprint: line.footprint, description: line.description, designators: line.designators })
  );
}

async function matchLine(db: Db, line: BomLine, spec: PartSpec | null, index: CatalogueSpec[]): Promise<LineMatch> {
  const mpnIsValue = line.mpn !== null && spec !== null && partColumnIsValue(line.mpn);
  const lookup = mpnIsValue ? null : (line.mpn ?? (spec ? null : line.value));
  if (lookup) {
    const byNumber = chooseByPartNumber(line, await searchHits(db, lookup), spec, lookup);
    if (byNumber && (byNumber.status === 'exact' || byNumber.status === 'family')) return byNumber;
    // The maker's number is not sold here, but its value is: an equivalent, offered for review.
    if (spec && line.mpn && !mpnIsValue) {
      const equivalent = chooseByParameters(spec, index, line.quantity, true);
      if (equivalent?.productId) return equivalent;
    }
    if (byNumber) return byNumber;
  }
  if (spec) return chooseByParameters(spec, index, line.quantity) ?? UNMATCHED;
  // Neither a part number nor a value ("PIN HEADER"): a word search, only ever a suggestion.
  if (!lookup && line.partNumber) {
    const hits = await searchHits(db, line.partNumber);
    const guess = chooseByPartNumber(
      line,
      hits.filter((h) => h.kind !== 'exact' && h.kind !== 'family'),
      null,
      line.partNumber,
    );
    if (guess) return guess;
  }
  return UNMATCHED;
}
