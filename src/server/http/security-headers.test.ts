import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentSecurityPolicy, tileSource } from './security-headers';

const HASHES = { scripts: ["'sha256-island'"], styles: ["'sha256-route-css'"] };
const SANDBOX_OFF_ZARINPAL = { PAYMENT_SANDBOX: '0', ZARINPAL_MERCHANT_ID: '12345678-1234-1234-1234-123456789012' };
const SADAD = { SADAD_MERCHANT_ID: '000000140336964', SADAD_TERMINAL_ID: '24095674', SADAD_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYX' };

/** The policy for this configuration, as directive name → sources. */
function policy(env: Record<string, string> = {}): Record<string, string[]> {
  const text = contentSecurityPolicy(loadConfig({ NODE_ENV: 'test', ...env }), HASHES);
  return Object.fromEntries(
    text.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name!, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('scripts: our files and the recorded inline hashes only; no unsafe-inline or eval; plugins, base and framing locked', () => {
    const p = policy();
    expect(p['script-src']).toEqual(["'self'", "'sha256-island'"]);
    expect(p['style-src-elem']).toEqual(["'self'", "'sha256-route-css'"]);
    expect(p['style-src-attr']).toEqual(["'unsafe-inline'"]);
    expect(p['object-src']).toEqual(["'none'"]);
    expect(p['base-uri']).toEqual(["'self'"]);
    expect(p['frame-ancestors']).toEqual(["'self'"]);
    expect(p['frame-src']).toEqual(["'self'"]);
    expect(p['connect-src']).toEqual(["'self'"]);
  });

  it.each([
    ['sandbox (default in development)', {}, ["'self'"]],
    ['ZarinPal configured', SANDBOX_OFF_ZARINPAL, ["'self'", 'https://payment.zarinpal.com']],
    [
      'Sadad configured at its own address',
      { ...SADAD, SADAD_PURCHASE_URL: 'https://bank.example/VPG/Purchase' },
      ["'self'", 'https://bank.example'],
    ],
    ['both', { ...SANDBOX_OFF_ZARINPAL, ...SADAD }, ["'self'", 'https://payment.zarinpal.com', 'https://sadad.shaparak.ir']],
  ])('form-action follows the configured banks: %s', (_name, env, expected) => {
    expect(policy(env)['form-action']).toEqual(expected);
  });

  it.each([
    ['off (ALTCHA)', {}, ["'self'", "'sha256-island'"], ["'self'"]],
    [
      'Google',
      { RECAPTCHA_SECRET_KEY: 's', RECAPTCHA_SITE_KEY: 'k' },
      ["'self'", "'sha256-island'", 'https://www.google.com', 'https://www.gstatic.com/recaptcha/'],
      ["'self'", 'https://www.google.com', 'https://recaptcha.google.com/recaptcha/'],
    ],
    [
      'recaptcha.net mirror',
      { RECAPTCHA_SECRET_KEY: 's', RECAPTCHA_SCRIPT_URL: 'https://www.recaptcha.net/recaptcha/api.js' },
      ["'self'", "'sha256-island'", 'https://www.recaptcha.net', 'https://www.gstatic.com/recaptcha/'],
      ["'self'", 'https://www.recaptcha.net'],
    ],
    [
      'own host',
      { RECAPTCHA_SECRET_KEY: 's', RECAPTCHA_SCRIPT_URL: 'https://captcha.example:8443/api.js' },
      ["'self'", "'sha256-island'", 'https://captcha.example:8443'],
      ["'self'", 'https://captcha.example:8443'],
    ],
  ])('reCAPTCHA hosts only when it is on: %s', (_name, env, scripts, frames) => {
    const p = policy(env);
    expect(p['script-src']).toEqual(scripts);
    expect(p['frame-src']).toEqual(frames);
  });

  it('img-src names the configured tile server', () => {
    expect(policy()['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(policy({ MAP_TILE_URL: 'https://{s}.tiles.example.ir/{z}/{x}/{y}.png' })['img-src']).toContain('https://*.tiles.example.ir');
  });
});

describe('tileSource', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['http://127.0.0.1:8080/{z}/{x}/{y}.png', 'http://127.0.0.1:8080'],
    ['https://tiles.{s}.example/{z}/{x}/{y}.png', 'https:'],
    ['/tiles/{z}/{x}/{y}.png', null],
  ])('%s → %s', (template, expected) => {
    expect(tileSource(template)).toBe(expected);
  });
});
