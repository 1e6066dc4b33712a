import type { PaymentGateway, ReverseResult, StartInput, StartResult, VerifyResult } from './gateway';
import { postJson } from './http';
import type { ZarinpalSettings } from './settings';

/**
 * ZarinPal REST v4 (payments.md §1): request.json → StartPay/{authority} → callback with Authority and
 * Status → verify.json with the amount we stored. Amounts are rials and the currency is always sent
 * explicitly as IRR (some clients default to IRT, toman, which would charge a tenth).
 */
export const ZARINPAL_MESSAGES: Record<number, string> = {
  [-9]: 'خطای اعتبارسنجی اطلاعات ارسالی به درگاه',
  [-10]: 'شناسه پذیرنده یا IP معتبر نیست',
  [-11]: 'پذیرنده فعال نیست',
  [-12]: 'تلاش‌های بیش از حد؛ کمی بعد دوباره تلاش کنید',
  [-50]: 'مبلغ پرداخت‌شده با مبلغ سفارش یکسان نیست',
  [-51]: 'پرداخت انجام نشد',
  [-52]: 'خطای پیش‌بینی‌نشده درگاه',
  [-53]: 'این تراکنش متعلق به این پذیرنده نیست',
  [-54]: 'شناسه تراکنش نامعتبر است',
  [-60]: 'بازگرداندن این تراکنش در بانک ممکن نیست',
  [-61]: 'تراکنش موفق نیست یا پیش‌تر بازگردانده شده است',
  [-62]: 'محدودیت IP پذیرنده باید فعال باشد',
  [-63]: 'مهلت بازگرداندن تراکنش گذشته است',
};

const AUTHORITY = /^[AS][0-9a-zA-Z]{35}$/;

/** ZarinPal validates mobiles as 09…; ours are stored that way, anything else is left out. */
const mobileOrUndefined = (m?: string | null) => (m && /^09\d{9}$/.test(m) ? m : undefined);

function errorOf(body: any, fallback: number): { code: number; message: string } {
  const code = Number(body?.errors?.code ?? body?.data?.code ?? fallback);
  return { code, message: ZARINPAL_MESSAGES[code] ?? String(body?.errors?.message ?? body?.data?.message ?? 'خطای درگاه زرین‌پال') };
}

export function zarinpalGateway(settings: ZarinpalSettings): PaymentGateway {
  return {
    name: 'zarinpal',

    async start(input: StartInput): Promise<StartResult> {
      const request = {
        merchant_id: settings.merchantId,
        amount: input.amount,
        currency: 'IRR',
        description: input.description,
        callback_url: input.callbackUrl,
        metadata: { order_id: input.factorNumber, mobile: mobileOrUndefined(input.mobile), email: input.email ?? undefined },
      };
      const { body } = await postJson(`${settings.apiUrl}request.json`, request);
      const data = body?.data;
      if (
        data &&
        !Array.isArray(data) &&
        Number(data.code) === 100 &&
        typeof data.authority === 'string' &&
        AUTHORITY.test(data.authority)
      ) {
        return {
          ok: true,
          authority: data.authority,
          redirectUrl: `${settings.startPayUrl}${data.authority}`,
          gatewayOrderId: null,
          payload: body,
        };
      }
      return { ok: false, ...errorOf(body, -52), payload: body };
    },

    async verify({ authority, amount }): Promise<VerifyResult> {
      const { body } = await postJson(`${settings.apiUrl}verify.json`, { merchant_id: settings.merchantId, authority, amount });
      const data = body?.data;
      const code = Number(data && !Array.isArray(data) ? data.code : NaN);
      if (code === 100 || code === 101) {
        return {
          paid: true,
          refId: String(data.ref_id),
          cardPan: typeof data.card_pan === 'string' ? data.card_pan : null,
          amount: null, // verify.json does not echo the amount: the -50 check is ZarinPal's
          gatewayOrderId: null,
          alreadyVerified: code === 101,
          payload: body,
        };
      }
      return { paid: false, ...errorOf(body, -52), payload: body };
    },

    /** reverse.json: gives a verified payment back to the payer (payments.md §1 "Other methods"). */
    async reverse({ authority }): Promise<ReverseResult> {
      const { body } = await postJson(`${settings.apiUrl}reverse.json`, { merchant_id: settings.merchantId, authority });
      const data = body?.data;
      if (data && !Array.isArray(data) && Number(data.code) === 100) return { ok: true, payload: body };
      return { ok: false, ...errorOf(body, -60), payload: body };
    },
  };
}

/** The callback's query: `Authority` and `Status` (OK or NOK). Status is a hint only; verify decides. */
export function zarinpalCallback(query: Record<string, string | undefined>): { authority: string; status: 'OK' | 'NOK' } | null {
  const authority = query.Authority ?? query.authority;
  if (!authority || !AUTHORITY.test(authority)) return null;
  return { authority, status: (query.Status ?? query.status) === 'OK' ? 'OK' : 'NOK' };
}
