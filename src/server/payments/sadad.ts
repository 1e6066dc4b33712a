import type { PaymentGateway, StartInput, StartResult, VerifyResult } from './gateway';
import { postJson } from './http';
import { paymentRequestSignText, sadadSign, tehranLocalDateTime } from './sadad-sign';
import type { SadadSettings } from './settings';

/**
 * Sadad, Bank Melli's PSP, "VPG api v0" (payments.md §2): Request/PaymentRequest signed with
 * SignData = 3DES("TerminalId;OrderId;Amount") → Purchase?Token=… → a form POST back with OrderId,
 * token and ResCode → Advice/Verify with the token signed the same way. Amounts in rials.
 */
export const SADAD_MESSAGES: Record<number, string> = {
  3: 'پذیرنده معتبر نیست',
  23: 'پذیرنده فعال نیست',
  58: 'انجام تراکنش برای پایانه مجاز نیست',
  61: 'مبلغ بیش از حد مجاز است',
  1000: 'پارامترهای ارسالی نادرست است',
  1001: 'پارامترهای ارسالی نادرست است',
  1011: 'شماره سفارش تکراری است',
  1012: 'اطلاعات پذیرنده نادرست است',
  1018: 'زمان سرور با بانک همخوان نیست',
  1023: 'نشانی بازگشت نادرست است',
  1024: 'زمان ارسال درخواست نادرست است',
  1025: 'امضای درخواست نادرست است',
  1026: 'شماره سفارش نادرست است',
  1027: 'شماره پذیرنده نادرست است',
  1028: 'شماره پایانه نادرست است',
  1101: 'مبلغ نادرست است',
  1103: 'توکن نادرست است',
  [-1]: 'تراکنش یافت نشد یا پارامترها نادرست است',
  101: 'مهلت تأیید تراکنش گذشته است؛ مبلغ کسرشده حداکثر تا ۷۲ ساعت به حساب پرداخت‌کننده برمی‌گردد',
};

const message = (code: number, description?: unknown) =>
  SADAD_MESSAGES[code] ?? ((typeof description === 'string' && description) || 'خطای درگاه سداد');

export function sadadGateway(settings: SadadSettings, now: () => Date = () => new Date()): PaymentGateway {
  return {
    name: 'sadad',

    async start(input: StartInput): Promise<StartResult> {
      const orderId = input.attemptId;
      const request = {
        MerchantId: settings.merchantId,
        TerminalId: settings.terminalId,
        Amount: input.amount,
        OrderId: orderId,
        LocalDateTime: tehranLocalDateTime(now()),
        ReturnUrl: input.callbackUrl,
        SignData: sadadSign(paymentRequestSignText(settings.terminalId, orderId, input.amount), settings.key),
      };
      const { body } = await postJson(`${settings.apiUrl}Request/PaymentRequest`, request);
      const code = Number(body?.ResCode);
      if (code === 0 && typeof body.Token === 'string' && body.Token) {
        const url = new URL(settings.purchaseUrl);
        url.searchParams.set('Token', body.Token);
        return { ok: true, authority: body.Token, redirectUrl: url.toString(), gatewayOrderId: String(orderId), payload: body };
      }
      return { ok: false, code: Number.isFinite(code) ? code : -1, message: message(code, body?.Description), payload: body };
    },

    async verify({ authority }): Promise<VerifyResult> {
      const { body } = await postJson(`${settings.apiUrl}Advice/Verify`, {
        Token: authority,
        SignData: sadadSign(authority, settings.key),
      });
      const code = Number(body?.ResCode);
      if (code === 0) {
        return {
          paid: true,
          // Receipt: SystemTraceNo is the tracking number, RetrivalRefNo (sic) the reference number.
          refId: String(body.RetrivalRefNo ?? ''),
          cardPan: null,
          amount: Number(body.Amount),
          gatewayOrderId: body.OrderId === undefined ? null : String(body.OrderId),
          alreadyVerified: false,
          payload: body,
        };
      }
      return { paid: false, code: Number.isFinite(code) ? code : -1, message: message(code, body?.Description), payload: body };
    },
  };
}

/** Sadad's return (form POST, or query): OrderId, token (lower-case t) and ResCode. */
export function sadadCallback(fields: Record<string, string | undefined>): { orderId: string; token: string; resCode: number } | null {
  const token = fields.token ?? fields.Token;
  const orderId = fields.OrderId ?? fields.orderId;
  const resCode = Number(fields.ResCode ?? fields.resCode);
  if (!token || !/^[\w-]{1,200}$/.test(token) || !orderId || !/^\d{1,18}$/.test(orderId) || !Number.isFinite(resCode)) return null;
  return { orderId, token, resCode };
}
