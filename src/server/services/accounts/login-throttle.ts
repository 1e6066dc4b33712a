/**
 * Brute-force brake on sign-in. Failures are counted per account and per client address over a
 * window: past the "slow" mark each further attempt waits longer, past the "lock" mark it is refused
 * with 429 until the window ends. A success clears the account's count. In-process, like the search
 * rate limit: one server process per shop.
 */
import type { Config } from '../../config';

interface Window { start: number; failures: number }

export type ThrottleVerdict = { kind: 'ok'; delayMs: number } | { kind: 'locked'; retryAfterSeconds: number };

export class LoginThrottle {
  private readonly accounts = new Map<string, Window>();
  private readonly addresses = new Map<string, Window>();
  private readonly windowMs: number;

  constructor(private readonly config: Pick<Config, 'LOGIN_SLOW_AFTER' | 'LOGIN_LOCK_AFTER' | 'LOGIN_IP_FACTOR' | 'LOGIN_WINDOW_SECONDS' | 'LOGIN_DELAY_MS'>) {
    this.windowMs = config.LOGIN_WINDOW_SECONDS * 1000;
  }

  private current(map: Map<string, Window>, key: string, now: number): Window {
    let w = map.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, failures: 0 };
      map.set(key, w);
    }
    return w;
  }

  /** Before checking the password: may this attempt go ahead, and after what delay? */
  check(account: string, address: string, now = Date.now()): ThrottleVerdict {
    this.sweep(now);
    const a = this.current(this.accounts, account.toLowerCase(), now);
    const ip = this.current(this.addresses, address, now);
    const { LOGIN_SLOW_AFTER: slow, LOGIN_LOCK_AFTER: lock, LOGIN_IP_FACTOR: factor, LOGIN_DELAY_MS: step } = this.config;
    const locked = [a.failures >= lock ? a : null, ip.failures >= lock * factor ? ip : null].filter((w): w is Window => w !== null);
    if (locked.length) {
      const until = Math.max(...locked.map((w) => w.start + this.windowMs));
      return { kind: 'locked', retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
    }
    const over = Math.max(a.failures - slow, Math.floor(ip.failures / factor) - slow, 0);
    return { kind: 'ok', delayMs: Math.min(5000, over * step) };
  }

  fail(account: string, address: string, now = Date.now()): void {
    this.current(this.accounts, account.toLowerCase(), now).failures++;
    this.current(this.addresses, address, now).failures++;
  }

  succeed(account: string): void {
    this.accounts.delete(account.toLowerCase());
  }

  private lastSweep = 0;
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const map of [this.accounts, this.addresses]) for (const [k, w] of map) if (now - w.start >= this.windowMs) map.delete(k);
  }
}
