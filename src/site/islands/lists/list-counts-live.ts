/** Header counts that follow the persisted lists (see list-counts.ts); calling it again does nothing. */
import { LISTS } from '../../stores/lists';
import type { ListKind } from '../../stores/lists-state';
import { showCount } from './list-counts';

let following = false;

export function followCounts(): void {
  if (following || typeof document === 'undefined') return;
  following = true;
  for (const kind of Object.keys(LISTS) as ListKind[]) LISTS[kind].subscribe((list) => showCount(kind, list.length));
}
