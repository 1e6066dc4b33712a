/**
 * Island of /shop/catalog and /shop/catalog/{slug}: the static first page, then the live listing. The
 * first page's cards arrive as children (server HTML, components/ListingPage.astro) and firstPage
 * carries the rest of that page (counts, filters) without its items, which keeps the props small.
 */
import type { ReactNode } from 'react';
import type { ProductList } from '../../../api/schemas/catalogue';
import { showToast } from '../../stores/toasts';
import { call } from '../ui/api';
import { catalogPath, type Locale } from '../ui/locale';
import { listingTexts } from './texts';
import ListingView, { type ListingLayout } from './ListingView';
import { apiQuery } from './state';

interface Props {
  locale: Locale;
  heading: string;
  categorySlug: string | null;
  firstPage: ProductList;
  layout: ListingLayout;
  defaultView?: 'grid' | 'list';
  /** The page's own path (with its language prefix): page links are written on the server. */
  basePath: string;
  /** The first page's cards, rendered on the server. */
  children?: ReactNode;
}

export default function CatalogListing({
  locale,
  heading,
  categorySlug,
  firstPage,
  layout,
  defaultView = 'grid',
  basePath,
  children,
}: Props) {
  return (
    <ListingView
      locale={locale}
      heading={heading}
      layout={layout}
      basePath={basePath}
      categoryHref={(slug) => catalogPath(locale, slug)}
      source={{
        firstPage,
        firstCards: children,
        defaultView,
        fetch: (state, signal) =>
          call('GET', '/getProduct', { query: { ...apiQuery(state), filter_category: categorySlug ?? undefined }, signal }),
        // The products shown stay on screen; the shopper is told the change did not go through.
        onError: () => showToast(listingTexts(locale).loadFailed, 'error'),
      }}
    />
  );
}
