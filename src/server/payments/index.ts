import type { Config } from '../config';
import type { GatewayName, PaymentGateway } from './gateway';
import { sadadGateway } from './sadad';
import { paymentSettings } from './settings';
import { zarinpalGateway } from './zarinpal';

export { createPaymentService, type PaymentService, type CallbackOutcome } from './service';
export { zarinpalCallback } from './zarinpal';
export { sadadCallback } from './sadad';

/** The gateways this installation offers; `origin` is how the server reaches its own sandbox. */
export function createGateways(config: Config, origin: string): Partial<Record<GatewayName, PaymentGateway>> {
  const settings = paymentSettings(config, origin);
  return {
    ...(settings.zarinpal ? { zarinpal: zarinpalGateway(settings.zarinpal) } : {}),
    ...(settings.sadad ? { sadad: sadadGateway(settings.sadad) } : {}),
  };
}
