/**
 * The search's fallback when the API cannot be reached: the static site's Pagefind index, loaded
 * only when needed and only the bundle(s) the query's words are routed to (/pagefind/routes.json,
 * src/lib/pagefind-routes.ts), merged into /pagefind/pagefind.js: its code and wasm are the one copy
 * every bundle shares, loaded once (src/build/search-index.ts). A query whose word no bundle holds is
 * answered "nothing found" without loading Pagefind at all. The query is folded
 * exactly as the indexed field was (src/lib/pagefind-query.ts). Without an index the shopper gets a
 * clear message instead.
 */
import { useEffect, useState } from 'react';
import type { SearchRoutes } from '../../../lib/pagefind-routes';
import { productPath, type Locale } from '../ui/locale';
import { islandTexts } from '../ui/texts';

interface Hit {
  url: string;
  title: string;
  price?: string;
  image?: string;
}
interface PagefindModule {
  search: (q: string) => Promise<{ results: { data: () => Promise<{ url: string; meta: Record<string, string> }> }[] }>;
  mergeIndex: (url: string) => Promise<void>;
  destroy: () => Promise<void>;
}

/** The bundles merged into the page's Pagefind module (one module per page, kept across queries). */
let merged: string[] = [];

/** The Pagefind module searching the bundles `query` needs, or null when no product can match it. */
async function pagefindFor(query: string): Promise<PagefindModule | null> {
  const res = await fetch('/pagefind/routes.json');
  if (!res.ok) throw new Error(`no search routes (${res.status})`);
  const { bundlesForQuery } = await import('../../../lib/pagefind-routes');
  const { bundles } = bundlesForQuery((await res.json()) as SearchRoutes, query);
  if (bundles.length === 0) return null;
  const url = '/pagefind/pagefind.js';
  const pagefind = (await import(/* @vite-ignore */ url)) as PagefindModule;
  if (merged.join() !== bundles.join()) {
    // Another query's bundles would answer too (a product in two bundles twice): start afresh.
    if (merged.length) await pagefind.destroy();
    merged = [];
    for (const name of bundles) await pagefind.mergeIndex(`/pagefind/${name}/`);
    merged = bundles;
  }
  return pagefind;
}

/**
 * One record serves every language (src/build/search-records.ts): the address, title and price are
 * taken in the page's language; Russian pages show the English ones, as the Russian stub does.
 */
function hitIn(locale: Locale, d: { url: string; meta: Record<string, string> }): Hit {
  const persian = locale === 'fa';
  const title = (persian ? d.meta.title_fa : undefined) ?? d.meta.title ?? d.url;
  const price = (persian ? d.meta.price_fa : undefined) ?? d.meta.price;
  return { url: d.meta.slug ? productPath(locale, d.meta.slug) : d.url, title, price, image: d.meta.image };
}

export default function PagefindResults({ locale, text }: { locale: Locale; text: string }) {
  const t = islandTexts(locale);
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const pagefind = await pagefindFor(text);
        const { pagefindQuery } = await import('../../../lib/pagefind-query');
        const found = pagefind ? await pagefind.search(pagefindQuery(text)) : { results: [] };
        const data = await Promise.all(found.results.slice(0, 24).map((r) => r.data()));
        if (live) setHits(data.map((d) => hitIn(locale, d)));
      } catch {
        if (live) setMissing(true);
      }
    })();
    return () => {
      live = false;
    };
  }, [text]);
  if (missing)
    return (
      <p className="empty" role="alert">
        {t.offlineNone}
      </p>
    );
  if (!hits) return <p className="empty">{t.loading}</p>;
  return (
    <>
      <p className="listing__notice" role="status">
        {t.offline}
      </p>
      {hits.length === 0 ? (
        <p className="empty">{t.noProducts}</p>
      ) : (
        <ul className="offline-hits">
          {hits.map((h) => (
            <li key={h.url}>
              <a href={h.url}>
                {h.image && <img src={h.image} alt="" width="64" height="64" loading="lazy" />}
                <span>{h.title}</span>
                {h.price && <span className="price">{h.price}</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
