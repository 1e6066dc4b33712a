/**
 * The storefront islands' reads from the API on the same origin. Deliberately tiny (no zod, no
 * ofetch): the product page's whole JavaScript budget is 90 KB gzip and React takes most of it. The
 * shapes are the API's own types (src/api/schemas), checked by the server's schemas on the way out.
 */
export const API_BASE = '/api/site/v1';

/** status 0: no answer (network down, server gone); 429: too many searches; others as the server said. */
export class ApiFailure extends Error {
  constructor(readonly status: number, message = '') {
    super(message || `HTTP ${status}`);
    this.name = 'ApiFailure';
  }
}

export const isAbort = (err: unknown): boolean => err instanceof DOMException && err.name === 'AbortError';

type Query = Record<string, string | number | undefined | null>;

export function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return API_BASE + path + (qs ? `?${qs}` : '');
}

export async function getJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), { headers: { accept: 'application/json' }, signal, credentials: 'same-origin' });
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new ApiFailure(0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiFailure(res.status, body?.message);
  }
  return (await res.json()) as T;
}
