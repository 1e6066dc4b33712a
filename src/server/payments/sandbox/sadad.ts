import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { isUnderBase } from '../../../lib/public-url';
import type { SadadSettings } from '../settings';
import { paymentRequestSignText, sadadOpen } from '../sadad-sign';
import { autoPostPage, errorPage, testPaymentPage } from './page';
import type { SandboxSession, SandboxSessions } from './sessions';
import type { SandboxClock } from './index';

/**
 * Sadad's VPG v0 on the same paths: PaymentRequest checks merchant, terminal, LocalDateTime and the
 * 3DES SignData with the configured key; Purchase shows the test page; the browser returns with a form
 * POST of OrderId, token and ResCode; Advice/Verify checks the token's SignData and answers 0 with
 * RetrivalRefNo and SystemTraceNo, -1 for unknown or unpaid tokens, 101 once the verify window passed.
 * Tokens and the OrderIds seen live in the database (sessions.ts), shared by every instance.
 */
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

/** A paid session's trace and retrieval numbers: unique per database, from its row id and payment time. */
function references(session: SandboxSession): { systemTraceNo: string; retrivalRefNo: string } {
  const systemTraceNo = String(100_000 + session.id);
  return { systemTraceNo, retrivalRefNo: `${String(session.paidAt ?? 0).slice(-6)}${systemTraceNo}` };
}

export function mountSadadSandbox(
  app: Hono,
  sessions: SandboxSessions,
  creds: SadadSettings,
  clock: SandboxClock,
  publicBaseUrl: string,
): void {
  const api = '/sadad/VPG/api/v0';

  app.post(`${api}/Request/PaymentRequest`, async (c) => {
    const b = (await c.req.json().catch(() => null)) as Record<string, any> | null;
    if (!b || typeof b !== 'object') return c.json(reply(1000, 'پارامترهای ارسالی نادرست است'));
    if (String(b.MerchantId) !== creds.merchantId) return c.json(reply(1027, 'شماره پذیرنده نادرست است'));
    if (String(b.TerminalId) !== creds.terminalId) return c.json(reply(1028, 'شماره پایانه نادرست است'));
    if (!Number.isInteger(b.Amount) || b.Amount <= 0) return c.json(reply(1101, 'مبلغ نادرست است'));
    const orderId = String(b.OrderId ?? '');
    if (!/^\d{1,18}$/.test(orderId)) return c.json(reply(1026, 'شماره سفارش نادرست است'));
    // Unlike the bank, only the shop's own address (PUBLIC_BASE_URL): the sandbox never sends a browser elsewhere.
    if (typeof b.ReturnUrl !== 'string' || !/^https?:\/\//.test(b.ReturnUrl) || !isUnderBase(b.ReturnUrl, publicBaseUrl))
      return c.json(reply(1023, 'نشانی بازگشت نادرست است'));
    const sent = parseTehranTime(b.LocalDateTime);
    if (sent === null) return c.json(reply(1024, 'زمان ارسال درخواست نادرست است'));
    if (Math.abs(sent - clock.now()) > MAX_SKEW_MS) return c.json(reply(1018, 'زمان سرور با بانک همخوان نیست'));
    if (
      typeof b.SignData !== 'string' ||
      sadadOpen(b.SignData, creds.key) !== paymentRequestSignText(creds.terminalId, orderId, b.Amount)
    ) {
      return c.json(reply(1025, 'امضای درخواست نادرست است'));
    }
    const token = `${randomBytes(12).toString('hex')}${Date.now().toString(16)}`.toUpperCase();
    // The OrderId's unique index answers "seen before" for every instance at once.
    const opened = await sessions.open('sadad', {
      reference: token,
      orderId,
      merchantId: creds.merchantId,
      amount: b.Amount,
      returnUrl: b.ReturnUrl,
    });
    if (!opened) return c.json(reply(1011, 'شماره سفارش تکراری است'));
    return c.json(reply(0, 'عملیات با موفقیت انجام شد', { Token: token }));
  });

  app.get('/sadad/VPG/Purchase', async (c) => {
    const token = c.req.query('Token') ?? '';
    const record = await sessions.find('sadad', token);
    if (!record) return c.html(errorPage('توکن نامعتبر است. / Unknown token (test payment).'), 404);
    if (record.state !== 'pending')
      return c.html(errorPage('این پرداخت آزمایشی قبلاً انجام شده است. / This test payment is already finished.'), 409);
    return c.html(
      testPaymentPage({
        gateway: 'Sadad',
        amountRials: record.amount,
        reference: token,
        payAction: 'Purchase/pay',
        cancelAction: 'Purchase/cancel',
        hidden: { Token: token },
      }),
    );
  });

  for (const choice of ['pay', 'cancel'] as const) {
    app.post(`/sadad/VPG/Purchase/${choice}`, async (c) => {
      const form = await c.req.parseBody();
      const token = String(form.Token ?? '');
      const record = await sessions.settle('sadad', token, choice === 'pay', clock.now());
      if (!record) return c.html(errorPage('توکن نامعتبر است. / Unknown token (test payment).'), 404);
      return c.html(
        autoPostPage(record.returnUrl, { OrderId: record.orderId ?? '', token, ResCode: record.state === 'paid' ? '0' : '-1' }),
      );
    });
  }

  app.post(`${api}/Advice/Verify`, async (c) => {
    const b = (await c.req.json().catch(() => null)) as Record<string, any> | null;
    const token = typeof b?.Token === 'string' ? b.Token : '';
    const record = token ? await sessions.find('sadad', token) : null;
    if (!record || typeof b?.SignData !== 'string' || sadadOpen(b.SignData, creds.key) !== token) {
      return c.json(reply(-1, 'تراکنش یافت نشد یا پارامترها نادرست است'));
    }
    if (record.state !== 'paid') return c.json(reply(-1, 'تراکنش پرداخت نشده است'));
    if (clock.now() - (record.paidAt ?? 0) > clock.verifyWindowMs) return c.json(reply(101, 'مهلت تأیید تراکنش گذشته است'));
    const { retrivalRefNo, systemTraceNo } = references(record);
    return c.json(
      reply(0, 'تراکنش با موفقیت انجام شد', {
        Amount: record.amount,
        OrderId: Number(record.orderId),
        RetrivalRefNo: retrivalRefNo,
        SystemTraceNo: systemTraceNo,
      }),
    );
  });
}
