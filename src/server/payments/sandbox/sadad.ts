import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { isUnderBase } from '../../../lib/public-url';
import type { SadadSettings } from '../settings';
import { paymentRequestSignText, sadadOpen } from '../sadad-sign';
import { autoPostPage, errorPage, testPaymentPage } from './page';
import type { SandboxClock } from './index';

/**
 * Sadad's VPG v0 on the same paths: PaymentRequest checks merchant, terminal, LocalDateTime and the
 * 3DES SignData with the configured key; Purchase shows the test page; the browser returns with a form
 * POST of OrderId, token and ResCode; Advice/Verify checks the token's SignData and answers 0 with
 * RetrivalRefNo and SystemTraceNo, -1 for unknown or unpaid tokens, 101 once the verify window passed.
 */
interface Token {
  orderId: string;
  amount: number;
  returnUrl: string;
  state: 'pending' | 'paid' | 'failed';
  paidAt: number;
  retrivalRefNo: string;
  systemTraceNo: string;
}

const LOCAL_DATE_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) (am|pm)$/i;
/** Iran keeps +03:30 all year since 2022. */
const TEHRAN_OFFSET_MS = 3.5 * 3_600_000;
const MAX_SKEW_MS = 15 * 60_000;

function parseTehranTime(text: unknown): number | null {
  const m = typeof text === 'string' ? LOCAL_DATE_TIME.exec(text) : null;
  if (!m) return null;
  const [, mo, d, y, h, mi, s, ap] = m;
  const hour = (Number(h) % 12) + (ap!.toLowerCase() === 'pm' ? 12 : 0);
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), hour, Number(mi), Number(s)) - TEHRAN_OFFSET_MS;
}

const reply = (ResCode: number, Description: string, extra: Record<string, unknown> = {}) => ({ ResCode, Description, ...extra });

export function mountSadadSandbox(app: Hono, creds: SadadSettings, clock: SandboxClock, publicBaseUrl: string): void {
  const tokens = new Map<string, Token>();
  const orderIds = new Set<string>();
  let trace = 100_000 + Math.floor(Math.random() * 1000);
  const api = '/sadad/VPG/api/v0';

  app.post(`${api}/Request/PaymentRequest`, async (c) => {
    const b = await c.req.json().catch(() => null) as Record<string, any> | null;
    if (!b || typeof b !== 'object') return c.json(reply(1000, 'پارامترهای ارسالی نادرست است'));
    if (String(b.MerchantId) !== creds.merchantId) return c.json(reply(1027, 'شماره پذیرنده نادرست است'));
    if (String(b.TerminalId) !== creds.terminalId) return c.json(reply(1028, 'شماره پایانه نادرست است'));
    if (!Number.isInteger(b.Amount) || b.Amount <= 0) return c.json(reply(1101, 'مبلغ نادرست است'));
    const orderId = String(b.OrderId ?? '');
    if (!/^\d{1,18}$/.test(orderId)) return c.json(reply(1026, 'شماره سفارش نادرست است'));
    // Unlike the bank, only the shop's own address (PUBLIC_BASE_URL): the sandbox never sends a browser elsewhere.
    if (typeof b.ReturnUrl !== 'string' || !/^https?:\/\//.test(b.ReturnUrl) || !isUnderBase(b.ReturnUrl, publicBaseUrl)) return c.json(reply(1023, 'نشانی بازگشت نادرست است'));
    const sent = parseTehranTime(b.LocalDateTime);
    if (sent === null) return c.json(reply(1024, 'زمان ارسال درخواست نادرست است'));
    if (Math.abs(sent - clock.now()) > MAX_SKEW_MS) return c.json(reply(1018, 'زمان سرور با بانک همخوان نیست'));
    if (typeof b.SignData !== 'string' || sadadOpen(b.SignData, creds.key) !== paymentRequestSignText(creds.terminalId, orderId, b.Amount)) {
      return c.json(reply(1025, 'امضای درخواست نادرست است'));
    }
    if (orderIds.has(orderId)) return c.json(reply(1011, 'شماره سفارش تکراری است'));
    orderIds.add(orderId);
    const token = `${randomBytes(12).toString('hex')}${Date.now().toString(16)}`.toUpperCase();
    tokens.set(token, { orderId, amount: b.Amount, returnUrl: b.ReturnUrl, state: 'pending', paidAt: 0, retrivalRefNo: '', systemTraceNo: '' });
    return c.json(reply(0, 'عملیات با موفقیت انجام شد', { Token: token }));
  });

  app.get('/sadad/VPG/Purchase', (c) => {
    const token = c.req.query('Token') ?? '';
    const record = tokens.get(token);
    if (!record) return c.html(errorPage('توکن نامعتبر است. / Unknown token (test payment).'), 404);
    if (record.state !== 'pending') return c.html(errorPage('این پرداخت آزمایشی قبلاً انجام شده است. / This test payment is already finished.'), 409);
    return c.html(testPaymentPage({ gateway: 'Sadad', amountRials: record.amount, reference: token, payAction: 'Purchase/pay', cancelAction: 'Purchase/cancel', hidden: { Token: token } }));
  });

  for (const choice of ['pay', 'cancel'] as const) {
    app.post(`/sadad/VPG/Purchase/${choice}`, async (c) => {
      const form = await c.req.parseBody();
      const token = String(form.Token ?? '');
      const record = tokens.get(token);
      if (!record) return c.html(errorPage('توکن نامعتبر است. / Unknown token (test payment).'), 404);
      if (record.state === 'pending') {
        record.state = choice === 'pay' ? 'paid' : 'failed';
        if (record.state === 'paid') {
          record.paidAt = clock.now();
          record.systemTraceNo = String(trace++);
          record.retrivalRefNo = `${String(clock.now()).slice(-6)}${record.systemTraceNo}`;
        }
      }
      return c.html(autoPostPage(record.returnUrl, { OrderId: record.orderId, token, ResCode: record.state === 'paid' ? '0' : '-1' }));
    });
  }

  app.post(`${api}/Advice/Verify`, async (c) => {
    const b = await c.req.json().catch(() => null) as Record<string, any> | null;
    const token = typeof b?.Token === 'string' ? b.Token : '';
    const record = tokens.get(token);
    if (!record || typeof b?.SignData !== 'string' || sadadOpen(b.SignData, creds.key) !== token) {
      return c.json(reply(-1, 'تراکنش یافت نشد یا پارامترها نادرست است'));
    }
    if (record.state !== 'paid') return c.json(reply(-1, 'تراکنش پرداخت نشده است'));
    if (clock.now() - record.paidAt > clock.verifyWindowMs) return c.json(reply(101, 'مهلت تأیید تراکنش گذشته است'));
    return c.json(reply(0, 'تراکنش با موفقیت انجام شد', {
      Amount: record.amount, OrderId: Number(record.orderId), RetrivalRefNo: record.retrivalRefNo, SystemTraceNo: record.systemTraceNo,
    }));
  });
}
