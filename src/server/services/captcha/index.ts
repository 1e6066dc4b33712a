/** The captcha of the site's forms and of sign-in: reCAPTCHA when its secret is configured, the self-hosted ALTCHA otherwise. */
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import type { Db } from '../../db/client';
import { issueAltchaChallenge, verifyAltcha, type ChallengeLedger } from './altcha';
import { DatabaseChallenges } from './used-challenges';
import { CAPTCHA_MESSAGES } from './messages';
import { verifyRecaptcha } from './recaptcha';

export type CaptchaChallenge =
  | { provider: 'altcha'; challenge: { algorithm: string; challenge: string; maxnumber?: number; salt: string; signature: string } }
  | { provider: 'recaptcha'; siteKey: string | null; version: 2 | 3; scriptUrl: string };

export class CaptchaService {
  private readonly used: ChallengeLedger;
  constructor(
    private readonly config: Config,
    db: Db,
  ) {
    this.used = new DatabaseChallenges(db);
  }

  get provider(): 'altcha' | 'recaptcha' {
    return this.config.RECAPTCHA_SECRET_KEY ? 'recaptcha' : 'altcha';
  }

  async challenge(): Promise<CaptchaChallenge> {
    if (this.provider === 'recaptcha') {
      const { RECAPTCHA_SITE_KEY, RECAPTCHA_VERSION, RECAPTCHA_SCRIPT_URL } = this.config;
      return {
        provider: 'recaptcha',
        siteKey: RECAPTCHA_SITE_KEY ?? null,
        version: RECAPTCHA_VERSION === '2' ? 2 : 3,
        scriptUrl: RECAPTCHA_SCRIPT_URL,
      };
    }
    return { provider: 'altcha', challenge: await issueAltchaChallenge(this.config) };
  }

  /** Throws the spec's captcha error (422 in data.errors.captcha; 503 when the verifier is unreachable). */
  async assertHuman(response: string | undefined, opts: { remoteIp?: string; action?: string } = {}): Promise<void> {
    if (!response) throw new HttpError(422, CAPTCHA_MESSAGES.missing.fa, { captcha: [CAPTCHA_MESSAGES.missing.fa] });
    const outcome =
      this.provider === 'recaptcha'
        ? await verifyRecaptcha(response, this.config, opts)
        : await verifyAltcha(response, this.config, this.used);
    if (outcome === 'ok') return;
    const message = CAPTCHA_MESSAGES[outcome].fa;
    throw new HttpError(outcome === 'unavailable' ? 503 : 422, message, { captcha: [message] });
  }
}

// One captcha service per app, kept beside the app's dependencies (routes of every area share it).
const services = new WeakMap<object, CaptchaService>();
export function captchaOf(deps: { config: Config; db: Db }): CaptchaService {
  let service = services.get(deps);
  if (!service) services.set(deps, (service = new CaptchaService(deps.config, deps.db)));
  return service;
}
