/** Back office staff accounts: the list, adding one, setting a new password, clearing a lost second factor. */
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { STAFF_PEOPLE_MESSAGES as M, type staffCreateBodySchema } from '../../../api/schemas/staff-people';
import type { Db } from '../../db/client';
import { authTokens, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { hashPassword } from '../accounts/passwords';
import { recordAction } from './audit';

const TAKEN = 'این نام کاربری یا ایمیل پیش‌تر ثبت شده است.';

export async function listStaff(db: Db) {
  const rows = await db.select().from(users).where(ne(users.role, 'customer')).orderBy(asc(users.id));
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    role: u.role,
    twoFactor: u.totpEnabledAt !== null,
    createdAt: u.createdAt.toISOString(),
  }));
}

export async function addStaff(db: Db, staffId: number, body: z.output<typeof staffCreateBodySchema>) {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(sql`lower(${users.username}) = ${body.username.toLowerCase()}`, sql`lower(${users.email}) = ${body.email.toLowerCase()}`))
      .limit(1);
    if (clash) throw new HttpError(409, TAKEN, { username: [TAKEN] });
    const [row] = await tx
      .insert(users)
      .values({
        username: body.username,
        email: body.email,
        name: body.name,
        mobile: body.mobile,
        passwordHash,
        role: 'staff',
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) throw new HttpError(409, TAKEN, { username: [TAKEN] });
    await recordAction(tx, staffId, 'staff.create', 'user', row.id, { username: body.username });
    return row.id;
  });
}

async function staffRow(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), ne(users.role, 'customer')));
  if (!row) throw notFound(M.staffMissing);
  return row;
}

/** A new password set by an admin ends every session of that account. */
export async function resetStaffPassword(db: Db, staffId: number, id: number, password: string) {
  await staffRow(db, id);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await tx
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(authTokens.userId, id), isNull(authTokens.revokedAt)));
    await recordAction(tx, staffId, 'staff.password', 'user', id);
  });
}

/** For a colleague who lost their phone: two-factor off until they enrol again. */
export async function clearTwoFactor(db: Db, staffId: number, id: number) {
  await staffRow(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await recordAction(tx, staffId, 'staff.two-factor.clear', 'user', id);
  });
}
