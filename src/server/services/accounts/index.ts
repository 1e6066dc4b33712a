import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { LoginThrottle } from './login-throttle';
import { createMailer, type Mailer } from './mailer';

/** Account machinery that keeps state between requests; one per app. */
export interface AccountServices {
  mailer: Mailer;
  throttle: LoginThrottle;
}

export const createAccountServices = (config: Config, db: Db): AccountServices => ({
  mailer: createMailer(config),
  throttle: new LoginThrottle(db, config),
});
