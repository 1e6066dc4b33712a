/**
 * Island of the search page /shop/search/{category|all}/{text}: the same live listing as the
 * catalogue, fed by getProduct with filter_part and filter_category. Spec §8: a 429 goes to the
 * too-many-attempts page, any other failure goes home; when the API cannot be reached at all the
 * static Pagefind index answers instead (if the site has one).
 */
import { useEffect, useState } from 'react';
import ListingView from '../listing/ListingView';
import { apiQuery } from '../listing/state';
import { CallError, call } from '../ui/api';
import { pathIn, type Locale } from '../ui/locale';
import { fill, islandTexts } from '../ui/texts';
import PagefindResults from './PagefindResults';
import { readSearchPath, searchPath, type SearchWhere } from './searchPath';

export default function SearchResults({ locale }: { locale: Locale }) {
  const t = islandTexts(locale);
  const [where, setWhere] = useState<SearchWhere | null>(null);
  const [offline, setOffline] = useState(false);
  const [interpreted, setInterpreted] = useState<string | undefined>();

  useEffect(() => {
    const found = readSearchPath(location.pathname, location.search);
    // The header form without JavaScript sends ?q=&category=: show the path form instead.
    const q = new URLSearchParams(location.search);
    if (q.has('q') || q.has('category')) {
      q.delete('q');
      q.delete('category');
      const rest = q.toString();
      history.replaceState(null, '', searchPath(locale, found) + (rest ? `?${rest}` : ''));
    }
    setWhere(found);
  }, [locale]);

  if (!where)
    return (
      <div className="listing-placeholder">
        <h1>{t.searchAll}</h1>
        <p className="empty">{t.loading}</p>
      </div>
    );
  const heading = where.text ? fill(t.searchTitle, { q: where.text }, locale) : t.searchAll;
  if (offline)
    return (
      <div className="search-offline">
        <h1>{heading}</h1>
        <PagefindResults locale={locale} text={where.text} />
      </div>
    );

  return (
    <ListingView
      locale={locale}
      heading={<span dir="auto">{heading}</span>}
      layout={{ sidebar: 'start' }}
      categoryHref={(slug) => searchPath(locale, { category: slug, text: where.text })}
      notice={
        interpreted ? (
          <p className="listing__notice" dir="auto">
            {fill(t.interpreted, { q: interpreted }, locale)}
          </p>
        ) : null
      }
      source={{
        firstPage: null,
        fetch: async (state, signal) => {
          const list = await call('GET', '/getProduct', {
            query: {
              ...apiQuery(state),
              filter_part: where.text || undefined,
              filter_category: where.category ?? undefined,
            },
            signal,
          });
          setInterpreted(list.interpretedAs);
          return list;
        },
        onError: (err) => {
          const status = err instanceof CallError ? err.status : -1;
          if (status === 429) location.replace(pathIn(locale, '/site/too-many-attemp-error'));
          else if (status === 0) setOffline(true);
          else location.assign(pathIn(locale, '/'));
        },
      }}
    />
  );
}
