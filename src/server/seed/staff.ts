/**
 * The demo staff account (documented in README "Staff console"): created once when missing, so a fresh
 * development shop can be run end to end. Never in production (SEED_DEMO is off there): a production
 * shop's staff accounts come from `npm run staff:create` (services/accounts/staff-accounts.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../services/accounts/passwords';

export const DEMO_STAFF = { username: 'staff', email: 'staff@qateh.example', password: 'staff-pass-123', name: 'کارشناس فروش' } as const;

export async function ensureStaffAccount(
  db: Db,
  account: { username: string; email: string; password: string; name: string } = DEMO_STAFF,
): Promise<number> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, account.username)).limit(1);
  if (existing) return existing.id;
  const [row] = await db
    .insert(users)
    .values({
      username: account.username,
      email: account.email,
      name: account.name,
      mobile: '09120000000',
      passwordHash: await hashPassword(account.password),
      role: 'staff',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  return row!.id;
}
