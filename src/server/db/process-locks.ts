/**
 * Named locks inside one process, for PGlite: its database is opened by one process only, so no other
 * process can hold a lock, but two jobs of this process can still overlap — the site updater's rebuild
 * and the search fallback's late index (src/build/search-fallback-later.ts) must not write the site's
 * search files at once. Same contract as PostgreSQL's advisory locks in client.ts: waiters run in
 * turn, `tryWithLock` answers busy at once. Not re-entrant, like a lock held by another connection.
 */
export function processLocks() {
  const held = new Map<string, Promise<void>>();

  const take = (name: string): (() => void) => {
    let release!: () => void;
    held.set(
      name,
      new Promise<void>((resolve) => {
        release = () => {
          held.delete(name);
          resolve();
        };
      }),
    );
    return release;
  };

  const withLock = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    for (let busy = held.get(name); busy; busy = held.get(name)) await busy;
    const release = take(name);
    try {
      return await work();
    } finally {
      release();
    }
  };

  const tryWithLock = async <T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> => {
    if (held.has(name)) return { ran: false };
    const release = take(name);
    try {
      return { ran: true, value: await work() };
    } finally {
      release();
    }
  };

  return { withLock, tryWithLock };
}
