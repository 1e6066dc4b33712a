import { count, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newsletterSubscribers } from '../db/schema';

/** How many addresses a newsletter would reach now (before customers' own opt-outs). */
export async function countActiveSubscribers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(isNull(newsletterSubscribers.unsubscribedAt));
  return Number(row?.n ?? 0);
}
