import type { Config } from '../config';

/**
 * Where each gateway lives and with which credentials. With the sandbox on, both gateways point at the
 * sandbox mounted on this very server (same paths as the banks) and missing credentials are filled
 * with the sandbox's own test ones; with it off, a gateway without credentials is simply not offered.
 */
export const SANDBOX_PREFIX = '/sandbox';

export const SANDBOX_CREDENTIALS = {
  zarinpalMerchantId: '00000000-1111-2222-3333-444444444444',
  sadadMerchantId: '000000140336964',
  sadadTerminalId: '24095674',
  // The reference's test-vector key (hex 000102…17): never a real terminal key.
  sadadKey: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYX',
};

export interface ZarinpalSettings { merchantId: string; apiUrl: string; startPayUrl: string }
export interface SadadSettings { merchantId: string; terminalId: string; key: string; apiUrl: string; purchaseUrl: string }
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

/** `origin`: how this server reaches itself (its own listener), used only for the sandbox. */
export function paymentSettings(config: Config, origin: string): PaymentSettings {
  if (sandboxEnabled(config)) {
    const base = `${origin.replace(/\/$/, '')}${SANDBOX_PREFIX}`;
    return {
      sandbox: true,
      zarinpal: {
        merchantId: config.ZARINPAL_MERCHANT_ID ?? SANDBOX_CREDENTIALS.zarinpalMerchantId,
        apiUrl: `${base}/zarinpal/pg/v4/payment/`,
        startPayUrl: `${base}/zarinpal/pg/StartPay/`,
      },
      sadad: sandboxSadad(config, `${base}/sadad/VPG/api/v0/`, `${base}/sadad/VPG/Purchase`),
    };
  }
  return {
    sandbox: false,
    zarinpal: config.ZARINPAL_MERCHANT_ID
      ? { merchantId: config.ZARINPAL_MERCHANT_ID, apiUrl: slash(config.ZARINPAL_API_URL), startPayUrl: slash(config.ZARINPAL_STARTPAY_URL) }
      : null,
    sadad: config.SADAD_MERCHANT_ID && config.SADAD_TERMINAL_ID && config.SADAD_KEY
      ? { merchantId: config.SADAD_MERCHANT_ID, terminalId: config.SADAD_TERMINAL_ID, key: config.SADAD_KEY, apiUrl: slash(config.SADAD_API_URL), purchaseUrl: config.SADAD_PURCHASE_URL }
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
