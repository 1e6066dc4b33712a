import type { Db } from '../../db/client';
import type { ReadCache } from '../read-cache';
import { ListingIndex } from './listing-index';
import { SuggestionIndex } from './suggestion-index';

/**
 * Holds the suggestion index and the listing index (listing-index.ts) of the read cache's current
 * generation, built in one background pass. A catalogue change bumps the
 * generation (a write through this server, or another process's NOTIFY): the old index is dropped at
 * once, the SQL answers meanwhile, and a new one is built in the background on the next request.
 */
export class SuggestionIndexKeeper {
  private index: SuggestionIndex | null = null;
  private listingIndex: ListingIndex | null = null;
  private builtFor = -1;
  private building: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly cache: ReadCache,
  ) {}

  /** The index for the catalogue as it is now, or null while one is built. */
  current(): SuggestionIndex | null {
    if (this.index && this.builtFor === this.cache.generation) return this.index;
    this.index = null;
    this.listingIndex = null;
    if (!this.stopped) this.rebuild();
    return null;
  }

  /** The listing index for the catalogue as it is now (getProduct in memory), or null while one is built. */
  listing(): ListingIndex | null {
    return this.current() ? this.listingIndex : null;
  }

  /** Resolves once an index of the current generation is ready (start-up, tests, benchmarks). */
  async ready(): Promise<void> {
    while (!this.current() && !this.stopped) await this.building;
  }

  /** The server is closing: no new builds, and a build cut short by the closing database is no error. */
  stop(): void {
    this.stopped = true;
    this.index = null;
    this.listingIndex = null;
  }

  private rebuild(): void {
    if (this.building) return;
    const generation = this.cache.generation;
    // One after the other: on PGlite both read through the one database thread anyway.
    this.building = SuggestionIndex.build(this.db)
      .then(async (index) => ({ index, listing: await ListingIndex.build(this.db) }))
      .then(
        ({ index, listing }) => {
          // A change that landed while we read makes these indexes stale: the next request builds again.
          if (this.cache.generation !== generation) return;
          this.index = index;
          this.listingIndex = listing;
          this.builtFor = generation;
        },
        (err: unknown) => {
          if (!this.stopped) console.error('suggestion index: build failed; the SQL answers meanwhile:', err);
        },
      )
      .finally(() => {
        this.building = null;
      });
  }
}
