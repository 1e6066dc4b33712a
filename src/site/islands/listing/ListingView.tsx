/**
 * A listing as the shopper sees it: heading, filters, toolbar (sort, page size, grid/list), the
 * products and page links. Rendered on the server with the static first page, then live; a
 * catalogue's first cards stay the server's HTML (source.firstCards) until the list changes.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatNumber } from '../../format';
import type { Locale } from '../ui/locale';
import ProductCard from '../ui/ProductCard';
import { fill } from '../ui/fill';
import { listingTexts } from './texts';
import Filters from './Filters';
import Pagination from './Pagination';
import { PAGE_SIZES, queryFromState, SORTS, withChange, withReset, type Sort } from './state';
import { useListing, type ListingSource } from './useListing';
import './listing.css';

export interface ListingLayout {
  /** Where the filters sit: beside the list (start or end side), or in a slide-in panel. */
  sidebar: 'start' | 'end' | 'offcanvas';
  /** Fixed grid columns on wide screens; automatic when absent. */
  columns?: 3 | 4 | 5;
}

interface Props {
  locale: Locale;
  heading: ReactNode;
  source: ListingSource;
  layout: ListingLayout;
  categoryHref: (slug: string) => string;
  /** Shown above the products (e.g. the search's "results for"). */
  notice?: ReactNode;
  /** The page's path, for page links rendered on the server; the browser's own path otherwise. */
  basePath?: string;
}

export default function ListingView({ locale, heading, source, layout, categoryHref, notice, basePath }: Props) {
  const t = listingTexts(locale);
  const { state, list, loading, go, goPage, defaults } = useListing(source);
  const [panelOpen, setPanelOpen] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const n = (v: number) => formatNumber(v, locale);
  const firstRender = useRef(true);

  // A new page starts at the top of the list, not where the shopper clicked the page link.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }, [state.page]);

  useEffect(() => {
    if (!panelOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPanelOpen(false);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [panelOpen]);

  const change = (c: Parameters<typeof withChange>[1]) => go(withChange(state, c));
  const href = (page: number) => (basePath ?? location.pathname) + queryFromState({ ...state, page }, defaults);
  const cls = ['listing', `listing--sidebar-${layout.sidebar}`, layout.columns ? `listing--cols-${layout.columns}` : ''].join(' ');

  return (
    <div className={cls} ref={top} aria-busy={loading}>
      <aside className={`filters${panelOpen ? ' filters--open' : ''}`} aria-label={t.filters} id="listing-filters">
        <div className="filters__top">
          <h2 className="filters__title">{t.filters}</h2>
          <button type="button" className="filters__close" onClick={() => setPanelOpen(false)} aria-label={t.hideFilters}>
            ×
          </button>
        </div>
        <Filters
          locale={locale}
          filters={list?.filters ?? []}
          state={state}
          categoryHref={categoryHref}
          onChange={change}
          onReset={() => go(withReset(state))}
        />
      </aside>
      {panelOpen && <div className="filters__backdrop" onClick={() => setPanelOpen(false)} />}
      <section className="listing__main">
        <header className="listing__head">
          <h1>{heading}</h1>
          {list && list.total > 0 && (
            <p className="muted listing__count">
              {fill(
                t.showing,
                { from: list.from, to: list.to, total: list.capped ? `${formatNumber(list.total, locale)}+` : list.total },
                locale,
              )}
            </p>
          )}
        </header>
        {notice}
        <div className="toolbar">
          <button
            type="button"
            className="toolbar__filters button button--outline button--small"
            aria-expanded={panelOpen}
            aria-controls="listing-filters"
            onClick={() => setPanelOpen(true)}
          >
            {t.showFilters}
          </button>
          <label>
            {t.sort}
            <select value={state.sort} onChange={(e) => change({ sort: e.target.value as Sort })}>
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t.sorts[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t.perPage}
            <select value={state.limit} onChange={(e) => change({ limit: Number(e.target.value) })}>
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {n(s)}
                </option>
              ))}
            </select>
          </label>
          <div className="toolbar__view" role="group" aria-label={t.view}>
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={state.view === v}
                title={t[v]}
                aria-label={t[v]}
                onClick={() => state.view !== v && change({ view: v })}
              >
                {v === 'grid' ? (
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" fill="currentColor" />
                  </svg>
                ) : (
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path d="M4 5h16v3H4zM4 10.5h16v3H4zM4 16h16v3H4z" fill="currentColor" />
                  </svg>
                )}
              </button>
            ))}
          </div>
        </div>
        {/* The cards' names are h3: this keeps the heading levels in order under the h1. */}
        <h2 className="visually-hidden">{t.productList}</h2>
        {list && list === source.firstPage && source.firstCards && list.total > 0 ? (
          source.firstCards
        ) : list && list.items.length > 0 ? (
          <div className={`grid${state.view === 'list' ? ' grid--list' : ''}`}>
            {list.items.map((p, i) => (
              <ProductCard key={p.id} product={p} locale={locale} eager={i < 4} />
            ))}
          </div>
        ) : loading ? (
          <p className="empty">{t.loading}</p>
        ) : (
          <p className="empty">{t.noProducts}</p>
        )}
        {loading && list && (
          <div className="listing__loading" role="status">
            {t.loading}
          </div>
        )}
        {list && <Pagination locale={locale} page={state.page} pages={list.pages} href={href} onPage={goPage} />}
      </section>
    </div>
  );
}
