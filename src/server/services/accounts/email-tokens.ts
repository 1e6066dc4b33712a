/** Single-use, expiring links sent by e-mail (verify address, reset password). Only their digest is stored. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { randomToken, tokenDigest } from './secrets';

type Purpose = 'verify' | 'reset';

/** A new link; older unused links of the same purpose stop working, so only the latest mail counts. */
export async function createEmailToken(db: Db, userId: number, purpose: Purpose, lifetimeMs: number): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    await tx.insert(emailTokens).values({ userId, purpose, tokenHash: tokenDigest(token), expiresAt: new Date(Date.now() + lifetimeMs) });
  });
  return token;
}

/** Marks the link used and returns its user id; null when unknown, used or expired. Atomic: a link works once. */
export async function consumeEmailToken(db: Db, token: string, purpose: Purpose): Promise<number | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenDigest(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}
