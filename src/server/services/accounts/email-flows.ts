/**
 * E-mail verification and password reset. Mails are sent after the answer is decided and never
 * change it, so neither the answer nor its wording tells whether an address is registered.
 */
import type { MailLocale } from '../../../api/schemas/account';
import type { AppDeps } from '../../context';
import { validationFailed } from '../../http/errors';
import { resetMail, verificationMail } from './account-mails';
import { consumeEmailToken, createEmailToken } from './email-tokens';
import { revokeOtherSessions } from './tokens';
import { findUserByEmail, findUserById, markEmailVerified, setPassword, type UserRow } from './users';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';

export const EMAIL_MESSAGES = {
  sent: 'Email Sent',
  alreadyVerified: 'Already verified',
  verified: 'Email verified',
  forgot: 'اگر این نشانی در فروشگاه ثبت شده باشد، ایمیل بازیابی رمز عبور به آن فرستاده شد.',
  badLink: 'این پیوند نامعتبر است، منقضی شده یا پیش‌تر به کار رفته است.',
  passwordReset: 'رمز عبور تازه ثبت شد؛ اکنون وارد شوید.',
} as const;

const storeName = (deps: AppDeps) => deps.config.STORE_NAME_FA;
const baseUrl = (deps: AppDeps) => deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '');

export async function sendVerificationMail(deps: AppDeps, user: UserRow, locale?: MailLocale): Promise<void> {
  const hours = deps.config.VERIFY_TOKEN_HOURS;
  const token = await createEmailToken(deps.db, user.id, 'verify', hours * 3_600_000);
  await deps.accounts.mailer.send(
    verificationMail({
      to: user.email,
      name: user.name,
      username: user.username,
      token,
      baseUrl: baseUrl(deps),
      storeName: storeName(deps),
      hours,
      ...(locale ? { locale } : {}),
    }),
  );
}

/** Verifies with the link's token; a customer who is already verified hears so instead of an error. */
export async function verifyEmail(deps: AppDeps, token: string, username?: string): Promise<string> {
  const userId = await consumeEmailToken(deps.db, token, 'verify');
  if (userId !== null) {
    await markEmailVerified(deps.db, userId);
    return EMAIL_MESSAGES.verified;
  }
  if (username) {
    const [row] = await deps.db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    if (row?.verifiedAt) return EMAIL_MESSAGES.alreadyVerified;
  }
  throw validationFailed({ token: [EMAIL_MESSAGES.badLink] });
}

/** Always the same answer; the mail goes out in the background only when the address is a customer's. */
export async function requestPasswordReset(deps: AppDeps, email: string, locale?: MailLocale): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const minutes = deps.config.RESET_TOKEN_MINUTES;
    void (async () => {
      const token = await createEmailToken(deps.db, user.id, 'reset', minutes * 60_000);
      await deps.accounts.mailer.send(
        resetMail({
          to: user.email,
          name: user.name,
          token,
          baseUrl: baseUrl(deps),
          storeName: storeName(deps),
          minutes,
          ...(locale ? { locale } : {}),
        }),
      );
    })().catch((err) => console.error('password reset mail failed:', err));
  }
  return EMAIL_MESSAGES.forgot;
}

/** Sets the new password, ends every session, and counts the address as verified (the mail reached it). */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const userId = await consumeEmailToken(deps.db, token, 'reset');
  const user = userId === null ? null : await findUserById(deps.db, userId);
  if (!user) throw validationFailed({ token: [EMAIL_MESSAGES.badLink] });
  await setPassword(deps.db, user.id, password);
  await revokeOtherSessions(deps.db, user.id, null);
  if (!user.emailVerifiedAt) await deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
}
