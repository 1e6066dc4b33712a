/**
 * Work someone waits for on the server's thread — a product page rendered on its first request
 * (src/server/http/product-pages-on-request.ts) — against long work nobody waits for on the same
 * thread: the in-memory search indexes built in slices of its time (time-slices.ts). Between two
 * slices, such work lets the thread go until no such request is under way, or for YIELD_MS at most,
 * so it is never starved: while first renders follow one another (a crawl of a fresh deploy), the
 * index takes one ~10 ms slice in every ~60 ms instead of every other turn of the event loop, and the
 * few turns a first render needs there (its request, its answer) come first.
 */

/** The longest a slice of long work waits for requests under way before it takes its turn anyway. */
export const YIELD_MS = 50;

let underWay = 0;
const waiting = new Set<() => void>();

/** Marks such a request under way; call the returned function once it is answered (more calls do nothing). */
export function foregroundStarted(): () => void {
  underWay++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--underWay > 0) return;
    for (const go of [...waiting]) go();
  };
}

/** Resolves once no such request is under way, or after `maxMs`. */
export function foregroundIdle(maxMs = YIELD_MS): Promise<void> {
  if (underWay === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const go = () => {
      clearTimeout(timer);
      waiting.delete(go);
      resolve();
    };
    const timer = setTimeout(go, maxMs);
    waiting.add(go);
  });
}
