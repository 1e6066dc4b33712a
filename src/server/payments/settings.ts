import type { Config } from '../config';

/**
 * Where each gateway lives and with which credentials. With the sandbox on, both gateways point at the
 * sandbox mounted on this very server (same paths as the banks) and missing credentials are filled
 * with the sandbox's own test ones; with it off, a gateway without credentials is simply not offered.
 *
 * No address here ever comes from a request: a forged Host header would otherwise make the server ask
 * an attacker's "bank" whether an order was paid. Real banks are the configured hosts; the sandbox's
 * API is called at the server's own listening address, and the shopper's browser is sent to it under
 * PUBLIC_BASE_URL (the one address a browser is known to reach).
 */
export const SANDBOX_PREFIX = '/sandbox';

export const SANDBOX_CREDENTIALS = {
  zarinpalMerchantId: '00000000-1111-2222-3333-444444444444',
  sadadMerchantId: '000000140336964',
  sadadTerminalId: '24095674',
  // The reference's test-vector key (hex 000102…17): never a real terminal key.
  sadadKey: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYX',
};

export interface ZarinpalSettings {
  merchantId: string;
  apiUrl: string;
  startPayUrl: string;
}
export interface SadadSettings {
  merchantId: string;
  terminalId: string;
  key: string;
  apiUrl: string;
  purchaseUrl: string;
}
export interface PaymentSettings {
  sandbox: boolean;
  zarinpal: ZarinpalSettings | null;
  sadad: SadadSettings | null;
}

export function sandboxEnabled(config: Config): boolean {
  if (config.PAYMENT_SANDBOX !== undefined) return config.PAYMENT_SANDBOX;
  return !config.ZARINPAL_MERCHANT_ID && !config.SADAD_MERCHANT_ID;
}

const slash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** `ownUrl`: how this server reaches itself (its listening address, known at startup). */
export function paymentSettings(config: Config, ownUrl: string): PaymentSettings {
  if (sandboxEnabled(config)) {
    const api = `${ownUrl.replace(/\/+$/, '')}${SANDBOX_PREFIX}`;
    const browser = `${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}${SANDBOX_PREFIX}`;
    return {
      sandbox: true,
      zarinpal: {
        merchantId: config.ZARINPAL_MERCHANT_ID ?? SANDBOX_CREDENTIALS.zarinpalMerchantId,
        apiUrl: `${api}/zarinpal/pg/v4/payment/`,
        startPayUrl: `${browser}/zarinpal/pg/StartPay/`,
      },
      sadad: sandboxSadad(config, `${api}/sadad/VPG/api/v0/`, `${browser}/sadad/VPG/Purchase`),
    };
  }
  return {
    sandbox: false,
    zarinpal: config.ZARINPAL_MERCHANT_ID
      ? {
          merchantId: config.ZARINPAL_MERCHANT_ID,
          apiUrl: slash(config.ZARINPAL_API_URL),
          startPayUrl: slash(config.ZARINPAL_STARTPAY_URL),
        }
      : null,
    sadad:
      config.SADAD_MERCHANT_ID && config.SADAD_TERMINAL_ID && config.SADAD_KEY
        ? {
            merchantId: config.SADAD_MERCHANT_ID,
            terminalId: config.SADAD_TERMINAL_ID,
            key: config.SADAD_KEY,
            apiUrl: slash(config.SADAD_API_URL),
            purchaseUrl: config.SADAD_PURCHASE_URL,
          }
        : null,
  };
}

/** The Sadad credentials the sandbox checks signatures with (the same the adapter signs with). */
export function sandboxSadad(config: Config, apiUrl = '', purchaseUrl = ''): SadadSettings {
  return {
    merchantId: config.SADAD_MERCHANT_ID ?? SANDBOX_CREDENTIALS.sadadMerchantId,
    terminalId: config.SADAD_TERMINAL_ID ?? SANDBOX_CREDENTIALS.sadadTerminalId,
    key: config.SADAD_KEY ?? SANDBOX_CREDENTIALS.sadadKey,
    apiUrl,
    purchaseUrl,
  };
}
