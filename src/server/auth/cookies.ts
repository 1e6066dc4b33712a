/**
 * The website's session cookies. Tokens live in httpOnly cookies that page scripts cannot read;
 * Secure whenever the request came over https; SameSite=Lax so other sites' forms and scripts do
 * not carry them. A third, readable cookie hands our pages the session's CSRF token (csrf-token.ts)
 * and doubles as the "signed in" hint the header reads before asking the API who the customer is.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppDeps } from '../context';
import type { IssuedSession } from '../services/accounts/tokens';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from '../services/accounts/tokens';
import { csrfTokenFor } from './csrf-token';

export const ACCESS_COOKIE = 'qateh_at';
export const REFRESH_COOKIE = 'qateh_rt';
export const CSRF_COOKIE = 'qateh_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The refresh cookie is only ever sent to the refresh call. */
export const REFRESH_PATH = '/api/site/v1/auth';

export function isHttps(c: Context, deps: AppDeps): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return deps.config.TRUST_PROXY && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

export function setSessionCookies(c: Context, deps: AppDeps, session: IssuedSession): void {
  const secure = isHttps(c, deps);
  setCookie(c, ACCESS_COOKIE, session.accessToken, { httpOnly: true, secure, sameSite: 'Lax', path: '/', maxAge: ACCESS_TOKEN_SECONDS });
  setCookie(c, REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: REFRESH_PATH,
    maxAge: REFRESH_TOKEN_SECONDS,
  });
  setCsrfCookie(c, deps, session.sessionId);
}

/** (Re)delivers the session's CSRF token to our pages. */
export function setCsrfCookie(c: Context, deps: AppDeps, sessionId: string): void {
  setCookie(c, CSRF_COOKIE, csrfTokenFor(deps.config, sessionId), {
    httpOnly: false,
    secure: isHttps(c, deps),
    sameSite: 'Lax',
    path: '/',
    maxAge: ACCESS_TOKEN_SECONDS,
  });
}

export function clearSessionCookies(c: Context, deps: AppDeps): void {
  const secure = isHttps(c, deps);
  deleteCookie(c, ACCESS_COOKIE, { path: '/', secure });
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_PATH, secure });
  deleteCookie(c, CSRF_COOKIE, { path: '/', secure });
}

export const readCookie = (c: Context, name: string): string | undefined => getCookie(c, name) || undefined;
