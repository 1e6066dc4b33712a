import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

const config = { LOGIN_SLOW_AFTER: 2, LOGIN_LOCK_AFTER: 5, LOGIN_IP_FACTOR: 3, LOGIN_WINDOW_SECONDS: 60, LOGIN_DELAY_MS: 400 };

describe('LoginThrottle', () => {
  it('lets the first attempts through at once, then slows each further one, then locks until the window ends', () => {
    const t = new LoginThrottle(config);
    const now = 1_000_000;
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const v = t.check('Ali', '10.0.0.1', now);
      expect(v.kind).toBe('ok');
      delays.push(v.kind === 'ok' ? v.delayMs : -1);
      t.fail('Ali', '10.0.0.1', now);
    }
    expect(delays).toEqual([0, 0, 0, 400, 800]);
    const locked = t.check('ali', '10.0.0.9', now + 1000);
    expect(locked).toEqual({ kind: 'locked', retryAfterSeconds: 59 });
    expect(t.check('ali', '10.0.0.9', now + 60_000).kind).toBe('ok');
  });

  it('locks an address that fails across many accounts, at the account limit times the factor', () => {
    const t = new LoginThrottle(config);
    for (let i = 0; i < 15; i++) t.fail(`user${i}`, '10.0.0.2');
    expect(t.check('someone-new', '10.0.0.2').kind).toBe('locked');
    expect(t.check('someone-new', '10.0.0.3').kind).toBe('ok');
  });

  it('a success clears the account count', () => {
    const t = new LoginThrottle(config);
    for (let i = 0; i < 4; i++) t.fail('sara', '10.0.0.4');
    t.succeed('SARA');
    expect(t.check('sara', '10.0.0.5')).toEqual({ kind: 'ok', delayMs: 0 });
  });
});
