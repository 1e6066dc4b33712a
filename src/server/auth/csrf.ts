/**
 * Cross-site request protection for calls that a browser makes with our cookies.
 *
 * - Cookie-authenticated POST/PUT/DELETE must carry the X-CSRF-Token header equal to the qateh_csrf
 *   cookie (double submit). Another site can make a browser send our cookies, but it can neither read
 *   that cookie nor set a custom header on a cross-origin request without our (absent) CORS consent.
 * - Calls that *create* a cookie session (site sign-in) have no token yet: they must be JSON and, when
 *   the browser names an Origin, come from our own origin.
 * Bearer-token calls need neither: browsers never attach an Authorization header on their own.
 */
import type { Context } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../context';
import { HttpError } from '../http/errors';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from './cookies';

export const CSRF_MESSAGE = 'درخواست از صفحه‌ای بیرون از فروشگاه آمده یا نشست منقضی شده است؛ صفحه را دوباره بارگذاری کنید.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isStateChanging = (c: Context): boolean => !SAFE_METHODS.has(c.req.method);

export function assertCsrfToken(c: Context): void {
  const cookie = readCookie(c, CSRF_COOKIE);
  const header = c.req.header(CSRF_HEADER);
  const ok = !!cookie && !!header && cookie.length === header.length && timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
  if (!ok) throw new HttpError(403, CSRF_MESSAGE);
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
