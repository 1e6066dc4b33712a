/**
 * The persisted wishlist and compare lists (keys "wishlist" and "compare", spec §9). Stores only;
 * the notices are shown by whoever calls addToList (the card and product-page buttons).
 */
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import { addEntry, decodeList, LIST_LIMITS, removeEntry, type AddOutcome, type ListEntry, type ListKind } from './lists-state';

const listAtom = (kind: ListKind) =>
  persistentAtom<ListEntry[]>(kind, [], {
    encode: JSON.stringify,
    decode: (text) => decodeList(text, LIST_LIMITS[kind]),
  });

export const $wishlist = listAtom('wishlist');
export const $compare = listAtom('compare');
export const LISTS: Record<ListKind, WritableAtom<ListEntry[]>> = { wishlist: $wishlist, compare: $compare };

export function addToList(kind: ListKind, entry: ListEntry): AddOutcome {
  const store = LISTS[kind];
  const { list, outcome } = addEntry(store.get(), entry, LIST_LIMITS[kind]);
  if (outcome === 'added') store.set([...list]);
  return outcome;
}

export function removeFromList(kind: ListKind, id: number): void {
  const store = LISTS[kind];
  const next = removeEntry(store.get(), id);
  if (next !== store.get()) store.set([...next]);
}

export const clearList = (kind: ListKind): void => LISTS[kind].set([]);
