/**
 * Google reCAPTCHA v2/v3 verification (the siteverify protocol): the token the widget produced is posted
 * with the secret; v2 answers success, v3 also a score and the action the page declared.
 */
import type { Config } from '../../config';
import type { CaptchaOutcome } from './messages';

type RecaptchaConfig = Pick<Config, 'RECAPTCHA_SECRET_KEY' | 'RECAPTCHA_VERIFY_URL' | 'RECAPTCHA_MIN_SCORE'>;

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

export async function verifyRecaptcha(
  token: string,
  config: RecaptchaConfig,
  opts: { remoteIp?: string; action?: string } = {},
): Promise<CaptchaOutcome> {
  const form = new URLSearchParams({ secret: config.RECAPTCHA_SECRET_KEY ?? '', response: token });
  if (opts.remoteIp && opts.remoteIp !== 'unknown') form.set('remoteip', opts.remoteIp);
  let answer: SiteverifyAnswer;
  try {
    const res = await fetch(config.RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return 'unavailable';
    answer = (await res.json()) as SiteverifyAnswer;
  } catch {
    return 'unavailable';
  }
  const codes = answer['error-codes'] ?? [];
  // Google's word for a token that is too old or was already verified once.
  if (codes.includes('timeout-or-duplicate')) return 'expired';
  if (codes.some((c) => c.includes('secret'))) return 'unavailable';
  if (answer.success !== true) return 'invalid';
  if (typeof answer.score === 'number') {
    if (answer.score < config.RECAPTCHA_MIN_SCORE) return 'invalid';
    if (opts.action && answer.action && answer.action !== opts.action) return 'invalid';
  }
  return 'ok';
}
