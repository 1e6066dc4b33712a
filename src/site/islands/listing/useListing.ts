/**
 * The listing's behaviour (spec §4), shared by catalogue and search results: state lives in the URL
 * (pushState on every change, popstate restores it), any change refetches, only the newest response
 * is shown (AbortController cancels the older request; a request counter drops any answer that still
 * arrives late), and a page past the end is clamped to the last page.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ProductList } from '../../../api/schemas/catalogue';
import { isAbort } from '../ui/api';
import { initialState, queryFromState, stateFromQuery, withPage, type ListingState } from './state';

export interface ListingSource {
  /** Reads one page of the list for a state. */
  fetch: (state: ListingState, signal: AbortSignal) => Promise<ProductList>;
  /** Called with any failure other than a cancelled request. */
  onError: (err: unknown) => void;
  /** The first page as the static HTML shows it (catalogue), or null (search: nothing is known at build). */
  firstPage: ProductList | null;
  /**
   * The first page's cards as server HTML (catalogue: an Astro slot, so the cards reach the browser
   * once, not again as island props; firstPage.items is then left empty). Shown until the list changes.
   */
  firstCards?: ReactNode;
  defaultView?: 'grid' | 'list';
}

export function useListing(source: ListingSource) {
  const defaults = initialState(source.defaultView);
  const [state, setState] = useState<ListingState>(defaults);
  const [list, setList] = useState<ProductList | null>(source.firstPage);
  const [loading, setLoading] = useState(source.firstPage === null);
  const counter = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const src = useRef(source);
  src.current = source;

  const load = useCallback(async (next: ListingState) => {
    const id = ++counter.current;
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    setLoading(true);
    try {
      const result = await src.current.fetch(next, ctl.signal);
      if (id !== counter.current) return; // a newer request exists: this answer is outdated
      if (result.pages > 0 && next.page > result.pages) {
        // Clamp (e.g. an old link to page 9 of what is now 3 pages): show the last page instead.
        const clamped = { ...next, page: result.pages };
        history.replaceState(history.state, '', location.pathname + queryFromState(clamped, defaults) + location.hash);
        setState(clamped);
        void load(clamped);
        return;
      }
      setList(result);
      setLoading(false);
    } catch (err) {
      if (isAbort(err) || id !== counter.current) return;
      setLoading(false);
      src.current.onError(err);
    }
    // defaults only depends on defaultView, fixed for the island's life.
    // Dependencies listed on purpose (not every value read): see the comment above.
  }, []);

  useEffect(() => {
    const fromUrl = stateFromQuery(location.search, defaults);
    setState(fromUrl);
    // The static first page already shows the default state: no request unless the URL asks for more.
    if (!source.firstPage || queryFromState(fromUrl, defaults) !== '') void load(fromUrl);
    const onPop = () => {
      const s = stateFromQuery(location.search, defaults);
      setState(s);
      void load(s);
    };
    addEventListener('popstate', onPop);
    return () => {
      removeEventListener('popstate', onPop);
      controller.current?.abort();
    };
    // Dependencies listed on purpose (not every value read): see the comment above.
  }, []);

  /** Shows `next` and records it in the history, so Back returns to the current state. */
  const go = useCallback(
    (next: ListingState) => {
      history.pushState(history.state, '', location.pathname + queryFromState(next, defaults) + location.hash);
      setState(next);
      void load(next);
      // Dependencies listed on purpose (not every value read): see the comment above.
    },
    [load],
  );

  const goPage = useCallback(
    (page: number) => {
      const next = withPage(state, page, list?.pages ?? 1);
      if (next) go(next);
      return next !== null;
    },
    [state, list, go],
  );

  return { state, list, loading, go, goPage, defaults };
}
