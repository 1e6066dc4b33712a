/**
 * Self-hosted proof-of-work captcha (ALTCHA): the server hands out a challenge signed with its HMAC key;
 * the browser searches for the number whose hash matches; the server checks the signature, the expiry
 * and the hash, and accepts each solved challenge once.
 */
import { createChallenge, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import type { Config } from '../../config';
import type { CaptchaOutcome } from './messages';

type AltchaConfig = Pick<Config, 'CAPTCHA_HMAC_KEY' | 'CAPTCHA_MAX_NUMBER' | 'CAPTCHA_EXPIRES_MINUTES'>;

export async function issueAltchaChallenge(config: AltchaConfig, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    hmacKey: config.CAPTCHA_HMAC_KEY,
    maxNumber: config.CAPTCHA_MAX_NUMBER,
    expires: new Date(now + config.CAPTCHA_EXPIRES_MINUTES * 60_000),
  });
}

/** Where solved challenges are remembered; claim is false when the challenge was used before. */
export interface ChallengeLedger {
  claim(challenge: string, expiresAt: number, now?: number): boolean | Promise<boolean>;
}

/**
 * Challenges already used, until they expire (after that the expiry refuses them anyway), in this
 * process only; the server itself keeps them in the database (used-challenges.ts) for every instance.
 */
export class UsedChallenges implements ChallengeLedger {
  private readonly used = new Map<string, number>();
  constructor(private readonly maxEntries = 100_000) {}

  /** Records the challenge; false when it was already there. */
  claim(challenge: string, expiresAt: number, now = Date.now()): boolean {
    if (this.used.size >= this.maxEntries) for (const [k, t] of this.used) if (t <= now) this.used.delete(k);
    if (this.used.has(challenge)) return false;
    if (this.used.size >= this.maxEntries) return false; // full of live entries: refuse rather than forget
    this.used.set(challenge, expiresAt);
    return true;
  }
}

function decodePayload(raw: string): { challenge: string; salt: string } | null {
  try {
    const json = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as unknown;
    if (!json || typeof json !== 'object') return null;
    const { challenge, salt } = json as Record<string, unknown>;
    return typeof challenge === 'string' && typeof salt === 'string' ? { challenge, salt } : null;
  } catch {
    return null;
  }
}

export async function verifyAltcha(raw: string, config: AltchaConfig, used: ChallengeLedger, now = Date.now()): Promise<CaptchaOutcome> {
  const payload = decodePayload(raw);
  if (!payload) return 'invalid';
  // The expiry travels inside the signed salt ("…?expires=<unix seconds>"); read it to tell "expired" apart.
  const expires = Number(new URLSearchParams(payload.salt.split('?')[1] ?? '').get('expires') ?? NaN);
  if (!Number.isFinite(expires)) return 'invalid';
  if (expires * 1000 <= now) return 'expired';
  if (!(await verifySolution(raw, config.CAPTCHA_HMAC_KEY, false).catch(() => false))) return 'invalid';
  return (await used.claim(payload.challenge, expires * 1000, now)) ? 'ok' : 'invalid';
}
