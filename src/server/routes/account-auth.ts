/**
 * Sign-up, sign-in and sessions: the OAuth2 token endpoint (password and refresh grants, client id 3)
 * for API clients, and the same-origin proxy calls under /auth that keep the website's tokens in
 * httpOnly cookies. getUser answers for either kind of caller.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import {
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  tokenBodySchema,
  tokenResponseSchema,
  userResponseSchema,
  type TokenResponse,
} from '../../api/schemas/account';
import { clearSessionCookies, CSRF_COOKIE, readCookie, REFRESH_COOKIE, setCsrfCookie, setSessionCookies } from '../auth/cookies';
import { assertCsrfToken, assertSameOrigin } from '../auth/csrf';
import { isCsrfTokenOf } from '../auth/csrf-token';
import { optionalUser, requireUser } from '../auth/current-user';
import type { AppDeps } from '../context';
import { clientIpResolver } from '../http/client-ip';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';
import { sendVerificationMail } from '../services/accounts/email-flows';
import { captchaOf } from '../services/captcha';
import { signIn } from '../services/accounts/sign-in';
import { issueSession, refreshSession, refreshTokenSession, revokeSession, type IssuedSession } from '../services/accounts/tokens';
import { findUserById, registerUser, toUserView } from '../services/accounts/users';

/** The spec's OAuth client of the website. */
export const SITE_CLIENT_ID = '3';
const tags = ['account'];

const clientAddress = (c: Context, deps: AppDeps) => clientIpResolver(deps.config.TRUST_PROXY)(c);

const tokenBody = (s: IssuedSession): TokenResponse => ({
  token_type: 'Bearer',
  expires_in: s.expiresIn,
  access_token: s.accessToken,
  refresh_token: s.refreshToken,
});

const invalidRefresh = () => new HttpError(401, 'The refresh token is invalid.');

export const accountAuthRoutes = [
  defineRoute({
    method: 'post',
    path: '/register',
    summary: 'Sign up; sends the verification mail',
    tags,
    body: registerBodySchema,
    response: z.object({ message: z.string(), data: userResponseSchema.shape.data }),
    errors: [403, 429, 503],
    handler: async ({ body, c, deps }) => {
      if (c.req.header('cookie')) assertSameOrigin(c, deps);
      await captchaOf(deps).assertHuman(body.captcha, { remoteIp: clientIpResolver(deps.config.TRUST_PROXY)(c), action: 'register' });
      const user = await registerUser(deps.db, body);
      await sendVerificationMail(deps, user, body.locale);
      return c.json({ message: 'Successfully Created', data: toUserView(user) }, 201);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/oauth/token',
    summary: 'OAuth2 token endpoint: password and refresh_token grants (client id 3)',
    tags,
    body: tokenBodySchema,
    response: tokenResponseSchema,
    errors: [401, 422],
    handler: async ({ body, c, deps }) => {
      if (body.client_id !== SITE_CLIENT_ID) throw new HttpError(401, 'Client authentication failed.');
      if (body.grant_type === 'password') {
        const user = await signIn(deps, {
          login: body.username,
          password: body.password,
          captcha: body.captcha,
          otp: body.otp,
          address: clientAddress(c, deps),
        });
        return tokenBody(await issueSession(deps.db, user.id));
      }
      const refreshed = await refreshSession(deps.db, body.refresh_token);
      if (refreshed.kind !== 'rotated') throw invalidRefresh();
      return tokenBody(refreshed.session);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/login',
    summary: 'Website sign-in: the password grant behind httpOnly cookies',
    tags,
    body: loginBodySchema,
    response: userResponseSchema,
    errors: [401, 403, 422],
    handler: async ({ body, c, deps }) => {
      assertSameOrigin(c, deps);
      const user = await signIn(deps, {
        login: body.username,
        password: body.password,
        captcha: body.captcha,
        otp: body.otp,
        address: clientAddress(c, deps),
      });
      setSessionCookies(c, deps, await issueSession(deps.db, user.id));
      return { data: toUserView(user) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/refresh',
    summary: 'Website refresh grant from the refresh cookie',
    tags,
    response: userResponseSchema,
    errors: [401, 403],
    handler: async ({ c, deps }) => {
      assertSameOrigin(c, deps);
      const token = readCookie(c, REFRESH_COOKIE);
      const sessionId = token ? await refreshTokenSession(deps.db, token) : null;
      // The token must be this session's before anything happens, so another site cannot even make a
      // browser replay its refresh cookie (which would revoke the family).
      if (sessionId) assertCsrfToken(c, deps, sessionId);
      const refreshed = token && sessionId ? await refreshSession(deps.db, token) : null;
      const user = refreshed?.kind === 'rotated' ? await findUserById(deps.db, refreshed.userId) : null;
      if (refreshed?.kind !== 'rotated' || !user) {
        clearSessionCookies(c, deps);
        throw invalidRefresh();
      }
      setSessionCookies(c, deps, refreshed.session);
      return { data: toUserView(user) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/logout',
    summary: 'Website sign-out: revokes both tokens and clears the cookies',
    tags,
    response: messageResponseSchema,
    errors: [403],
    handler: async ({ c, deps }) => {
      const current = await optionalUser(c, deps);
      if (current) await revokeSession(deps.db, current.sessionId);
      clearSessionCookies(c, deps);
      return { message: 'Logged out' };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/logout',
    summary: 'Revokes the access token and its refresh token',
    tags,
    response: messageResponseSchema,
    errors: [401, 403],
    handler: async ({ c, deps }) => {
      const current = await requireUser(c, deps);
      await revokeSession(deps.db, current.sessionId);
      if (current.via === 'cookie') clearSessionCookies(c, deps);
      return { message: 'Logged out' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/getUser',
    summary: 'The signed-in customer',
    tags,
    response: userResponseSchema,
    errors: [401],
    handler: async ({ c, deps }) => {
      const current = await requireUser(c, deps);
      // A page holding a CSRF token of another session (or from before tokens were bound to sessions)
      // gets this session's token, so its next change is not refused.
      if (current.via === 'cookie' && !isCsrfTokenOf(deps.config, current.sessionId, readCookie(c, CSRF_COOKIE))) {
        setCsrfCookie(c, deps, current.sessionId);
      }
      return { data: toUserView(current.user) };
    },
  }),
];
