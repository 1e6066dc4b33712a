/**
 * Link prefetch when idle (spec §9: idle timeout 2000 ms, skipped on 2g or data saver): once the
 * browser is idle, the same-site pages linked from what is on screen are fetched ahead with
 * <link rel="prefetch">, each once, so the next click finds the page in the cache.
 */
import { onIdle } from '../../ui/on-idle';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching costs the shopper's data: never with data saver on or on a 2g connection. */
export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

const IDLE_TIMEOUT_MS = 2000;
/** Private pages and the API are not worth fetching ahead (and answer differently per visitor). */
const SKIP = /^\/(?:(?:en|ru)\/)?(?:api|account|staff|shop\/(?:cart|checkout|receipt))(?:\/|$)/;

export function idlePrefetch(): void {
  if (!prefetchAllowed((navigator as Navigator & { connection?: NetworkInformation }).connection)) return;
  const done = new Set<string>([location.pathname]);
  const prefetch = (a: HTMLAnchorElement) => {
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || SKIP.test(url.pathname) || done.has(url.pathname) || a.hasAttribute('download')) return;
    done.add(url.pathname);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url.pathname;
    document.head.append(link);
  };
  const start = () => {
    const seen = new IntersectionObserver((entries) => {
      for (const e of entries)
        if (e.isIntersecting) {
          seen.unobserve(e.target);
          prefetch(e.target as HTMLAnchorElement);
        }
    });
    for (const a of document.querySelectorAll<HTMLAnchorElement>('main a[href], .site-header a[href]')) seen.observe(a);
  };
  onIdle(start, IDLE_TIMEOUT_MS);
}
