/**
 * The password check behind the brake (login-throttle.ts): the attempt is counted first, then, as its
 * number says, it waits, needs a solved captcha, or goes straight to the password. Username and e-mail
 * of one account share the account's count.
 */
import type { AppDeps } from '../../context';
import { HttpError } from '../../http/errors';
import { captchaOf } from '../captcha';
import { accountKey } from './login-throttle';
import { assertSecondFactor } from './totp';
import { checkPassword, findUserByLogin, type UserRow } from './users';

/** Tells the caller (the sign-in form) that attempts now need the captcha. */
export const CAPTCHA_REQUIRED_HEADER = 'X-Captcha-Required';
const captchaHeader = { [CAPTCHA_REQUIRED_HEADER]: '1' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SignInAttempt {
  login: string;
  password: string;
  /** The client address the attempt came from. */
  address: string;
  /** A solved captcha, needed once the account or address has made too many attempts. */
  captcha?: string;
  /** The current TOTP code, for an account with two-factor sign-in on. */
  otp?: string;
}

export const BLOCKED_MESSAGE = 'این حساب از سوی فروشگاه مسدود شده است؛ برای پیگیری با فروشگاه تماس بگیرید.';

export async function signIn(deps: AppDeps, attempt: SignInAttempt): Promise<UserRow> {
  const user = await findUserByLogin(deps.db, attempt.login);
  const throttle = deps.accounts.throttle;
  const counted = await throttle.count(accountKey(attempt.login, user?.id ?? null), attempt.address);
  if (counted.captchaRequired) {
    try {
      await captchaOf(deps).assertHuman(attempt.captcha, { remoteIp: attempt.address, action: 'login' });
    } catch (err) {
      if (err instanceof HttpError) throw new HttpError(err.status, err.message, err.errors, { ...err.headers, ...captchaHeader });
      throw err;
    }
  }
  if (counted.delayMs > 0) await sleep(counted.delayMs);
  try {
    const signedIn = await checkPassword(user, attempt.password);
    // Told only to whoever knows the password, so a guesser learns nothing about the account.
    if (signedIn.blockedAt) throw new HttpError(403, BLOCKED_MESSAGE);
    // A wrong or missing code counts as a failed attempt like a wrong password.
    await assertSecondFactor(deps.db, deps.config, signedIn, attempt.otp);
    await throttle.succeeded(counted);
    return signedIn;
  } catch (err) {
    if (err instanceof HttpError && err.status === 401 && throttle.nextNeedsCaptcha(counted)) {
      throw new HttpError(401, err.message, err.errors, { ...err.headers, ...captchaHeader });
    }
    throw err;
  }
}
