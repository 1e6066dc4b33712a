/**
 * Solved ALTCHA challenges remembered in the database: an insert that conflicts means the challenge was
 * used before, on this server or another one on the same PostgreSQL. Rows go once expired.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usedCaptchas } from '../../db/schema';
import type { ChallengeLedger } from './altcha';

const SWEEP_EVERY_MS = 10 * 60_000;

export class DatabaseChallenges implements ChallengeLedger {
  private lastSweep = 0;
  constructor(private readonly db: Db) {}

  async claim(challenge: string, expiresAt: number, now = Date.now()): Promise<boolean> {
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date(now)));
    }
    const inserted = await this.db
      .insert(usedCaptchas)
      .values({ challenge, expiresAt: new Date(expiresAt) })
      .onConflictDoNothing()
      .returning({ challenge: usedCaptchas.challenge });
    return inserted.length === 1;
  }
}
