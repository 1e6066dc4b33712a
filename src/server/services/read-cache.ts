/**
 * In-process cache of catalogue reads, keyed by the normalised request.
 * PGlite runs one query at a time, so hot reads (home carousels, popular searches, category pages)
 * must not queue behind each other. Every catalogue write bumps the generation, which drops it all:
 * simple, and writes are rare next to reads.
 */
export class ReadCache {
  private entries = new Map<string, unknown>();
  private inFlight = new Map<string, Promise<unknown>>();
  private generationCount = 0;

  constructor(private readonly maxEntries: number) {}

  /** Returns the cached value for key, or computes it once even if many requests ask at the same time. */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.maxEntries === 0) return compute();
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as T;
      // Re-insert so Map order doubles as least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, value);
      return value;
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generationCount;
    const promise = compute().then(
      (value) => {
        this.inFlight.delete(key);
        // A write that landed while we computed makes this value stale: hand it out, don't keep it.
        if (generation === this.generationCount) this.store(key, value);
        return value;
      },
      (err: unknown) => {
        this.inFlight.delete(key);
        throw err;
      },
    );
    this.inFlight.set(key, promise);
    return promise;
  }

  /** Call after any write that changes what shoppers see in the catalogue. */
  invalidate(): void {
    this.generationCount++;
    this.entries.clear();
    this.inFlight.clear();
  }

  /** Changes with every invalidation: what was read before belongs to an older catalogue. */
  get generation(): number {
    return this.generationCount;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: unknown): void {
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
