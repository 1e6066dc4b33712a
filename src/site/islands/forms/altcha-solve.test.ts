/**
 * The browser's proof of work against the server's own verifier: what findNumber finds and
 * altchaPayload packs is accepted once, and a payload for another number is refused.
 */
import { describe, expect, it } from 'vitest';
import { issueAltchaChallenge, UsedChallenges, verifyAltcha } from '../../../server/services/captcha/altcha';
import { altchaPayload, findNumber } from './altcha-solve';

const config = { CAPTCHA_HMAC_KEY: 'altcha-solve-test-key-0123456789', CAPTCHA_MAX_NUMBER: 3000, CAPTCHA_EXPIRES_MINUTES: 5 };

describe('ALTCHA solving in the browser code', () => {
  it('finds the number the server hid; the payload passes verification once', async () => {
    const challenge = await issueAltchaChallenge(config);
    const number = await findNumber(challenge, { yieldEvery: 500 });
    expect(number).not.toBeNull();
    const used = new UsedChallenges();
    const payload = altchaPayload(challenge, number!, 12);
    expect(await verifyAltcha(payload, config, used)).toBe('ok');
    expect(await verifyAltcha(payload, config, used)).toBe('invalid');
    const wrong = altchaPayload(challenge, number! + 1, 12);
    expect(await verifyAltcha(wrong, config, new UsedChallenges())).toBe('invalid');
  });

  it('gives up (null) when no number up to the maximum fits, and stops when cancelled', async () => {
    const challenge = await issueAltchaChallenge(config);
    expect(await findNumber({ ...challenge, challenge: '0'.repeat(64), maxnumber: 200 })).toBeNull();
    expect(await findNumber(challenge, { yieldEvery: 1, cancelled: () => true })).toBeNull();
  });
});
