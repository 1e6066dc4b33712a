import { Hono } from 'hono';
import type { Config } from '../../config';
import { SANDBOX_CREDENTIALS, sandboxSadad } from '../settings';
import { sandboxPolicy } from './page';
import { mountSadadSandbox } from './sadad';
import { mountZarinpalSandbox } from './zarinpal';

/**
 * Local stand-ins for both banks, speaking their protocols on their paths, so development, `npm start`
 * and tests can pay without a merchant account. State lives in memory: a restart forgets transactions,
 * as a real session at a bank would expire. They send browsers back only to addresses under
 * PUBLIC_BASE_URL (ZarinPal -9, Sadad 1023 otherwise).
 */
export interface SandboxClock {
  now(): number;
  /** How long after payment a Sadad verify is still accepted (the bank's exact window is unpublished). */
  verifyWindowMs: number;
}

export function createPaymentSandbox(config: Config, clock: SandboxClock = { now: () => Date.now(), verifyWindowMs: 20 * 60_000 }): Hono {
  const app = new Hono();
  const policy = sandboxPolicy(config.PUBLIC_BASE_URL);
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Robots-Tag', 'noindex');
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', policy);
  });
  mountZarinpalSandbox(app, config.ZARINPAL_MERCHANT_ID ?? SANDBOX_CREDENTIALS.zarinpalMerchantId, clock, config.PUBLIC_BASE_URL);
  mountSadadSandbox(app, sandboxSadad(config), clock, config.PUBLIC_BASE_URL);
  return app;
}
