import type { Config } from '../config';
import type { GatewayName, PaymentGateway } from './gateway';
import { sadadGateway } from './sadad';
import { paymentSettings } from './settings';
import { zarinpalGateway } from './zarinpal';

export { createPaymentService, type PaymentService, type CallbackOutcome } from './service';
export { zarinpalCallback } from './zarinpal';
export { sadadCallback } from './sadad';

/** The gateways this installation offers; `ownUrl` is how the server reaches its own sandbox (its listening address). */
export function createGateways(config: Config, ownUrl: string): Partial<Record<GatewayName, PaymentGateway>> {
  const settings = paymentSettings(config, ownUrl);
  return {
    ...(settings.zarinpal ? { zarinpal: zarinpalGateway(settings.zarinpal) } : {}),
    ...(settings.sadad ? { sadad: sadadGateway(settings.sadad) } : {}),
  };
}
