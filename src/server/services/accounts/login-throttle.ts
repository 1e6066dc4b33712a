/**
 * Sign-in attempt counts in the database (table login_attempts), so every server instance on one
 * PostgreSQL counts together. Each attempt is counted by one upsert that returns its own number in
 * the window; the rule in src/lib/login-throttle.ts turns the numbers into a delay or a captcha.
 * A success gives back what it cost: the account forgets the attempts before it, the address only
 * the success itself (other customers' failures from that address still count).
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { loginGate, nextNeedsCaptcha, unknownLoginKey, type LoginGate, type LoginLimits } from '../../../lib/login-throttle';

type ThrottleConfig = Pick<
  Config,
  'LOGIN_SLOW_AFTER' | 'LOGIN_CAPTCHA_AFTER' | 'LOGIN_IP_FACTOR' | 'LOGIN_WINDOW_SECONDS' | 'LOGIN_DELAY_MS'
>;

/** Who an attempt is counted against: the account when the login names one, else the typed login. */
export const accountKey = (login: string, userId: number | null): string =>
  userId === null ? `login:${unknownLoginKey(login)}` : `account:${userId}`;
export const addressKey = (address: string): string => `address:${address}`;

/** One counted attempt: its numbers and what the rule makes of them. */
export interface CountedAttempt extends LoginGate {
  account: number;
  address: number;
  keys: { account: string; address: string };
}

export class LoginThrottle {
  private readonly limits: LoginLimits;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly config: ThrottleConfig,
  ) {
    this.limits = {
      slowAfter: config.LOGIN_SLOW_AFTER,
      captchaAfter: config.LOGIN_CAPTCHA_AFTER,
      addressFactor: config.LOGIN_IP_FACTOR,
      delayStepMs: config.LOGIN_DELAY_MS,
    };
  }

  /** Counts the attempt (before the password is looked at) and says how it may go ahead. */
  async count(account: string, address: string): Promise<CountedAttempt> {
    await this.sweep();
    const keys = { account, address: addressKey(address) };
    const expired = sql`${loginAttempts.windowStartedAt} <= now() - ${this.config.LOGIN_WINDOW_SECONDS}::int * interval '1 second'`;
    // One statement for both keys: each row is locked while it is bumped, so every attempt gets its own number.
    const rows = await this.db
      .insert(loginAttempts)
      .values([
        { key: keys.account, attempts: 1 },
        { key: keys.address, attempts: 1 },
      ])
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          attempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginAttempts.attempts} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginAttempts.windowStartedAt} END`,
        },
      })
      .returning({ key: loginAttempts.key, attempts: loginAttempts.attempts });
    const numberOf = (key: string) => rows.find((r) => r.key === key)?.attempts ?? 1;
    const counts = { account: numberOf(keys.account), address: numberOf(keys.address) };
    return { ...counts, ...loginGate(counts, this.limits), keys };
  }

  /** After a wrong password: does the next attempt need the captcha? */
  nextNeedsCaptcha(attempt: CountedAttempt): boolean {
    return nextNeedsCaptcha(attempt, this.limits);
  }

  /** The right password: the account's earlier attempts are forgiven, the address's count drops by this one. */
  async succeeded(attempt: CountedAttempt): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ attempts: sql`greatest(${loginAttempts.attempts} - ${attempt.account}::int, 0)` })
      .where(eq(loginAttempts.key, attempt.keys.account));
    await this.db
      .update(loginAttempts)
      .set({ attempts: sql`greatest(${loginAttempts.attempts} - 1, 0)` })
      .where(eq(loginAttempts.key, attempt.keys.address));
  }

  /** Counts of ended windows are dropped now and then, so typed-login and address rows do not pile up. */
  private async sweep(now = Date.now()): Promise<void> {
    if (now - this.lastSweep < this.config.LOGIN_WINDOW_SECONDS * 1000) return;
    this.lastSweep = now;
    await this.db
      .delete(loginAttempts)
      .where(lt(loginAttempts.windowStartedAt, sql`now() - ${this.config.LOGIN_WINDOW_SECONDS}::int * interval '1 second'`));
  }
}
