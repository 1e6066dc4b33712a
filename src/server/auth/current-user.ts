/**
 * Who is calling: a bearer token in Authorization (API clients) or the site's httpOnly cookie.
 * Cookie calls that change state must also pass the CSRF check.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../context';
import { HttpError } from '../http/errors';
import { AUTH_MESSAGES, findUserById, type UserRow } from '../services/accounts/users';
import { findLiveToken } from '../services/accounts/tokens';
import { ACCESS_COOKIE, readCookie } from './cookies';
import { assertCsrfToken, isStateChanging } from './csrf';

export interface CurrentUser {
  user: UserRow;
  sessionId: string;
  via: 'bearer' | 'cookie';
}

function presentedToken(c: Context): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = c.req.header('authorization');
  const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = readCookie(c, ACCESS_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

export async function optionalUser(c: Context, deps: AppDeps): Promise<CurrentUser | null> {
  const presented = presentedToken(c);
  if (!presented || presented.token.length > 200) return null;
  const live = await findLiveToken(deps.db, presented.token, 'access');
  if (!live) return null;
  const user = await findUserById(deps.db, live.userId);
  // Blocking revokes every session; this refuses one issued in the moment before, too.
  if (!user || user.blockedAt) return null;
  if (presented.via === 'cookie' && isStateChanging(c)) assertCsrfToken(c, deps, live.sessionId);
  return { user, sessionId: live.sessionId, via: presented.via };
}

/** The signed-in customer, or 401 (the site then sends the shopper to /account/login). */
export async function requireUser(c: Context, deps: AppDeps): Promise<CurrentUser> {
  const current = await optionalUser(c, deps);
  if (!current) throw new HttpError(401, AUTH_MESSAGES.unauthenticated, undefined, { 'WWW-Authenticate': 'Bearer' });
  return current;
}
