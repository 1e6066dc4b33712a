/**
 * Where a category may go: under any category except itself and its own descendants (the tree
 * would become a loop). Paths are the materialised "/3/17/42/" form kept in categories.path.
 */
export function isValidCategoryParent(movedPath: string, newParentPath: string | null): boolean {
  if (newParentPath === null) return true;
  return !newParentPath.startsWith(movedPath);
}

/** The path and depth a category gets under a parent (null: top level). */
export function placeUnder(id: number, parent: { path: string; depth: number } | null): { path: string; depth: number } {
  return parent ? { path: `${parent.path}${id}/`, depth: parent.depth + 1 } : { path: `/${id}/`, depth: 0 };
}
