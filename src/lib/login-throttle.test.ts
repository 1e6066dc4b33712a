import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_DELAY_MS, loginGate, nextNeedsCaptcha, unknownLoginKey, type LoginLimits } from './login-throttle';

const limits: LoginLimits = { slowAfter: 2, captchaAfter: 4, addressFactor: 3, delayStepMs: 400 };

describe('loginGate', () => {
  it.each([
    // account, address → captcha, delay
    [1, 1, false, 0],
    [2, 2, false, 0],
    [3, 3, false, 400],
    [4, 4, false, 800],
    [5, 5, true, 1200],
    [30, 30, true, LOGIN_MAX_DELAY_MS],
    // Many accounts from one address: slowed at slowAfter × factor, captcha past captchaAfter × factor.
    [1, 6, false, 0],
    [1, 7, false, 400],
    [1, 12, false, 800],
    [1, 13, true, 1200],
  ])('attempt %i of the account, %i of the address → captcha %s, delay %i ms', (account, address, captcha, delay) => {
    expect(loginGate({ account, address }, limits)).toEqual({ captchaRequired: captcha, delayMs: delay });
  });

  it('never locks: however many attempts came before, one with a captcha goes ahead', () => {
    const gate = loginGate({ account: 100_000, address: 100_000 }, limits);
    expect(gate.captchaRequired).toBe(true);
    expect(gate.delayMs).toBeLessThanOrEqual(LOGIN_MAX_DELAY_MS);
  });

  it('says after the last free failure that the next attempt needs the captcha', () => {
    expect(nextNeedsCaptcha({ account: 3, address: 3 }, limits)).toBe(false);
    expect(nextNeedsCaptcha({ account: 4, address: 4 }, limits)).toBe(true);
    expect(nextNeedsCaptcha({ account: 1, address: 12 }, limits)).toBe(true);
  });
});

describe('unknownLoginKey', () => {
  it.each([
    ['Ali', 'ali'],
    ['  ALI ', 'ali'],
    ['a l i', 'ali'],
    ['ali\u200c', 'ali'],
    ['ＡＬＩ', 'ali'],
    ['user۱۲۳', 'user123'],
    ['user١٢٣', 'user123'],
    ['Me@Mail.Example', 'me@mail.example'],
  ])('%j → %j', (typed, key) => expect(unknownLoginKey(typed)).toBe(key));
});
