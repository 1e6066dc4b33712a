/**
 * Runs work once the browser is idle, or after `timeoutMs` at the latest (spec §9's idle timeout is
 * 2000 ms). Code a page does not need for its first paint or first click is loaded this way
 * (a dynamic import inside `work`), so it stays out of the page's JavaScript on load.
 */
export function onIdle(work: () => void, timeoutMs = 2000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, timeoutMs);
}
