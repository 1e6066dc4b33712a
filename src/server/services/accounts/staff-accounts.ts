/**
 * Staff accounts made by the shop's operator (`npm run staff:create`), not by the demo seed: a
 * production shop's first staff account, later ones, or a customer account promoted to staff.
 */
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema, mobileSchema, passwordSchema, plainText, usernameSchema } from '../../../api/schemas/account';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';

/** The same rules as sign-up: a staff member signs in through the same form. */
export const newStaffSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  name: plainText(100),
  mobile: mobileSchema,
  password: passwordSchema,
});
export type NewStaff = z.output<typeof newStaffSchema>;

export type StaffResult = { kind: 'created'; id: number } | { kind: 'taken'; username: string };
export interface PromoteResult {
  kind: 'promoted' | 'already-staff';
  id: number;
  username: string;
}

const sameLogin = (username: string, email: string) =>
  or(sql`lower(${users.username}) = ${username.toLowerCase()}`, sql`lower(${users.email}) = ${email.toLowerCase()}`);

/** A new staff account; an existing account with that username or e-mail is left alone ('taken'). */
export async function createStaffAccount(db: Db, input: NewStaff): Promise<StaffResult> {
  const [clash] = await db.select({ username: users.username }).from(users).where(sameLogin(input.username, input.email)).limit(1);
  if (clash) return { kind: 'taken', username: clash.username };
  const [row] = await db
    .insert(users)
    .values({
      username: input.username,
      email: input.email,
      name: input.name,
      mobile: input.mobile,
      passwordHash: await hashPassword(input.password),
      role: 'staff',
      // The operator typed the address: no verification mail is needed to start work.
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Created meanwhile by someone else with the same username or e-mail.
  if (!row) return { kind: 'taken', username: input.username };
  return { kind: 'created', id: row.id };
}

/** Gives an existing account (found by username or e-mail) the staff role; its password stays. */
export async function promoteToStaff(db: Db, login: string): Promise<PromoteResult | null> {
  const key = login.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(sameLogin(key, key))
    .limit(1);
  if (!row) return null;
  if (row.role === 'staff') return { kind: 'already-staff', id: row.id, username: row.username };
  await db.update(users).set({ role: 'staff', updatedAt: new Date() }).where(eq(users.id, row.id));
  return { kind: 'promoted', id: row.id, username: row.username };
}

export async function staffCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'staff'));
  return row?.n ?? 0;
}
