import type { ProductCard } from '../../api/schemas/catalogue';
import type { Db } from '../db/client';
import { loadProductCards } from './product-views';
import type { ReadCache } from './read-cache';
import { shared } from './shared-json';

/**
 * Product cards by id for the search answers (dropdown, search page, listings): on the long tail every
 * query is new but the products they show repeat, and a card costs two statements and their parsing.
 * Kept in step with the read cache's generation: a change to some products (here or NOTIFYed by another
 * instance) drops just their cards, any other change drops them all, so no card is older than a change.
 */
export class CardCache {
  private cards = new Map<number, ProductCard>();
  private generation = -1;

  constructor(
    private readonly cache: ReadCache,
    private readonly maxEntries: number,
  ) {}

  /** The visible cards of `ids`, in that order (as loadProductCards). */
  async load(db: Db, ids: number[]): Promise<ProductCard[]> {
    const generation = this.cache.generation;
    if (generation !== this.generation) {
      const changed = this.cache.changedSince(this.generation);
      if (changed) for (const id of changed) this.cards.delete(id);
      else this.cards.clear();
      this.generation = generation;
    }
    const missing = ids.filter((id) => !this.cards.has(id));
    const fresh = missing.length ? await loadProductCards(db, missing) : [];
    // Every answer that shows a card shares it (never changes it): its JSON is made once (shared-json.ts).
    const byId = new Map(fresh.map((c) => [c.id, shared(c)]));
    // Kept unless a change to them (or to everything) landed while they were read.
    const since = this.cache.changedSince(generation);
    if (since) for (const card of fresh) if (!since.has(card.id)) this.store(card);
    const out: ProductCard[] = [];
    for (const id of new Set(ids)) {
      const card = byId.get(id) ?? this.cards.get(id);
      if (card) out.push(card);
    }
    return out;
  }

  private store(card: ProductCard): void {
    this.cards.set(card.id, card);
    if (this.cards.size > this.maxEntries) {
      const oldest = this.cards.keys().next().value;
      if (oldest !== undefined) this.cards.delete(oldest);
    }
  }
}
