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
  // Starting a request costs the page's main thread a few milliseconds (on a slow phone tens): the
  // links found on screen wait in a queue and are added one per idle moment, never all in one task.
  const queue: string[] = [];
  let draining = false;
  const drain = () => {
    const path = queue.shift();
    if (path === undefined) {
      draining = false;
      return;
    }
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = path;
    document.head.append(link);
    onIdle(drain, IDLE_TIMEOUT_MS);
  };
  const prefetch = (a: HTMLAnchorElement) => {
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || SKIP.test(url.pathname) || done.has(url.pathname) || a.hasAttribute('download')) return;
    done.add(url.pathname);
    queue.push(url.pathname);
    if (!draining) {
      draining = true;
      onIdle(drain, IDLE_TIMEOUT_MS);
    }
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
