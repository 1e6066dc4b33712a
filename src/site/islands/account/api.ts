/**
 * The account islands' helpers around the one API caller (../ui/api): where sign-in sends a guest and
 * back, and the signed-in customer.
 */
import type { UserView } from '~/api/schemas/account';
import { call, CallError } from '../ui/api';
// pathIn from the islands' tiny locale module, not './texts': the caller is on every buying page and
// must not pull the account pages' texts along (product page JS budget).
import { pathIn } from '../ui/locale';
import { maybeSignedIn } from '../header/shell/session-hint';
import type { AccountLocale } from './texts';

// The CSRF cookie is set with the session, so its presence says "probably signed in" without a
// request; the header script shares these without loading this module.
export { csrfToken, maybeSignedIn } from '../header/shell/session-hint';

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

export type User = UserView;

/** The signed-in customer, or null for a guest. */
export async function currentUser(): Promise<User | null> {
  if (!maybeSignedIn()) return null;
  try {
    return (await call('GET', '/getUser')).data;
  } catch (err) {
    if (err instanceof CallError && err.status === 401) return null;
    throw err;
  }
}
