/** One page of a product's reviews or questions; a newer page request drops the answer of an older one. */
import { useEffect, useState } from 'react';
import { isAbort } from '../ui/api';

/** `load` asks for one page (undefined: the first) through the typed caller; `key` names what is paged. */
export function usePaged<T>(load: (page: number | undefined, signal: AbortSignal) => Promise<T>, key: string | number) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setFailed(false);
    load(page > 1 ? page : undefined, ctl.signal)
      .then(setData)
      .catch((err: unknown) => {
        if (!isAbort(err)) setFailed(true);
      });
    return () => ctl.abort();
  }, [key, page, version]);
  /** Reloads (after a post): back to page 1, or the same page again. */
  const reload = () => {
    setPage(1);
    setVersion((v) => v + 1);
  };
  return { page, setPage, data, failed, reload };
}
