/**
 * Everything the static pages read from the backend, in one place, so the build's data source can be
 * swapped without touching pages. Products come from the bulk export calls (api/site/v1/export/*). Reads go through the typed site client to
 * the API the build names in its input (src/site/build-input.ts; scripts/build-site.ts). Each loader runs at
 * most once per build: the three languages of a page share one request.
 */
import { ApiError, createSiteApi, type SiteApi } from '../api/client';
import type { Category, CategoryRef, Product, ProductList } from '../api/schemas/catalogue';
import type { BlogPost, BlogPostSummary, ContentPage } from '../api/schemas/content';
import type { ExportIndexEntry } from '../api/schemas/export';
import { buildInput } from './build-input';
import { newBuildCheck } from './build-scope';
import { productSearchText } from './pagefind-text';

/** Listing page size (spec §9: default 12). */
export const PAGE_SIZE = 12;

/** Every read below starts by dropping what an earlier build in this process loaded (build-scope.ts). */
const isNewBuild = newBuildCheck();
function forgetEarlierBuilds(): void {
  if (!isNewBuild()) return;
  client = undefined;
  memo.clear();
  chunks.clear();
  recorded.clear();
  entries = [];
  positions = new Map();
}

let client: SiteApi | undefined;
function api(): SiteApi {
  forgetEarlierBuilds();
  client ??= createSiteApi(buildInput().apiUrl, { timeout: 60_000 });
  return client;
}

const memo = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  forgetEarlierBuilds();
  let p = memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    memo.set(key, p);
  }
  return p;
}

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
  once(`listing:${categorySlug ?? '*'}`, async () => {
    const list = await api().getProduct({
      limit: PAGE_SIZE,
      page: 1,
      sort: 'default',
      ...(categorySlug ? { filter_category: categorySlug } : {}),
    });
    buildInput().recordListing(categorySlug, list);
    return list;
  });

/** The products whose pages this build renders, in id order (a partial build's subset, or all). */
export const productEntries = (): Promise<ExportIndexEntry[]> =>
  once('products:index', async () => {
    const input = buildInput();
    const only = input.scope;
    // No product pages in this build (pages rendered on request, a content-only rebuild): no index to read.
    if (only?.products?.size === 0) return [];
    // A worker of a parallel build gets its slice of the index the build read: two workers asking
    // for all 100k entries at once kept both waiting ~7 s on the one process that answers.
    const index = only?.index ?? (await input.exportIndex());
    input.recordIndex(index.generatedAt, index.version);
    let list = only?.products ? index.products.filter((p) => only.products!.has(p.slug)) : index.products;
    if (input.maxProducts > 0) list = list.slice(0, input.maxProducts);
    positions = new Map(list.map((p, i) => [p.slug, i]));
    entries = list;
    return list;
  });

let entries: ExportIndexEntry[] = [];
let positions = new Map<string, number>();

/**
 * Full products are read EXPORT_CHUNK at a time (one request per chunk, never per page) and only a
 * few chunks stay in memory: product pages are rendered in index order, so each chunk is fetched once
 * and dropped when the build has moved on. At 100k products the build never holds the whole catalogue.
 */
const EXPORT_CHUNK = 500;
const KEPT_CHUNKS = 3;
const chunks = new Map<number, Promise<Map<string, Product>>>();

function loadChunk(n: number): Promise<Map<string, Product>> {
  let chunk = chunks.get(n);
  if (!chunk) {
    const first = n * EXPORT_CHUNK;
    const wanted = entries.slice(first, first + EXPORT_CHUNK);
    chunk = (async () => {
      const out = new Map<string, Product>();
      // A partial build's entries are not contiguous in id order: read those few one by one.
      const only = buildInput().scope;
      if (only?.products && !only.contiguous) {
        for (const e of wanted) out.set(e.slug, await api().product(e.slug));
        return out;
      }
      // Ids are integers: everything after the one before the chunk's first (a slice starts mid-catalogue).
      const after = wanted[0]!.id - 1;
      const page = await buildInput().exportProducts({ after, limit: wanted.length });
      for (const p of page.items) out.set(p.slug, p);
      return out;
    })();
    chunks.set(n, chunk);
    while (chunks.size > KEPT_CHUNKS) chunks.delete(chunks.keys().next().value!);
  }
  return chunk;
}

// Slugs whose hash and search record are taken: each product's languages render one after another.
const recorded = new Set<string>();

/** One product's page data, from its chunk of the bulk export. */
export async function productPage(slug: string): Promise<Product> {
  forgetEarlierBuilds();
  // A page rendered on its first request reads its product alone, as a partial build's pages do.
  if (buildInput().scope?.onRequest) return api().product(slug);
  await productEntries();
  const at = positions.get(slug);
  if (at === undefined) throw new Error(`product ${slug} is not in this build's product list`);
  // Missing only when changed between the index read and the chunk read: the page call says why.
  const product = (await loadChunk(Math.floor(at / EXPORT_CHUNK))).get(slug) ?? (await api().product(slug));
  if (!recorded.has(slug)) {
    recorded.add(slug);
    buildInput().recordProduct(product, productSearchText(product));
  }
  return product;
}

/** Header and footer data shared by every page. */
export const shellData = () =>
  once('shell', async () => {
    const [store, departments, searchStats, categories, howToBuy, panelGuide, messages] = await Promise.all([
      api().store(),
      api().departments(),
      api().searchStats(),
      flatCategories(),
      api().helpFile({ name: 'HowToBuy' }),
      api().helpFile({ name: 'UsersPanelGuide' }),
      api().messages(),
    ]);
    // The help PDFs live on the store's file storage; downloadHelpFile names their addresses.
    return { store, departments, searchStats, categories, messages, helpFiles: { howToBuy: howToBuy.link, panelGuide: panelGuide.link } };
  });

/** The home page's slides and banners that staff switched on. */
export const homeSlides = () => once('slides', () => api().slides());

/** The home page's brands block: the biggest brands (most enabled products) first. */
export const homeBrands = () => once('home-brands', () => api().brandsWithCategories({ limit: 12 }));

/** The home page's product rows. */
export const homeRows = () =>
  once('home', async () => {
    const [latest, bestSellers, discounts] = await Promise.all([
      api().latestProducts({ limit: 12 }),
      api().bestSellingProducts({ limit: 12 }),
      api().discountedProducts({ limit: 12 }),
    ]);
    return { latest, bestSellers, discounts };
  });

/**
 * The product layout demo pages (spec §2 /shop/product-standard, -sidebar, -columnar): the newest
 * product shown in each layout, and the sidebar's latest-products widget (spec §9: five, cheapest first).
 */
export const productLayoutDemo = () =>
  once('product-layouts', async () => {
    const [newest] = await api().latestProducts({ limit: 1 });
    if (!newest) return null;
    const [product, sidebarLatest] = await Promise.all([api().product(newest.slug), api().latestProducts({ limit: 5, sort: 'price_asc' })]);
    return { product, sidebarLatest };
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

/** Any store page by slug (about-us, faq ...) in the content language; null while not written. */
export const storePage = (slug: string, locale: 'fa' | 'en'): Promise<ContentPage | null> =>
  once(`page:${slug}:${locale}`, async () => {
    try {
      return await api().page(slug, { locale });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  });

/** Every published blog post's summary, newest first (a shop writes tens, not thousands). */
export const blogSummaries = (): Promise<BlogPostSummary[]> =>
  once('blog:all', async () => {
    const out: BlogPostSummary[] = [];
    for (let page = 1; ; page++) {
      const list = await api().blogPosts({ page, limit: 50 });
      out.push(...list.items);
      if (page >= list.pages) return out;
    }
  });

/** One blog post in full. */
export const blogPost = (slug: string): Promise<BlogPost> => once(`blog:${slug}`, () => api().blogPost(slug));
