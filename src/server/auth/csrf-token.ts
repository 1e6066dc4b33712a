/**
 * The website's CSRF token: the HMAC of the session id under CSRF_SECRET. Only the server can make
 * it, and it names one session, so a token (or cookie) taken from another session, or planted by a
 * subdomain that can write our cookies, does not pass.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';

export const csrfTokenFor = (config: Pick<Config, 'CSRF_SECRET'>, sessionId: string): string =>
  createHmac('sha256', config.CSRF_SECRET).update(`csrf:${sessionId}`).digest('base64url');

export function isCsrfTokenOf(config: Pick<Config, 'CSRF_SECRET'>, sessionId: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenFor(config, sessionId));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
