/**
 * Sign-up, sign-in and sessions: the OAuth2 token endpoint (password and refresh grants, client id 3)
 * for API clients, and the same-origin proxy calls under /auth that keep the website's tokens in
 * httpOnly cookies. getUser answers for either kind of caller.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import {
  loginBodySchema, messageResponseSchema, registerBodySchema, tokenBodySchema, tokenResponseSchema, userResponseSchema,
  type TokenResponse,
} from '../../api/schemas/account';
import { clearSessionCookies, readCookie, REFRESH_COOKIE, setSessionCookies } from '../auth/cookies';
import { assertCsrfToken, assertSameOrigin } from '../auth/csrf';
import { optionalUser, requireUser } from '../auth/current-user';
import type { AppDeps } from '../context';
import { clientIpResolver } from '../http/client-ip';
import { HttpError, MESSAGES } from '../http/errors';
import { defineRoute, type RouteDef } from '../http/route';
import { sendVerificationMail } from '../services/accounts/email-flows';
import { captchaOf } from '../services/captcha';
import { issueSession, refreshSession, revokeSession, type IssuedSession } from '../services/accounts/tokens';
import { authenticate, findUserById, registerUser, toUserView, type UserRow } from '../services/accounts/users';

/** The spec's OAuth client of the website. */
export const SITE_CLIENT_ID = '3';
const tags = ['account'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Password check behind the brute-force brake: slowed after a few failures, 429 after more. */
async function signIn(c: Context, deps: AppDeps, login: string, password: string): Promise<UserRow> {
  const address = clientIpResolver(deps.config.TRUST_PROXY)(c);
  const verdict = deps.accounts.throttle.check(login, address);
  if (verdict.kind === 'locked') {
    throw new HttpError(429, MESSAGES.tooManyFa, undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
  }
  if (verdict.delayMs > 0) await sleep(verdict.delayMs);
  try {
    const user = await authenticate(deps.db, login, password);
    deps.accounts.throttle.succeed(login);
    return user;
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) deps.accounts.throttle.fail(login, address);
    throw err;
  }
}

const tokenBody = (s: IssuedSession): TokenResponse => ({
  token_type: 'Bearer', expires_in: s.expiresIn, access_token: s.accessToken, refresh_token: s.refreshToken,
});

const invalidRefresh = () => new HttpError(401, 'The refresh token is invalid.');

export const accountAuthRoutes: RouteDef[] = [
  defineRoute({
    method: 'post', path: '/register', summary: 'Sign up; sends the verification mail', tags,
    body: registerBodySchema, response: z.object({ message: z.string(), data: userResponseSchema.shape.data }), errors: [403, 429, 503],
    handler: async ({ body, c, deps }) => {
      if (c.req.header('cookie')) assertSameOrigin(c, deps);
      await captchaOf(deps).assertHuman(body.captcha, { remoteIp: clientIpResolver(deps.config.TRUST_PROXY)(c), action: 'register' });
      const user = await registerUser(deps.db, body);
      await sendVerificationMail(deps, user, body.locale);
      return c.json({ message: 'Successfully Created', data: toUserView(user) }, 201);
    },
  }),
  defineRoute({
    method: 'post', path: '/oauth/token', summary: 'OAuth2 token endpoint: password and refresh_token grants (client id 3)', tags,
    body: tokenBodySchema, response: tokenResponseSchema, errors: [401, 429],
    handler: async ({ body, c, deps }) => {
      if (body.client_id !== SITE_CLIENT_ID) throw new HttpError(401, 'Client authentication failed.');
      if (body.grant_type === 'password') {
        const user = await signIn(c, deps, body.username, body.password);
        return tokenBody(await issueSession(deps.db, user.id));
      }
      const refreshed = await refreshSession(deps.db, body.refresh_token);
      if (!refreshed) throw invalidRefresh();
      return tokenBody(refreshed.session);
    },
  }),
  defineRoute({
    method: 'post', path: '/auth/login', summary: 'Website sign-in: the password grant behind httpOnly cookies', tags,
    body: loginBodySchema, response: userResponseSchema, errors: [401, 403, 429],
    handler: async ({ body, c, deps }) => {
      assertSameOrigin(c, deps);
      const user = await signIn(c, deps, body.username, body.password);
      setSessionCookies(c, deps, await issueSession(deps.db, user.id));
      return { data: toUserView(user) };
    },
  }),
  defineRoute({
    method: 'post', path: '/auth/refresh', summary: 'Website refresh grant from the refresh cookie', tags,
    response: userResponseSchema, errors: [401, 403],
    handler: async ({ c, deps }) => {
      assertSameOrigin(c, deps);
      assertCsrfToken(c);
      const token = readCookie(c, REFRESH_COOKIE);
      const refreshed = token ? await refreshSession(deps.db, token) : null;
      const user = refreshed && (await findUserById(deps.db, refreshed.userId));
      if (!refreshed || !user) {
        clearSessionCookies(c, deps);
        throw invalidRefresh();
      }
      setSessionCookies(c, deps, refreshed.session);
      return { data: toUserView(user) };
    },
  }),
  defineRoute({
    method: 'post', path: '/auth/logout', summary: 'Website sign-out: revokes both tokens and clears the cookies', tags,
    response: messageResponseSchema, errors: [403],
    handler: async ({ c, deps }) => {
      const current = await optionalUser(c, deps);
      if (current) await revokeSession(deps.db, current.sessionId);
      clearSessionCookies(c, deps);
      return { message: 'Logged out' };
    },
  }),
  defineRoute({
    method: 'post', path: '/logout', summary: 'Revokes the access token and its refresh token', tags,
    response: messageResponseSchema, errors: [401, 403],
    handler: async ({ c, deps }) => {
      const current = await requireUser(c, deps);
      await revokeSession(deps.db, current.sessionId);
      if (current.via === 'cookie') clearSessionCookies(c, deps);
      return { message: 'Logged out' };
    },
  }),
  defineRoute({
    method: 'get', path: '/getUser', summary: 'The signed-in customer', tags,
    response: userResponseSchema, errors: [401],
    handler: async ({ c, deps }) => ({ data: toUserView((await requireUser(c, deps)).user) }),
  }),
];
