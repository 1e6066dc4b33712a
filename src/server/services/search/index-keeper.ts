import type { Db } from '../../db/client';
import type { ReadCache } from '../read-cache';

/** An in-memory index of the catalogue that can bring some products up to date in place. */
export interface PatchableIndex {
  /**
   * Reads these products again (added, changed, hidden, deleted) and updates the index in place; false
   * (or a throw) when it cannot, and the keeper builds a new one. All reads come before any change to
   * the index, and the changes are made in one synchronous step, so a search never sees half a patch.
   */
  patch(db: Db, productIds: readonly number[]): Promise<boolean | void>;
}

/** How one kind of index is made from scratch (SuggestionIndex, and the listing index beside it). */
export interface IndexPart<T extends PatchableIndex> {
  /** For logs. */
  name: string;
  build(db: Db): Promise<T>;
}

/** What a keeper did, for tests and benchmarks. */
export interface KeeperStats {
  builds: number;
  patches: number;
  patchedProducts: number;
  /** Milliseconds of the last build and of the last patch (reads included). */
  lastBuildMs: number;
  lastPatchMs: number;
}

// More products changed at once than this (an import, a reprice): a new build is cheaper and simpler.
const MAX_PATCH = 5_000;

/**
 * Holds one in-memory index at the read cache's current generation. A catalogue change bumps the
 * generation (a write through this server, or another process's NOTIFY, catalogue-version.ts) and
 * says what it changed (ReadCache.changedSince):
 *  - some products only (an edit, a price, stock taken by an order, a product hidden or deleted): the
 *    index patches just those products at once, in the background, and is current again in
 *    milliseconds; the SQL answers meanwhile.
 *  - anything else (categories, brands, attributes, a reprice or import of many products, an unknown
 *    change): the index is dropped and a new one built on the next request, the SQL answering meanwhile.
 * A patch or build is for the generation it started at; changes that land while it reads are caught up
 * by the next patch (which reads those products again), so none is lost. One keeper per kind of index.
 */
export class IndexKeeper<T extends PatchableIndex> {
  private index: T | null = null;
  /** The generation the index reflects. */
  private currentFor = -1;
  private working: Promise<boolean> | null = null;
  private stopped = false;
  private readonly unsubscribe: () => void;
  readonly stats: KeeperStats = { builds: 0, patches: 0, patchedProducts: 0, lastBuildMs: 0, lastPatchMs: 0 };

  constructor(
    private readonly db: Db,
    private readonly cache: ReadCache,
    private readonly part: IndexPart<T>,
    private readonly maxPatch = MAX_PATCH,
  ) {
    // Patches are made as changes arrive, before the next search asks; builds wait for one (current()).
    this.unsubscribe = cache.onChange(() => this.catchUp(false));
  }

  /** The index for the catalogue as it is now, or null while it is patched or built. */
  current(): T | null {
    if (this.index && this.currentFor === this.cache.generation) return this.index;
    this.catchUp(true);
    return null;
  }

  /** Resolves once an index of the current generation is ready (start-up, tests, benchmarks). */
  async ready(): Promise<void> {
    while (!this.current() && !this.stopped) await this.working;
  }

  /** The server is closing: no new builds or patches, and one cut short by the closing database is no error. */
  stop(): void {
    this.stopped = true;
    this.index = null;
    this.unsubscribe();
  }

  /** Starts a patch when only products changed since the index's generation, else (when allowed) a build. */
  private catchUp(allowBuild: boolean): void {
    if (this.stopped || this.working) return;
    const target = this.cache.generation;
    if (this.index && this.currentFor === target) return;
    const changed = this.index ? this.cache.changedSince(this.currentFor) : null;
    if (this.index && changed && changed.size <= this.maxPatch) {
      this.working = this.patch(this.index, [...changed], target);
    } else if (allowBuild) {
      // Dropped before the build: two whole indexes at once would double the memory at a million products.
      this.index = null;
      this.working = this.build(target);
    } else {
      if (this.index) this.index = null;
      return;
    }
    void this.working.then((caughtUp) => {
      this.working = null;
      // Changes that arrived while it worked: patched right away (a build waits for a request).
      if (caughtUp && this.index && this.currentFor !== this.cache.generation) this.catchUp(false);
    });
  }

  private async patch(index: T, ids: number[], target: number): Promise<boolean> {
    const t0 = performance.now();
    try {
      const ok = await index.patch(this.db, ids);
      if (this.stopped || this.index !== index) return false;
      if (ok === false) {
        this.index = null;
        return false;
      }
      this.currentFor = target;
      this.stats.patches++;
      this.stats.patchedProducts += ids.length;
      this.stats.lastPatchMs = performance.now() - t0;
      return true;
    } catch (err) {
      // In doubt (a read failed, or the index was left half-changed): the next request builds anew.
      if (this.index === index) this.index = null;
      if (!this.stopped) console.error(`${this.part.name}: patch failed; built again on the next search:`, err);
      return false;
    }
  }

  private async build(target: number): Promise<boolean> {
    const t0 = performance.now();
    try {
      const index = await this.part.build(this.db);
      if (this.stopped) return false;
      this.stats.builds++;
      this.stats.lastBuildMs = performance.now() - t0;
      // Anything but products changed while it read: stale, and the next request builds again. Products
      // changed meanwhile are patched right after (the build may have read them before or after the change).
      if (!this.cache.changedSince(target)) return false;
      this.index = index;
      this.currentFor = target;
      return true;
    } catch (err) {
      if (!this.stopped) console.error(`${this.part.name}: build failed; the SQL answers meanwhile:`, err);
      return false;
    }
  }
}
