/**
 * Customer accounts: sign-up, credentials, profile and password. Rows become the API's user view in
 * toUserView only.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { ProfileBody, RegisterBody, UserView } from '../../../api/schemas/account';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, validationFailed } from '../../http/errors';
import { dummyHash, hashPassword, verifyPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;

export const AUTH_MESSAGES = {
  userNotFound: 'User not found.',
  badPassword: 'Username/password is invalid.',
  unauthenticated: 'Unauthenticated.',
  usernameTaken: 'این نام کاربری قبلاً ثبت شده است.',
  emailTaken: 'این ایمیل قبلاً ثبت شده است.',
  currentPasswordWrong: 'رمز عبور فعلی درست نیست.',
} as const;

export function toUserView(u: UserRow): UserView {
  return {
    username: u.username,
    name: u.name,
    email: u.email,
    email2: u.email2,
    agreeWithEmail2: u.agreeWithEmail2,
    mobile: u.mobile,
    phone: u.phone,
    company_name: u.companyName,
    website: u.website,
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Usernames and e-mails are matched without regard to case: "Ali" and "ali" are one customer. */
/** The account a typed login names: its username or its e-mail, in any case. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const key = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

async function assertUnique(db: Db, username: string, email: string): Promise<void> {
  const clash = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, sql`lower(${users.email}) = ${email.toLowerCase()}`));
  const errors: Record<string, string[]> = {};
  for (const row of clash) {
    if (row.username.toLowerCase() === username.toLowerCase()) errors.username = [AUTH_MESSAGES.usernameTaken];
    if (row.email.toLowerCase() === email.toLowerCase()) errors.email = [AUTH_MESSAGES.emailTaken];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

export async function registerUser(db: Db, body: RegisterBody): Promise<UserRow> {
  await assertUnique(db, body.username, body.email);
  const passwordHash = await hashPassword(body.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: body.username,
        email: body.email,
        email2: body.email2,
        agreeWithEmail2: body.email2 ? body.agreeWithEmail2 : false,
        name: body.name,
        companyName: body.company,
        phone: body.phone,
        mobile: body.mobile,
        website: body.website,
        passwordHash,
      })
      .returning();
    return row!;
  } catch (err) {
    // Two sign-ups racing for one name: the unique index decides; answer as the check above would.
    await assertUnique(db, body.username, body.email);
    throw err;
  }
}

/** Password grant: the user, or the spec's messages for an unknown user and a wrong password. */
export async function checkPassword(user: UserRow | null, password: string): Promise<UserRow> {
  if (!user) {
    await verifyPassword(await dummyHash(), password);
    throw new HttpError(401, AUTH_MESSAGES.userNotFound);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new HttpError(401, AUTH_MESSAGES.badPassword);
  return user;
}

export async function updateProfile(db: Db, userId: number, body: ProfileBody): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      name: body.name,
      mobile: body.mobile,
      companyName: body.company_name,
      phone: body.phone,
      website: body.website,
      email2: body.email2,
      agreeWithEmail2: body.email2 ? body.agreeWithEmail2 : false,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function checkCurrentPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw validationFailed({ current_password: [AUTH_MESSAGES.currentPasswordWrong] });
  }
}

export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}
