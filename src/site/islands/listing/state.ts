/**
 * What a listing shows, as one plain value, and its two mirrors: the page URL's query (so reload
 * and the back button restore it) and the getProduct call's parameters. Defaults are never written
 * into the URL (page 1 included, spec §9), so the static first page's URL stays canonical.
 */
export const SORTS = ['default', 'name_asc', 'name_desc', 'price_asc', 'price_desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];
export const PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_LIMIT = 12;
export const AVAILABILITY_VALUES = ['in-stock', 'pre-order', 'out-of-stock'] as const;

export interface ListingState {
  page: number;
  limit: number;
  sort: Sort;
  view: 'grid' | 'list';
  /** Price bounds in rials; null = open side. */
  price: [number | null, number | null];
  brand: string[];
  quality: string[];
  availability: string[];
  /** Attribute slug (without the API's "attr_" prefix) → chosen value slugs. */
  attributes: Record<string, string[]>;
}

export const initialState = (view: 'grid' | 'list' = 'grid'): ListingState => ({
  page: 1,
  limit: DEFAULT_LIMIT,
  sort: 'default',
  view,
  price: [null, null],
  brand: [],
  quality: [],
  availability: [],
  attributes: {},
});

const list = (v: string | null): string[] =>
  v
    ? [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
    : [];
const int = (v: string | null): number | null => (v && /^\d{1,13}$/.test(v) ? Number(v) : null);

export function stateFromQuery(search: string, defaults: ListingState = initialState()): ListingState {
  const q = new URLSearchParams(search);
  const sort = q.get('sort');
  const limit = int(q.get('limit'));
  const view = q.get('view');
  const [lo, hi] = (q.get('price') ?? '').split('-');
  const attributes: Record<string, string[]> = {};
  for (const part of (q.get('attributes') ?? '').split(';')) {
    const [slug, values] = part.split(':');
    if (slug && values) attributes[slug] = list(values);
  }
  return {
    page: Math.max(1, int(q.get('page')) ?? 1),
    limit: limit && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : defaults.limit,
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : defaults.sort,
    view: view === 'list' || view === 'grid' ? view : defaults.view,
    price: [int(lo ?? null), int(hi ?? null)],
    brand: list(q.get('brand')),
    quality: list(q.get('quality')),
    availability: list(q.get('availability')).filter((a) => (AVAILABILITY_VALUES as readonly string[]).includes(a)),
    attributes,
  };
}

const attributeText = (a: Record<string, string[]>): string =>
  Object.entries(a)
    .filter(([, v]) => v.length)
    .map(([k, v]) => `${k}:${v.join(',')}`)
    .join(';');
const priceText = ([lo, hi]: ListingState['price']): string => (lo === null && hi === null ? '' : `${lo ?? ''}-${hi ?? ''}`);

export function queryFromState(s: ListingState, defaults: ListingState = initialState()): string {
  const q = new URLSearchParams();
  if (s.page > 1) q.set('page', String(s.page));
  if (s.limit !== defaults.limit) q.set('limit', String(s.limit));
  if (s.sort !== defaults.sort) q.set('sort', s.sort);
  if (s.view !== defaults.view) q.set('view', s.view);
  if (priceText(s.price)) q.set('price', priceText(s.price));
  if (s.brand.length) q.set('brand', s.brand.join(','));
  if (s.quality.length) q.set('quality', s.quality.join(','));
  if (s.availability.length) q.set('availability', s.availability.join(','));
  if (attributeText(s.attributes)) q.set('attributes', attributeText(s.attributes));
  const text = q.toString().replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%3B/g, ';');
  return text ? `?${text}` : '';
}

/** getProduct's parameters (search text and category are added by the caller). */
export function apiQuery(s: ListingState): Record<string, string | number | undefined> {
  return {
    page: s.page,
    limit: s.limit,
    sort: s.sort,
    filter_price: priceText(s.price) || undefined,
    filter_brand: s.brand.join(',') || undefined,
    filter_quality: s.quality.join(',') || undefined,
    filter_availability: s.availability.join(',') || undefined,
    filter_attributes: attributeText(s.attributes) || undefined,
  };
}

/** True when any filter narrows the list (the reset button shows). */
export const hasFilters = (s: ListingState): boolean =>
  s.price[0] !== null ||
  s.price[1] !== null ||
  s.brand.length > 0 ||
  s.quality.length > 0 ||
  s.availability.length > 0 ||
  Object.values(s.attributes).some((v) => v.length > 0);

/** Spec §4: any change of option or filter starts again at page 1. */
export const withChange = (s: ListingState, change: Partial<Omit<ListingState, 'page'>>): ListingState => ({ ...s, ...change, page: 1 });

/** Spec §4: reset clears everything back to the defaults and page 1; only the grid/list look stays. */
export const withReset = (s: ListingState): ListingState => initialState(s.view);

/**
 * Spec §4: a page outside 1..pages, or the page already shown, is ignored (null = nothing to do).
 */
export function withPage(s: ListingState, page: number, pages: number): ListingState | null {
  if (!Number.isInteger(page) || page < 1 || page > Math.max(1, pages) || page === s.page) return null;
  return { ...s, page };
}

export const toggled = (values: string[], value: string): string[] =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
