/**
 * Which cart lines are "the same line": one product with the same chosen options. Equal option sets
 * make equal keys whatever order the browser sent them in; the server stores the key (a unique index
 * per cart) and the browser's store merges lines by it, so the two never disagree.
 */
export interface CartLineOption {
  optionId: number;
  valueId: number;
}

export function optionsKey(options: readonly CartLineOption[]): string {
  return [...options]
    .sort((a, b) => a.optionId - b.optionId || a.valueId - b.valueId)
    .map((o) => `${o.optionId}:${o.valueId}`)
    .join(',');
}

export const sameOptions = (a: readonly CartLineOption[], b: readonly CartLineOption[]): boolean => optionsKey(a) === optionsKey(b);
