/**
 * The short text a cart line carries from a parts list into the order and the invoice: the customer's
 * own reference for the line and its places on the board ("CAN-1 · U1, U2"), so the goods that arrive
 * can be matched to the board. Two parts-list lines of the same product share one cart line, so their
 * references are joined. Pure.
 */

/** Longest reference a cart or order line keeps (a column of the invoice, not the whole file). */
export const REFERENCE_MAX = 300;

const clip = (text: string): string => (text.length <= REFERENCE_MAX ? text : `${text.slice(0, REFERENCE_MAX - 1)}…`);

const tidy = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** A parts-list line's reference: the customer's reference, then the designators; null when both are empty. */
export function lineReference(line: { reference?: string | null; designators?: string | null }): string | null {
  const parts = [tidy(line.reference), tidy(line.designators)].filter((p, i, all) => p !== '' && all.indexOf(p) === i);
  return parts.length ? clip(parts.join(' · ')) : null;
}

/** The reference of a cart line that a second parts-list line of the same product is added to. */
export function mergeReferences(existing: string | null | undefined, added: string | null | undefined): string | null {
  const a = tidy(existing);
  const b = tidy(added);
  if (!b || a.split('; ').includes(b)) return a || null;
  if (!a) return clip(b);
  return clip(`${a}; ${b}`);
}

/** A reference typed by the customer in the cart: spaces tidied, empty means none. */
export function typedReference(text: string): string | null {
  const t = tidy(text);
  return t ? clip(t) : null;
}
