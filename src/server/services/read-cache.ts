/**
 * What a catalogue change touched: some products (by id), or anything else (categories, brands,
 * attributes, content, a reprice of many products, an import, a change whose extent is unknown).
 */
export type CatalogueChange = { products: readonly number[] } | 'everything';

export const EVERYTHING: CatalogueChange = 'everything';

/** A change to these products only. */
export const productsChanged = (ids: Iterable<number>): CatalogueChange => ({ products: [...new Set(ids)] });

// Generations whose change is remembered: a reader further behind than this starts over.
const CHANGE_LOG_SIZE = 4096;

/**
 * In-process cache of catalogue reads, keyed by the normalised request.
 * PGlite runs one query at a time, so hot reads (home carousels, popular searches, category pages)
 * must not queue behind each other. Every catalogue write bumps the generation, which drops it all:
 * simple, and writes are rare next to reads. The generation's change is remembered (which products,
 * or everything), so the in-memory search index and the card cache, which are costly to fill again,
 * can patch just those products (changedSince).
 */
export class ReadCache {
  private entries = new Map<string, unknown>();
  private inFlight = new Map<string, Promise<unknown>>();
  private generationCount = 0;
  /** changes[i] made generation `generationCount - changes.length + 1 + i`; null: everything. */
  private changes: (readonly number[] | null)[] = [];
  private listeners = new Set<() => void>();

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

  /**
   * Call after any write that changes what shoppers see in the catalogue, once it is committed, saying
   * what it changed when that is some products only (the default: everything).
   */
  invalidate(change: CatalogueChange = EVERYTHING): void {
    this.generationCount++;
    this.entries.clear();
    this.inFlight.clear();
    this.changes.push(change === 'everything' ? null : change.products);
    if (this.changes.length > CHANGE_LOG_SIZE) this.changes.splice(0, this.changes.length - CHANGE_LOG_SIZE);
    for (const listener of this.listeners) listener();
  }

  /**
   * The products changed after `generation` up to now, or null when anything else changed meanwhile
   * (or the change is too old to be remembered): then whatever was read for `generation` is all stale.
   */
  changedSince(generation: number): Set<number> | null {
    const behind = this.generationCount - generation;
    if (behind < 0 || behind > this.changes.length) return null;
    const ids = new Set<number>();
    for (let i = this.changes.length - behind; i < this.changes.length; i++) {
      const change = this.changes[i];
      if (!change) return null;
      for (const id of change) ids.add(id);
    }
    return ids;
  }

  /** Called after every invalidation (synchronously, in invalidate). Returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
