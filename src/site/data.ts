/**
 * Everything the static pages read from the backend, in one place, so the build's data source can be
 * swapped (e.g. for a bulk export) without touching pages. Reads go through the typed site client to
 * the API whose address the build puts in QATEH_API_URL (scripts/build-site.ts). Each loader runs at
 * most once per build: the three languages of a page share one request.
 */
import { ApiError, createSiteApi, type SiteApi } from '../api/client';
import type { Category, CategoryRef, Product, ProductCard, ProductList } from '../api/schemas/catalogue';
import type { ContentPage } from '../api/schemas/content';

/** Listing page size (spec §9: default 12). */
export const PAGE_SIZE = 12;
/** getProduct's largest page: the catalogue is read 100 products per request. */
const BULK_PAGE = 100;
/** Requests in flight at once while reading the catalogue in bulk. */
const BULK_CONCURRENCY = 4;

let client: SiteApi | undefined;
function api(): SiteApi {
  const base = process.env.QATEH_API_URL;
  if (!base) throw new Error('QATEH_API_URL is not set: build the site with `npm run build` (scripts/build-site.ts).');
  client ??= createSiteApi(base, { timeout: 60_000 });
  return client;
}

const memo = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    memo.set(key, p);
  }
  return p;
}

async function inBatches<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return out;
}

/** Every enabled product as a card, read 100 at a time. SITE_MAX_PRODUCTS caps it for previews. */
export const allProducts = (): Promise<ProductCard[]> =>
  once('products', async () => {
    const first = await api().getProduct({ limit: BULK_PAGE, page: 1, sort: 'default' });
    const rest = await inBatches(
      Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => () =>
        api().getProduct({ limit: BULK_PAGE, page: i + 2, sort: 'default' })),
      BULK_CONCURRENCY,
    );
    const cards = [first, ...rest].flatMap((list) => list.items);
    const cap = Number(process.env.SITE_MAX_PRODUCTS || 0);
    return cap > 0 ? cards.slice(0, cap) : cards;
  });

/** The whole category tree, read once. */
export const categoryTree = (): Promise<Category[]> => once('categories', () => api().categories());

export interface FlatCategory extends CategoryRef {
  items: number;
  parentSlug: string | null;
  /** Root → this category. */
  trail: CategoryRef[];
  children: CategoryRef[];
}

/** The tree in display order, depth first, each entry knowing its trail for breadcrumbs. */
export const flatCategories = (): Promise<FlatCategory[]> =>
  once('categories:flat', async () => {
    const out: FlatCategory[] = [];
    const ref = (c: Category): CategoryRef => ({ id: c.id, slug: c.slug, name: c.name, nameFa: c.nameFa, depth: c.depth });
    const walk = (nodes: Category[], trail: CategoryRef[]) => {
      for (const c of nodes) {
        const here = [...trail, ref(c)];
        out.push({ ...ref(c), items: c.items, parentSlug: c.parent?.slug ?? null, trail: here, children: c.children.map(ref) });
        walk(c.children, here);
      }
    };
    walk(await categoryTree(), []);
    return out;
  });

/** The first page of a listing (all products, or one category and everything below it). */
export const firstListingPage = (categorySlug: string | null): Promise<ProductList> =>
  once(`listing:${categorySlug ?? '*'}`, () =>
    api().getProduct({ limit: PAGE_SIZE, page: 1, sort: 'default', ...(categorySlug ? { filter_category: categorySlug } : {}) }));

/** One product's page data. A bulk export will replace these per-product reads. */
export const productPage = (slug: string): Promise<Product> => once(`product:${slug}`, () => api().product(slug));

/** Header and footer data shared by every page. */
export const shellData = () =>
  once('shell', async () => {
    const [store, departments, searchStats, categories] = await Promise.all([
      api().store(), api().departments(), api().searchStats(), flatCategories(),
    ]);
    return { store, departments, searchStats, categories };
  });

/** The home page's product rows. */
export const homeRows = () =>
  once('home', async () => {
    const [latest, bestSellers, discounts] = await Promise.all([
      api().latestProducts({ limit: 12 }), api().bestSellingProducts({ limit: 12 }), api().discountedProducts({ limit: 12 }),
    ]);
    return { latest, bestSellers, discounts };
  });

/** A store-written page in the content language; null while the store has not written it. */
export const contentPage = (kind: 'policy' | 'returns', locale: 'fa' | 'en'): Promise<ContentPage | null> =>
  once(`content:${kind}:${locale}`, async () => {
    try {
      return await (kind === 'policy' ? api().policy({ locale }) : api().returns({ locale }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  });
