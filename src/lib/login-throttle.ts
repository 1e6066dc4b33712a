/**
 * The sign-in brake as a rule over counts. Every attempt is counted (atomically, before the password
 * is checked) per account and per client address; the attempt's own number in each count decides its
 * fate, so parallel guesses cannot all see a count below the limit. There is no hard lock a stranger
 * could use to keep a customer out: past the "slow" mark each attempt waits longer, past the
 * "captcha" mark an attempt is only checked with a solved captcha. An address serves many customers
 * (offices, mobile carriers), so its marks are the account's times a factor.
 */
import { toAsciiDigits } from './persian';

export interface LoginLimits {
  /** Attempts per account before answers are slowed down. */
  slowAfter: number;
  /** Attempts per account that go ahead without a captcha. */
  captchaAfter: number;
  /** Multiplier of both marks for one client address. */
  addressFactor: number;
  /** Delay added per attempt beyond the slow mark, in milliseconds. */
  delayStepMs: number;
}

/** The longest wait one attempt is made to sit through. */
export const LOGIN_MAX_DELAY_MS = 5000;

export interface LoginGate {
  /** Refuse to check the password unless a solved captcha came with the attempt. */
  captchaRequired: boolean;
  /** Wait this long before checking the password. */
  delayMs: number;
}

/** `account` and `address` are this attempt's numbers (1 = first) in the two counts of the window. */
export function loginGate(counts: { account: number; address: number }, limits: LoginLimits): LoginGate {
  const { slowAfter, captchaAfter, addressFactor, delayStepMs } = limits;
  const captchaRequired = counts.account > captchaAfter || counts.address > captchaAfter * addressFactor;
  const over = Math.max(counts.account - slowAfter, Math.ceil(counts.address / addressFactor) - slowAfter, 0);
  return { captchaRequired, delayMs: Math.min(LOGIN_MAX_DELAY_MS, over * delayStepMs) };
}

/** After a failed attempt numbered `account`: will the next one need the captcha? (The form shows it at once.) */
export const nextNeedsCaptcha = (counts: { account: number; address: number }, limits: LoginLimits): boolean =>
  loginGate({ account: counts.account + 1, address: counts.address + 1 }, limits).captchaRequired;

/**
 * The key a typed login that names no account is counted under: the same string however it was typed
 * (case, spaces, Persian digits, compatibility forms), so variants of one guess share a count.
 */
export function unknownLoginKey(login: string): string {
  return toAsciiDigits(login.normalize('NFKC'))
    .replace(/[\s\u200b-\u200f\u2060\ufeff]+/g, '')
    .toLowerCase();
}
