/**
 * A page whose code chunk fails to load reloads once (spec §2: "a failure to load a page part
 * reloads the page"): after a deploy the old page asks for scripts that no longer exist, and a
 * reload brings the new page with the new names. Once per page and minute (sessionStorage), so a
 * chunk that really is missing does not reload the page forever.
 */
const KEY = 'qateh:chunk-reload';
const AGAIN_AFTER_MS = 60_000;
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** Whether to reload now, given when this page was last reloaded for a failed chunk. */
export function reloadDue(lastReload: { path: string; at: number } | null, path: string, now: number): boolean {
  return !lastReload || lastReload.path !== path || now - lastReload.at > AGAIN_AFTER_MS;
}

export function reloadOnChunkFailure(): void {
  const reload = () => {
    let last: { path: string; at: number } | null = null;
    try {
      last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    } catch {
      /* unreadable: as if none */
    }
    if (!reloadDue(last, location.pathname, Date.now())) return;
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ path: location.pathname, at: Date.now() }));
    } catch {
      return; /* no storage: could loop */
    }
    location.reload();
  };
  // Vite's preload helper says so for dynamic imports with dependencies.
  addEventListener('vite:preloadError', (e) => {
    e.preventDefault();
    reload();
  });
  addEventListener('unhandledrejection', (e) => {
    const message = e.reason instanceof Error ? e.reason.message : String(e.reason);
    if (e.reason instanceof TypeError && CHUNK_FAILURE.test(message)) reload();
  });
  // A module preload or island script that fails to load.
  addEventListener(
    'error',
    (e) => {
      const el = e.target;
      if (el instanceof HTMLLinkElement && el.rel === 'modulepreload') reload();
      else if (el instanceof HTMLScriptElement && el.type === 'module') reload();
    },
    true,
  );
}
