/**
 * Staff two-factor sign-in with TOTP (RFC 6238, otplib). The shared secret is stored AES-256-GCM
 * encrypted under a key derived (HKDF) from CSRF_SECRET — already a long random value a production
 * shop must set — so a copy of the database alone does not give anyone the codes. The secret is shown
 * once, at enrolment; sign-in asks for a code only after one made from it was verified.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { authenticator } from 'otplib';
import qrcode from 'qrcode-generator';
import { STAFF_PEOPLE_MESSAGES as M } from '../../../api/schemas/staff-people';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { UserRow } from './users';

/** Codes change every 30 seconds; one step either side, so a phone clock a little off still signs in. */
const STEP_SECONDS = 30;
const totp = authenticator.clone({ window: 1, step: STEP_SECONDS });

/** Tells the sign-in form to show the code field. */
export const TWO_FACTOR_REQUIRED_HEADER = 'X-Two-Factor-Required';
export const TWO_FACTOR_MESSAGES = {
  required: 'کد شش‌رقمی برنامه احراز هویت را وارد کنید.',
} as const;

const keyOf = (config: Pick<Config, 'CSRF_SECRET'>) => Buffer.from(hkdfSync('sha256', config.CSRF_SECRET, 'qateh', 'totp-secret-v1', 32));

export function sealSecret(config: Pick<Config, 'CSRF_SECRET'>, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openSecret(config: Pick<Config, 'CSRF_SECRET'>, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Starts (or restarts, while not yet verified) enrolment: a fresh secret, its otpauth URI and QR code. */
export async function startEnrolment(db: Db, config: Config, user: UserRow) {
  if (user.totpEnabledAt) throw new HttpError(409, M.totpAlready);
  const secret = totp.generateSecret(20);
  await db
    .update(users)
    .set({ totpSecret: sealSecret(config, secret), totpEnabledAt: null })
    .where(eq(users.id, user.id));
  const otpauthUri = totp.keyuri(user.username, config.STORE_NAME_EN, secret);
  const qr = qrcode(0, 'M');
  qr.addData(otpauthUri);
  qr.make();
  return { otpauthUri, secret, qrSvg: qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true }) };
}

export function codeMatches(config: Config, user: Pick<UserRow, 'totpSecret'>, code: string | undefined): boolean {
  if (!user.totpSecret || !code || !/^\d{6}$/.test(code)) return false;
  return totp.check(code, openSecret(config, user.totpSecret));
}

export async function confirmEnrolment(db: Db, config: Config, user: UserRow, code: string): Promise<void> {
  if (user.totpEnabledAt) throw new HttpError(409, M.totpAlready);
  if (!user.totpSecret) throw new HttpError(409, M.totpNotStarted);
  if (!codeMatches(config, user, code)) throw new HttpError(422, M.totpWrong, { code: [M.totpWrong] });
  await db.update(users).set({ totpEnabledAt: new Date(), totpLastStep: null }).where(eq(users.id, user.id));
}

/** Turning it off needs a current code too: a session left open on a shared computer cannot. */
export async function disableTwoFactor(db: Db, config: Config, user: UserRow, code: string): Promise<void> {
  if (!user.totpEnabledAt) throw new HttpError(409, M.totpNotStarted);
  if (!codeMatches(config, user, code)) throw new HttpError(422, M.totpWrong, { code: [M.totpWrong] });
  await db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, user.id));
}

/** The time step a code belongs to, or null when it matches none within the window. */
export function matchedStep(config: Config, user: Pick<UserRow, 'totpSecret'>, code: string, now = Date.now()): number | null {
  if (!user.totpSecret || !/^\d{6}$/.test(code)) return null;
  const delta = totp.checkDelta(code, openSecret(config, user.totpSecret));
  return delta === null ? null : Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

/**
 * Sign-in's second step: an account with two-factor on needs a current code (401 without one). The
 * code's step is claimed with one conditional update, so a code is accepted once, by one request.
 */
export async function assertSecondFactor(db: Db, config: Config, user: UserRow, code: string | undefined): Promise<void> {
  if (!user.totpEnabledAt) return;
  const header = { [TWO_FACTOR_REQUIRED_HEADER]: '1' };
  if (!code) throw new HttpError(401, TWO_FACTOR_MESSAGES.required, { otp: [TWO_FACTOR_MESSAGES.required] }, header);
  const step = matchedStep(config, user, code);
  const wrong = new HttpError(401, M.totpWrong, { otp: [M.totpWrong] }, header);
  if (step === null) throw wrong;
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  if (!claimed.length) throw wrong;
}
