/**
 * Whether the browser probably holds a session, without a request: the readable CSRF cookie is set
 * with the session (account/api.ts re-exports these). Kept in its own tiny module so the header script
 * can ask without loading the account islands' caller and texts.
 */
export const csrfToken = (): string | null => /(?:^|;\s*)qateh_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? null;
export const maybeSignedIn = (): boolean => csrfToken() !== null;
