import { sql, type SQL } from 'drizzle-orm';
import type { MatchKind, SuggestionResponse } from '../../../api/schemas/catalogue';
import type { SuggestionQuery } from '../../../api/schemas/search';
import type { Db } from '../../db/client';
import type { CardCache } from '../card-cache';
import { loadProductCards } from '../product-views';
import { matchedSql, withIndexScans } from './match-sql';
import { alternativePlans, planSearch, type SearchPlan } from './plan';
import { resolveScopeFrom, type CategoryScope } from './scope';
import { rowsOf } from '../../db/rows';
import type { IndexKeeper } from './index-keeper';
import type { ListingIndex } from './listing-index';
import { suggestionItemOf, type SuggestionIndex, type SuggestionItem } from './suggestion-index';
import { sharedWith } from '../shared-json';

// One typed letter matches a large part of the catalogue; suggestions start at the second.
const MIN_QUERY_LENGTH = 2;

// Text and infix matches read at most this many candidates before ranking them.
const CANDIDATES = 1000;

/** The one statement behind the dropdown: at most `limit` matches counted, the best `take` returned. */
export function suggestionSql(plan: SearchPlan, scope: CategoryScope | null, q: Pick<SuggestionQuery, 'limit' | 'take'>): SQL {
  // Each match branch stops at what the dropdown counts (limit) and shows (take): the best rows of every
  // branch in the final order, so the union's best are the best of all matches.
  const perBranch = Math.max(q.limit, q.take);
  const limits = { perBranch, candidates: Math.max(CANDIDATES, perBranch), ...(scope ? { categoryIds: scope.ids } : {}) };
  return sql`
    with m as materialized (${matchedSql(plan, ['stock', 'sales_count'], limits)})
    select
      (select count(*)::int from (select 1 from m limit ${q.limit}) x) as total,
      (select json_agg(json_build_object('id', id, 'kind', kind) order by rank, score desc, stock > 0 desc, sales_count desc, id)
         from (select * from m order by rank, score desc, stock > 0 desc, sales_count desc, id limit ${q.take}) t) as items`;
}

async function run(db: Db, plan: SearchPlan, scope: CategoryScope | null, q: SuggestionQuery) {
  const result = await withIndexScans(db, (tx) => tx.execute(suggestionSql(plan, scope, q)));
  return rowsOf<{ total: number; items: { id: number; kind: MatchKind }[] | null }>(result)[0]!;
}

/** The in-memory paths of the server (app.ts); without them every answer is read through SQL. */
export interface SearchFastPaths {
  /** The dropdown's strict matches (and, up to ITEMS_IN_MEMORY_MAX products, the cards). */
  index: IndexKeeper<SuggestionIndex>;
  /** getProduct's listings and search pages over those matches (listing-index.ts). */
  listing: IndexKeeper<ListingIndex>;
  cards: CardCache;
  /** false: getProduct takes the index's matches but counts and pages them in SQL (tests compare the two). */
  listingsInMemory?: boolean;
}

/** suggestion: the header's live search — best matches first, each labelled exact / family / fuzzy / text. */
export async function suggestProducts(
  db: Db,
  q: SuggestionQuery,
  fast?: SearchFastPaths,
): Promise<SuggestionResponse & { searched: string | null }> {
  const text = q.filter_searchPart ?? '';
  const plan = text.trim().length >= MIN_QUERY_LENGTH ? planSearch(text) : null;
  if (!plan) return { items: [], total: 0, searched: null };
  const scope = await resolveScopeFrom(fast?.listing.current(), db, q.filter_category);
  // Every reading in memory when the index is current: strict matches, else fuzzy part numbers, else the
  // other readings (suggestion-index.ts answerReadings). The SQL answers only while the index is built
  // or patched, or for a fuzzy lookup too large to make on this thread.
  const index = fast?.index.current();
  const fromIndex = index?.answerReadings(plan, q, scope ? new Set(scope.ids) : null, CANDIDATES) ?? null;
  let row: { total: number; items: { id: number; kind: MatchKind }[] | null } = fromIndex ?? (await run(db, plan, scope, q));
  let used = fromIndex?.plan ?? plan;
  if (!fromIndex && row.total === 0) {
    for (const alt of alternativePlans(plan)) {
      const altRow = await run(db, alt, scope, q);
      if (altRow.total > 0) {
        row = altRow;
        used = alt;
        break;
      }
    }
  }
  const items = row.items ?? [];
  const kinds = new Map(items.map((i) => [i.id, i.kind]));
  const ids = items.map((i) => i.id);
  // Held by the index when it answered and the catalogue is small enough; else one read of the cards.
  const cards: SuggestionItem[] =
    (fromIndex && row === fromIndex ? fromIndex.cards : null) ?? (fast ? await fast.cards.load(db, ids) : await loadProductCards(db, ids));
  return {
    items: cards.map((c) => sharedWith(suggestionItemOf(c), 'match', kinds.get(c.id) ?? 'text')),
    total: row.total,
    searched: used.folded,
  };
}
