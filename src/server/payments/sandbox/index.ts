import { Hono } from 'hono';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { SANDBOX_CREDENTIALS, sandboxSadad } from '../settings';
import { sandboxPolicy } from './page';
import { mountSadadSandbox } from './sadad';
import { sandboxSessions } from './sessions';
import { mountZarinpalSandbox } from './zarinpal';

/**
 * Local stand-ins for both banks, speaking their protocols on their paths, so development, `npm start`
 * and tests can pay without a merchant account. Their sessions live in the database, so any instance
 * of the shop on one PostgreSQL answers for a payment another one started. They send browsers back only to addresses under
 * PUBLIC_BASE_URL (ZarinPal -9, Sadad 1023 otherwise).
 */
export interface SandboxClock {
  now(): number;
  /** How long after payment a Sadad verify is still accepted (the bank's exact window is unpublished). */
  verifyWindowMs: number;
}

export function createPaymentSandbox(
  config: Config,
  db: Db,
  clock: SandboxClock = { now: () => Date.now(), verifyWindowMs: 20 * 60_000 },
): Hono {
  const app = new Hono();
  const policy = sandboxPolicy(config.PUBLIC_BASE_URL);
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Robots-Tag', 'noindex');
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', policy);
  });
  const sessions = sandboxSessions(db);
  mountZarinpalSandbox(app, sessions, config.ZARINPAL_MERCHANT_ID ?? SANDBOX_CREDENTIALS.zarinpalMerchantId, clock, config.PUBLIC_BASE_URL);
  mountSadadSandbox(app, sessions, sandboxSadad(config), clock, config.PUBLIC_BASE_URL);
  return app;
}
