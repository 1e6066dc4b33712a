/**
 * Wishlist and compare lists (spec §3 "Persisted client state", §4) as pure functions, so the rules
 * are table-tested without a browser: adding skips a product already listed (by product id), removal
 * is by product id, and each list has a cap so the stored value and the compare table stay usable.
 *
 * An entry keeps a small snapshot of the product (name, part number, picture) so the list pages can
 * draw at once and can still name a product the shop has since hidden; price, stock and attributes
 * always come live from the API.
 */
export type ListKind = 'wishlist' | 'compare';

export interface ListEntry {
  id: number;
  slug: string;
  partNumber: string;
  name: string;
  nameFa: string;
  image: string | null;
}

/** Compare lines products up side by side: beyond four columns the table stops being readable. */
export const LIST_LIMITS: Record<ListKind, number> = { wishlist: 100, compare: 4 };

export type AddOutcome = 'added' | 'duplicate' | 'full';

export function addEntry(list: readonly ListEntry[], entry: ListEntry, limit: number): { list: readonly ListEntry[]; outcome: AddOutcome } {
  if (list.some((e) => e.id === entry.id)) return { list, outcome: 'duplicate' };
  if (list.length >= limit) return { list, outcome: 'full' };
  return { list: [...list, entry], outcome: 'added' };
}

export function removeEntry(list: readonly ListEntry[], id: number): readonly ListEntry[] {
  return list.some((e) => e.id === id) ? list.filter((e) => e.id !== id) : list;
}

/** A product snapshot as written into a card's data-product attribute, or null when it is not one. */
export function toEntry(value: unknown): ListEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const id = Number(v.id);
  if (!Number.isInteger(id) || id < 1 || typeof v.slug !== 'string' || !v.slug) return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return {
    id,
    slug: v.slug,
    partNumber: text(v.partNumber),
    name: text(v.name),
    nameFa: text(v.nameFa),
    image: typeof v.image === 'string' && v.image ? v.image : null,
  };
}

/**
 * Reads a stored list back. Whatever else is found under the key (an old format, a hand edit, a
 * duplicate) is dropped rather than breaking every page that shows a count.
 */
export function decodeList(text: string | undefined, limit: number): ListEntry[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  let list: readonly ListEntry[] = [];
  for (const item of raw) {
    const entry = toEntry(item);
    if (entry) list = addEntry(list, entry, limit).list;
  }
  return [...list];
}
