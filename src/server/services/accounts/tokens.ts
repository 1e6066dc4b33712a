/**
 * Bearer sessions. A sign-in issues an access and a refresh token that share a session id, so logout
 * (or a refresh, which rotates both) revokes the pair together. Tokens are opaque random strings;
 * the database keeps their SHA-256 only.
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { authTokens } from '../../db/schema';
import { randomToken, tokenDigest } from './secrets';

/** Spec §9: access token max age 31,536,000 s, refresh token 2,592,000 s. */
export const ACCESS_TOKEN_SECONDS = 31_536_000;
export const REFRESH_TOKEN_SECONDS = 2_592_000;

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export async function issueSession(db: Db, userId: number): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const now = Date.now();
  await db.insert(authTokens).values([
    { userId, kind: 'access', sessionId, tokenHash: tokenDigest(accessToken), expiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000) },
    { userId, kind: 'refresh', sessionId, tokenHash: tokenDigest(refreshToken), expiresAt: new Date(now + REFRESH_TOKEN_SECONDS * 1000) },
  ]);
  return { sessionId, accessToken, refreshToken, expiresIn: ACCESS_TOKEN_SECONDS };
}

/** The live (unexpired, unrevoked) token of that kind, or null. */
export async function findLiveToken(db: Db, token: string, kind: 'access' | 'refresh') {
  const [row] = await db.select({ userId: authTokens.userId, sessionId: authTokens.sessionId }).from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenDigest(token)), eq(authTokens.kind, kind), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(authTokens).set({ revokedAt: new Date() }).where(and(eq(authTokens.sessionId, sessionId), isNull(authTokens.revokedAt)));
}

/** After a password change or reset: every other session of the customer stops working. */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string | null): Promise<void> {
  const others = keepSessionId ? and(eq(authTokens.userId, userId), ne(authTokens.sessionId, keepSessionId)) : eq(authTokens.userId, userId);
  await db.update(authTokens).set({ revokedAt: new Date() }).where(and(others, isNull(authTokens.revokedAt)));
}

/** Refresh grant: the old pair is revoked and a new one issued (rotation), so a stolen refresh token works once. */
export async function refreshSession(db: Db, refreshToken: string): Promise<{ userId: number; session: IssuedSession } | null> {
  return db.transaction(async (tx) => {
    const found = await findLiveToken(tx as unknown as Db, refreshToken, 'refresh');
    if (!found) return null;
    await revokeSession(tx as unknown as Db, found.sessionId);
    return { userId: found.userId, session: await issueSession(tx as unknown as Db, found.userId) };
  });
}
