/**
 * The one way islands call the API on the same origin. Deliberately tiny (no zod, no ofetch): the
 * product page's whole JavaScript budget is 90 KB gzip and React takes most of it. The types come
 * from the route table itself (imported as types only, zero bytes): a path that is not a route, a
 * body of the wrong shape or a missing path parameter fails the type check, and the answer has the
 * route's response type. The session lives in httpOnly cookies the browser sends by itself;
 * state-changing calls echo the readable CSRF cookie in X-CSRF-Token. Every failure is one CallError.
 *
 *   const { data } = await call('GET', '/dashboard/address/{id}', { params: { id } });
 */
import type { z } from 'zod';
import type { FieldErrors } from '~/api/schemas/common';
import type { SiteRoute } from '~/server/routes';
import { csrfToken } from '../header/shell/session-hint';

export const API_BASE = '/api/site/v1';

export type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE';
type RouteOf<V extends Verb> = Extract<SiteRoute, { method: Lowercase<V> }>;
/** Every path (OpenAPI style, `{slug}` placeholders) the API answers for this method. */
export type ApiPath<V extends Verb> = RouteOf<V>['path'];
type RouteAt<V extends Verb, P extends string> = Extract<RouteOf<V>, { path: P }>;

type Scalar = string | number | boolean | null | undefined;
type ShapeKeys<S> = S extends z.ZodType ? keyof z.output<S> & string : never;
type QueryOf<R extends SiteRoute> = [ShapeKeys<NonNullable<R['query']>>] extends [never]
  ? Record<string, Scalar>
  : { [K in ShapeKeys<NonNullable<R['query']>>]?: Scalar };
type BodyOf<R extends SiteRoute> = NonNullable<R['body']> extends z.ZodNever ? unknown : z.input<NonNullable<R['body']>>;
type ParamsOf<R extends SiteRoute> = { [K in ShapeKeys<NonNullable<R['params']>>]: string | number };

interface CommonOptions<R extends SiteRoute> {
  query?: QueryOf<R>;
  /** JSON body. */
  body?: BodyOf<R>;
  /** A multipart upload (the routes that read files). */
  form?: FormData;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a view count sent as the visitor leaves). */
  keepalive?: boolean;
}
export type CallOptions<R extends SiteRoute> = R['path'] extends `${string}{${string}`
  ? CommonOptions<R> & { params: ParamsOf<R> }
  : CommonOptions<R> & { params?: never };
type OptionArgs<R extends SiteRoute> = R['path'] extends `${string}{${string}` ? [options: CallOptions<R>] : [options?: CallOptions<R>];
/** The options argument of call() for this route (required when its path has placeholders). */
export type CallArgs<V extends Verb, P extends string> = OptionArgs<RouteAt<V, P>>;
/**
 * The body a route validates. Forms hand over what the visitor typed, which only the server's schema
 * can judge (its 422 names the field): such a body is cast to this type where it is sent.
 */
export type ApiBody<V extends Verb, P extends string> = BodyOf<RouteAt<V, P>>;
/** What the route answers, as its response schema describes the wire. */
export type ApiResponse<V extends Verb, P extends string> = z.output<RouteAt<V, P>['response']>;

/**
 * A failed call. status 0: no answer (network down, server gone); 429: too many requests (see
 * headers' Retry-After); 422 with field errors; others as the server said.
 */
export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly headers?: Headers,
    /** The error body's `data` beyond field errors (a refused import's preview). */
    readonly data: Record<string, unknown> = {},
    /** The answer as it came, for a body that is not our JSON (spec §8 then shows it whole). */
    readonly text = '',
  ) {
    super(message);
    this.name = 'CallError';
  }
}

export const isAbort = (err: unknown): boolean => err instanceof DOMException && err.name === 'AbortError';

/** The full URL of a route: placeholders filled (encoded), empty query values left out. */
export function apiUrl(path: string, params: Record<string, string | number> = {}, query: Record<string, Scalar> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return API_BASE + filled + (qs ? `?${qs}` : '');
}

export async function call<V extends Verb, P extends ApiPath<V>>(
  method: V,
  path: P,
  ...[options]: OptionArgs<RouteAt<V, P>>
): Promise<ApiResponse<V, P>> {
  const o = (options ?? {}) as CommonOptions<SiteRoute> & { params?: Record<string, string | number> };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const csrf = method === 'GET' ? null : csrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  let res: Response;
  try {
    res = await fetch(apiUrl(path, o.params, o.query), {
      method,
      headers,
      credentials: 'same-origin',
      signal: o.signal,
      keepalive: o.keepalive,
      body: o.form ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
    });
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new CallError(0, 'network');
  }
  const text = await res.text().catch(() => '');
  let data: { message?: string; data?: { errors?: FieldErrors } & Record<string, unknown> } = {};
  try {
    data = JSON.parse(text) as typeof data;
  } catch {
    /* not JSON: kept as text */
  }
  if (!res.ok) throw new CallError(res.status, data.message ?? '', data.data?.errors ?? {}, res.headers, data.data ?? {}, text);
  return data as ApiResponse<V, P>;
}
