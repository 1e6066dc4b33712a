/**
 * Cross-site request protection for calls that a browser makes with our cookies.
 *
 * - Cookie-authenticated POST/PUT/DELETE must carry the X-CSRF-Token header holding the token of
 *   their session (csrf-token.ts). The readable qateh_csrf cookie only delivers it to our pages; it is
 *   never what the header is compared with, so a planted cookie proves nothing. Another site can make
 *   a browser send our cookies, but it can neither read the token nor set a custom header on a
 *   cross-origin request without our (absent) CORS consent.
 * - Cookie-authenticated GETs change nothing: routes the spec defines as GET that change state answer
 *   cookie callers with 405 and offer a POST (assertNotCookieGet).
 * - Calls that *create* a cookie session (site sign-in) have no token yet: they must be JSON and, when
 *   the browser names an Origin, come from our own origin.
 * Bearer-token calls need neither: browsers never attach an Authorization header on their own.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../context';
import { HttpError } from '../http/errors';
import { CSRF_HEADER } from './cookies';
import { isCsrfTokenOf } from './csrf-token';

export const CSRF_MESSAGE = 'درخواست از صفحه‌ای بیرون از فروشگاه آمده یا نشست منقضی شده است؛ صفحه را دوباره بارگذاری کنید.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isStateChanging = (c: Context): boolean => !SAFE_METHODS.has(c.req.method);

/** The X-CSRF-Token header must be the token of this session. */
export function assertCsrfToken(c: Context, deps: AppDeps, sessionId: string): void {
  if (!isCsrfTokenOf(deps.config, sessionId, c.req.header(CSRF_HEADER))) throw new HttpError(403, CSRF_MESSAGE);
}

/**
 * For a GET the spec defines that changes state: API clients (bearer) may use it, a browser's cookie
 * session may not, since another site can send a browser there with our cookies.
 */
export function assertNotCookieGet(c: Context, via: 'bearer' | 'cookie'): void {
  if (via === 'cookie' && !isStateChanging(c)) {
    throw new HttpError(405, 'این درخواست از مرورگر باید با POST و توکن CSRF فرستاده شود.', undefined, { Allow: 'POST' });
  }
}

export function assertSameOrigin(c: Context, deps: AppDeps): void {
  if (!(c.req.header('content-type') ?? '').includes('application/json')) throw new HttpError(403, CSRF_MESSAGE);
  const origin = c.req.header('origin');
  if (!origin) return;
  const allowed = new Set([new URL(c.req.url).origin, new URL(deps.config.PUBLIC_BASE_URL).origin]);
  const forwardedHost = deps.config.TRUST_PROXY ? c.req.header('x-forwarded-host') : undefined;
  if (forwardedHost) allowed.add(`${c.req.header('x-forwarded-proto') ?? 'https'}://${forwardedHost}`);
  if (!allowed.has(origin)) throw new HttpError(403, CSRF_MESSAGE);
}
