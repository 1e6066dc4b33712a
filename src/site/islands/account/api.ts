/**
 * The account islands' calls to the API on the same origin. The session lives in httpOnly cookies the
 * browser sends by itself; state-changing calls echo the readable CSRF cookie in X-CSRF-Token.
 */
import type { FieldErrors } from '../../../api/schemas/common';
import { csrfToken, maybeSignedIn } from '../header/shell/session-hint';
// pathIn from the islands' tiny locale module, not './texts': the caller is on every buying page and
// must not pull the account pages' texts along (product page JS budget).
import { pathIn } from '../ui/locale';
import type { AccountLocale } from './texts';

const BASE = '/api/site/v1';

export class CallError extends Error {
  constructor(readonly status: number, message: string, readonly errors: FieldErrors = {}, readonly headers?: Headers) {
    super(message);
  }
}

// The CSRF cookie is set with the session, so its presence says "probably signed in" without a
// request; the header script shares these without loading this module.
export { csrfToken, maybeSignedIn } from '../header/shell/session-hint';

export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const csrf = csrfToken();
  if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
  let res: Response;
  try {
    res = await fetch(BASE + path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new CallError(0, 'network');
  }
  const data = (await res.json().catch(() => ({}))) as { message?: string; data?: { errors?: FieldErrors } };
  if (!res.ok) throw new CallError(res.status, data.message ?? '', data.data?.errors ?? {}, res.headers);
  return data as T;
}

/** Only our own pages may be returned to after sign-in (no //other.site or javascript:). */
export function safeReturn(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

export function loginUrl(locale: AccountLocale, returnTo = location.pathname + location.search): string {
  return `${pathIn(locale, '/account/login')}?return=${encodeURIComponent(returnTo)}`;
}

/** Guests who open a customer page go to sign-in and come back afterwards. */
export function sendToLogin(locale: AccountLocale): void {
  location.assign(loginUrl(locale));
}

export interface User {
  username: string; name: string; email: string; email2: string | null; agreeWithEmail2: boolean; mobile: string;
  phone: string | null; company_name: string | null; website: string | null; emailVerified: boolean; createdAt: string;
}

/** The signed-in customer, or null for a guest. */
export async function currentUser(): Promise<User | null> {
  if (!maybeSignedIn()) return null;
  try {
    return (await call<{ data: User }>('GET', '/getUser')).data;
  } catch (err) {
    if (err instanceof CallError && err.status === 401) return null;
    throw err;
  }
}
