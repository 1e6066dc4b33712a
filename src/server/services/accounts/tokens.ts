/**
 * Bearer sessions. A sign-in issues an access and a refresh token that share a session id, so logout
 * (or a refresh, which rotates both) revokes the pair together. Pairs that descend from one sign-in
 * by refreshing share a family id. Tokens are opaque random strings; the database keeps their
 * SHA-256 only.
 */
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
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

/** A new pair; a sign-in starts a family, a refresh continues the family of the pair it replaces. */
export async function issueSession(db: Db, userId: number, familyId?: string): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const family = familyId ?? sessionId;
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const now = Date.now();
  await db.insert(authTokens).values([
    {
      userId,
      kind: 'access',
      sessionId,
      familyId: family,
      tokenHash: tokenDigest(accessToken),
      expiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000),
    },
    {
      userId,
      kind: 'refresh',
      sessionId,
      familyId: family,
      tokenHash: tokenDigest(refreshToken),
      expiresAt: new Date(now + REFRESH_TOKEN_SECONDS * 1000),
    },
  ]);
  return { sessionId, accessToken, refreshToken, expiresIn: ACCESS_TOKEN_SECONDS };
}

/** The live (unexpired, unrevoked) token of that kind, or null. */
export async function findLiveToken(db: Db, token: string, kind: 'access' | 'refresh') {
  const [row] = await db
    .select({ userId: authTokens.userId, sessionId: authTokens.sessionId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenDigest(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.sessionId, sessionId), isNull(authTokens.revokedAt)));
}

/** After a password change or reset: every other session of the customer stops working. */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string | null): Promise<void> {
  const others = keepSessionId
    ? and(eq(authTokens.userId, userId), ne(authTokens.sessionId, keepSessionId))
    : eq(authTokens.userId, userId);
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(others, isNull(authTokens.revokedAt)));
}

/** The session a refresh token belongs to, live or not (the CSRF check of the website's refresh needs it). */
export async function refreshTokenSession(db: Db, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: authTokens.sessionId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenDigest(refreshToken)), eq(authTokens.kind, 'refresh')))
    .limit(1);
  return row?.sessionId ?? null;
}

export type RefreshOutcome =
  | { kind: 'rotated'; userId: number; session: IssuedSession }
  /** Unknown or expired token. */
  | { kind: 'invalid' }
  /** A token already rotated (or signed out) came back: its whole family is now revoked. */
  | { kind: 'reused' };

/**
 * Refresh grant as a compare-and-set: the one UPDATE that still finds the token unrevoked claims it,
 * so of any number of parallel refreshes of one token exactly one gets a new pair. A token that was
 * rotated before and is presented again has leaked (or been replayed): every token of its family,
 * including the pair that replaced it, is revoked and the customer signs in again. (A token revoked
 * by a sign-out takes the same path; its family is already revoked then.)
 */
export async function refreshSession(db: Db, refreshToken: string): Promise<RefreshOutcome> {
  const digest = tokenDigest(refreshToken);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const now = new Date();
    const [claimed] = await tx
      .update(authTokens)
      .set({ revokedAt: now })
      .where(
        and(eq(authTokens.tokenHash, digest), eq(authTokens.kind, 'refresh'), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)),
      )
      .returning({ userId: authTokens.userId, sessionId: authTokens.sessionId, familyId: authTokens.familyId });
    if (claimed) {
      await revokeSession(tx, claimed.sessionId);
      return { kind: 'rotated', userId: claimed.userId, session: await issueSession(tx, claimed.userId, claimed.familyId) };
    }
    const [rotated] = await tx
      .select({ familyId: authTokens.familyId })
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, digest), eq(authTokens.kind, 'refresh'), isNotNull(authTokens.revokedAt)))
      .limit(1);
    if (!rotated) return { kind: 'invalid' };
    await tx
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(authTokens.familyId, rotated.familyId), isNull(authTokens.revokedAt)));
    return { kind: 'reused' };
  });
}
