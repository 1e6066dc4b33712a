import type { Config } from '../../config';

/** Where the SMS stand-in is mounted on our own server (never in production). */
export const SMS_STANDIN_PREFIX = '/sandbox/kavenegar';
/** The stand-in's API key when no real key is configured: a placeholder, never a provider's. */
export const STANDIN_API_KEY = 'qateh-sandbox-sms-key';

/**
 * provider: a key is set, messages go to KAVENEGAR_API_URL. standin: development and tests without a
 * key, messages go to the stand-in on this server. off: production without a key — SMS are recorded as
 * skipped with a warning instead of waiting in the queue for a provider that will never come.
 */
export type SmsMode = 'provider' | 'standin' | 'off';

export function smsMode(config: Pick<Config, 'KAVENEGAR_API_KEY' | 'NODE_ENV'>): SmsMode {
  if (config.KAVENEGAR_API_KEY) return 'provider';
  return config.NODE_ENV === 'production' ? 'off' : 'standin';
}

export const smsStandinEnabled = (config: Pick<Config, 'NODE_ENV'>) => config.NODE_ENV !== 'production';

/** Base URL and key the adapter uses; `origin` is how this server reaches itself. */
export function smsEndpoint(config: Config, origin: string): { baseUrl: string; apiKey: string } | null {
  const mode = smsMode(config);
  if (mode === 'provider') return { baseUrl: config.KAVENEGAR_API_URL, apiKey: config.KAVENEGAR_API_KEY! };
  if (mode === 'standin') return { baseUrl: `${origin.replace(/\/$/, '')}${SMS_STANDIN_PREFIX}/v1/`, apiKey: STANDIN_API_KEY };
  return null;
}
