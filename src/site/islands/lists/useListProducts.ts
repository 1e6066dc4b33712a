/**
 * Live figures of the products in a persisted list, through products/by-ids. A newer list (a product
 * removed) aborts the request still running for the older one. Until the island has mounted it
 * reports "not ready": the stored list exists only in the browser, and the server-rendered shell
 * must match the first render.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ListProduct } from '../../../api/schemas/lists';
import { LISTS } from '../../stores/lists';
import type { ListEntry, ListKind } from '../../stores/lists-state';
import { call, isAbort } from '../ui/api';
import { followCounts } from './list-counts-live';

export interface ListRow {
  entry: ListEntry;
  product: ListProduct | null;
}
export type ListState =
  | { phase: 'mounting' }
  | { phase: 'loading'; entries: ListEntry[] }
  | { phase: 'failed'; entries: ListEntry[] }
  | { phase: 'ready'; rows: ListRow[] };

export function useListProducts(kind: ListKind): { state: ListState; retry: () => void } {
  const entries = useStore(LISTS[kind]);
  const [mounted, setMounted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [found, setFound] = useState<{ key: string; items: Map<number, ListProduct> } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const key = entries.map((e) => e.id).join(',');
  // Removing here must change the header's count too.
  useEffect(() => {
    setMounted(true);
    followCounts();
  }, []);
  useEffect(() => {
    if (!mounted || !key) return;
    const ctl = new AbortController();
    call('GET', '/products/by-ids', { query: { ids: key }, signal: ctl.signal })
      .then(({ data }) => {
        setFound({ key, items: new Map(data.items.map((p) => [p.id, p])) });
        setFailedKey(null);
      })
      .catch((err) => {
        if (!isAbort(err)) setFailedKey(key);
      });
    return () => ctl.abort();
  }, [mounted, key, attempt]);

  const retry = () => {
    setFailedKey(null);
    setAttempt((n) => n + 1);
  };
  if (!mounted) return { state: { phase: 'mounting' }, retry };
  // A removal needs no new answer: the rows already known are enough.
  const known = found && entries.every((e) => found.key.split(',').includes(String(e.id)));
  if (known || !key)
    return { state: { phase: 'ready', rows: entries.map((entry) => ({ entry, product: found?.items.get(entry.id) ?? null })) }, retry };
  if (failedKey === key) return { state: { phase: 'failed', entries }, retry };
  return { state: { phase: 'loading', entries }, retry };
}
